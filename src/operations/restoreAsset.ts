import type { StudioClient } from '../api';

export interface RestoreAnswer {
  /** What the restored asset really holds: the service marks it `ready` whatever it was. */
  words: string;
  /** It was never processed: it shows as ready but has nothing to play. */
  empty: boolean;
}

/**
 * Brings a deleted asset back. The service marks it `ready` even when it never held a video, so
 * the answer says what it holds: its task (completed or not) and its size and duration.
 */
export async function restoreAsset(client: Pick<StudioClient, 'assets' | 'tasks'>, assetId: string): Promise<RestoreAnswer> {
  await client.assets.restore(assetId);
  const [asset, task] = await Promise.all([client.assets.get(assetId), client.tasks.ofAsset(assetId).catch(() => undefined)]);
  const processed = task?.status?.phase === 'completed';
  const duration = asset.videoSpec?.duration;
  if (processed && duration) return { empty: false, words: `restored: ${Math.round(duration)} s of video, ready to play` };
  const taskWords = task ? `its task is ${task.status?.phase ?? 'unknown'}` : 'it has no task';
  return { empty: true, words: `restored, and the service calls it ready, but ${taskWords}: it may hold nothing to play; upload the file again if playback fails` };
}
