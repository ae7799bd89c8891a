import { isTaskActive, type Asset, type StudioClient, type Task } from '../api';

export interface RetryAnswer {
  /** The task run again, as read after the retry (`waiting` at first); undefined when the service has none for the asset. */
  task: Task | undefined;
  /** The asset the task makes, if any. */
  assetId: string | undefined;
}

/**
 * Runs a failed asset's processing again. The service answers 204 with nothing and resets the
 * asset's task to `waiting`; the asset itself stays `failed` until the task runner picks the task up.
 */
export async function retryAsset(client: Pick<StudioClient, 'assets' | 'tasks'>, assetId: string): Promise<RetryAnswer> {
  await client.assets.retry(assetId);
  return { task: await client.tasks.ofAsset(assetId).catch(() => undefined), assetId };
}

/** Runs a failed or cancelled task again: the service answers `{id}` and puts it back to `waiting` (retries 0). */
export async function retryTask(client: Pick<StudioClient, 'tasks'>, taskId: string): Promise<RetryAnswer> {
  await client.tasks.retry(taskId);
  const task = await client.tasks.get(taskId);
  return { task, assetId: task.outputAssetId };
}

/**
 * The asset of a retried task once its new run has started (the asset left `failed`) or already
 * ended, reading task and asset with a growing delay (about a minute at most); undefined when the
 * service has not picked the task up by then, or `signal` aborted.
 */
export async function untilRetryStarts(client: Pick<StudioClient, 'assets' | 'tasks'>, taskId: string, assetId: string, signal?: AbortSignal): Promise<Asset | undefined> {
  for (let wait = 250; wait <= 32_000 && !signal?.aborted; wait *= 2) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const [task, asset] = await Promise.all([client.tasks.get(taskId, signal), client.assets.get(assetId, signal)]);
    // Right after the retry the task waits and the asset is still `failed`: neither says how the new run went.
    if (asset.status?.phase !== 'failed' || !isTaskActive(task)) return asset;
  }
  return undefined;
}
