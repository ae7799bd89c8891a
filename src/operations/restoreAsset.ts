import type { Asset, StudioClient } from '../api';

export interface RestoreAnswer {
  /** The asset as the service shows it now: `ready`, whatever it holds. */
  asset: Asset;
  /** It may hold nothing to play: it shows as ready, but was not when deleted (or was never processed). */
  empty: boolean;
  /** Seconds of video it holds, when it is not empty and the service says. */
  seconds?: number;
  /** What says it may be empty: its phase when it was deleted (when known), else its task's phase (`none` without one). */
  why?: { was: string } | { task: string };
  /** The same in plain English (for logs and the assistant tools). */
  words: string;
}

/**
 * Brings a deleted asset back. The service marks it `ready` even when it never held a video, so the
 * answer says what it holds: from the asset as it was when deleted (`before`, when the caller knew
 * it), else from its task (completed or not) and its duration.
 */
export async function restoreAsset(client: Pick<StudioClient, 'assets' | 'tasks'>, assetId: string, before?: Asset): Promise<RestoreAnswer> {
  await client.assets.restore(assetId);
  const [asset, task] = await Promise.all([client.assets.get(assetId), before ? undefined : client.tasks.ofAsset(assetId).catch(() => undefined)]);
  const seconds = before?.videoSpec?.duration ?? asset.videoSpec?.duration;
  const held = before ? before.status?.phase === 'ready' : task?.status?.phase === 'completed' && !!seconds;
  if (held) {
    const words = seconds ? `restored: ${Math.round(seconds)} s of video, ready to play` : 'restored, ready to play';
    return { asset, empty: false, ...(seconds ? { seconds } : {}), words };
  }
  const why = before ? { was: before.status?.phase ?? 'unknown' } : { task: task ? (task.status?.phase ?? 'unknown') : 'none' };
  const reason = 'was' in why ? `it was ${why.was} when it was deleted` : why.task === 'none' ? 'it has no task' : `its task is ${why.task}`;
  return { asset, empty: true, why, words: `restored, and the service calls it ready, but ${reason}: it may hold nothing to play; upload the file again if playback fails` };
}
