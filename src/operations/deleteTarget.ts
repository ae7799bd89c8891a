import type { Stream, StudioClient } from '../api';

/** The streams (of the key's project) that push to a target. */
export async function streamsUsingTarget(client: Pick<StudioClient, 'streams'>, targetId: string, signal?: AbortSignal): Promise<Stream[]> {
  const streams = await client.streams.list({ streamsOnly: true }, signal);
  return streams.filter((stream) => stream.multistream?.targets?.some((target) => target.id === targetId));
}

export interface DeletedTarget {
  /** Names (or ids) of the streams it was detached from first. */
  detachedFrom: string[];
}

/**
 * Deletes a multistream target without leaving a stream broken: the service deletes a target that
 * streams still use and leaves them a reference it then refuses at their next multistream change
 * (400 `multistream target not found`), so the target is detached from each stream that uses it
 * first. Targets are the user's, streams the project's: streams of the user's other projects are
 * not visible to this key, and keep their reference (say so before asking).
 * A detach that fails stops before the delete, so nothing is left half-done.
 */
export async function deleteTarget(client: Pick<StudioClient, 'streams' | 'multistream'>, targetId: string, signal?: AbortSignal): Promise<DeletedTarget> {
  const users = await streamsUsingTarget(client, targetId, signal);
  for (const stream of users) await client.streams.removeTarget(stream.id, targetId, signal);
  await client.multistream.delete(targetId, signal);
  return { detachedFrom: users.map((stream) => stream.name || stream.id) };
}
