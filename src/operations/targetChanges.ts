import { targetHost, type MultistreamTarget, type StudioClient } from '../api';

type Targets = Pick<StudioClient, 'multistream'>;

/** A new target of the user; its URL (the platform's key) is sent once and is in nothing this answers but the host. */
export async function createTarget(client: Targets, input: { url: string; name?: string }): Promise<{ target: MultistreamTarget; host?: string }> {
  const target = await client.multistream.create(input);
  return { target, host: targetHost(input.url) };
}

/** One change of a target (name, URL, or on/off for every stream that uses it); a new URL's host, to show on its rows. */
export async function changeTarget(client: Targets, targetId: string, change: { name: string } | { url: string } | { disabled: boolean }): Promise<{ host?: string }> {
  await client.multistream.update(targetId, change);
  return 'url' in change ? { host: targetHost(change.url) } : {};
}

/** The stream stops pushing to the target; the target stays (the service answers 204 also when it was not on the stream). */
export async function removeTargetFromStream(client: Pick<StudioClient, 'streams'>, streamId: string, targetId: string): Promise<void> {
  await client.streams.removeTarget(streamId, targetId);
}
