import { targetHost, targetUrlProblem, type MultistreamTarget, type Stream, type StudioClient } from '../api';
import { Refused } from './refusal';

/** The renditions a target can push: the stream's profiles, or `source` (what the broadcaster sends). */
export function targetProfiles(stream: Pick<Stream, 'profiles'>): string[] {
  return [...(stream.profiles ?? []).map((profile) => profile.name), 'source'];
}

export interface AddStreamTargetInput {
  streamId: string;
  /** An existing target of the user… */
  targetId?: string;
  /** …or a new one: its URL (a secret: the platform's key) and optional name (the service defaults it to host:port). */
  url?: string;
  name?: string;
  profile: string;
  videoOnly?: boolean;
}

export interface AddedStreamTarget {
  target: MultistreamTarget | undefined;
  /** Where a new target pushes (host:port only), to show on its rows; never the URL. */
  host?: string;
}

/**
 * Adds a target to a stream: an existing one, or a new one created from its URL in the same call.
 * The rendition must be one of the stream's (checked before sending, as the service would refuse
 * it); the URL is sent once and is in nothing this returns.
 */
export async function addStreamTarget(client: Pick<StudioClient, 'streams'>, input: AddStreamTargetInput): Promise<AddedStreamTarget> {
  if (!input.targetId === !input.url) throw new Refused({ code: 'target-existing-or-url' });
  const stream = await client.streams.get(input.streamId);
  const profiles = targetProfiles(stream);
  if (!profiles.includes(input.profile)) throw new Refused({ code: 'target-no-rendition', profile: input.profile, profiles });
  const placement = { profile: input.profile, ...(input.videoOnly ? { videoOnly: true } : {}) };
  if (input.targetId) return { target: await client.streams.addTarget(input.streamId, { id: input.targetId, ...placement }) };
  const url = input.url ?? '';
  const problem = targetUrlProblem(url);
  // The URL check's words are the API client's (api/multistream/targetUrl.ts), which refuses the same URL.
  if (problem) throw new Refused({ code: 'target-url', problem });
  const name = input.name?.trim();
  const target = await client.streams.addTarget(input.streamId, { spec: { url, ...(name ? { name } : {}) }, ...placement });
  return { target, host: targetHost(url) };
}
