import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownedBy, type Caller, type Owner } from './accounts';
import { probe } from './assetPipeline';
import { sendEmpty, sendErrors } from './http';
import type { Scheduler } from './scheduler';
import type { EmulatorAsset } from './records';
import type { Store } from './store';
import type { EmulatorTask } from './tasks';

/**
 * Runs an asset's processing again after a retry: the asset stays `failed` until the task runner
 * picks the task up (one step later), then waits and is processed as after an upload.
 */
export function reprocess(store: Store, scheduler: Scheduler, asset: EmulatorAsset, stepMs: number): void {
  scheduler.after(stepMs, () => {
    if (store.assets.get(asset.id) !== asset) return;
    asset.status = { phase: 'waiting', updatedAt: Date.now() };
    store.process(asset.id, stepMs);
  });
}

/**
 * A task that makes `asset` (a clip, a transcode…): created `waiting` (retries 0) and run with the
 * asset's processing (running with progress → completed, or failed), again on a retry. For routes
 * that create assets by a task, e.g. POST /clip.
 */
export function startAssetTask(
  store: Store,
  scheduler: Scheduler,
  fields: { type: EmulatorTask['type']; asset: EmulatorAsset; params: Record<string, unknown>; owner: Owner; inputAssetId?: string; requesterId?: string; stepMs: number },
): EmulatorTask {
  const { asset, stepMs } = fields;
  const task = store.tasks.create({
    type: fields.type,
    phase: 'waiting',
    userId: fields.owner.userId,
    projectId: fields.owner.projectId,
    params: fields.params,
    outputAssetId: asset.id,
    ...(fields.inputAssetId ? { inputAssetId: fields.inputAssetId } : {}),
    ...(fields.requesterId ? { requesterId: fields.requesterId } : {}),
    rerun: () => reprocess(store, scheduler, asset, stepMs),
  });
  store.process(asset.id, stepMs);
  return task;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => void;

/** POST /asset/{id}/retry and POST /asset/{id}/restore, with the service's answers. */
export function assetRecoveryHandlers(store: Store): Record<'retry' | 'restore', Handler> {
  return {
    retry(req, res, _url, [id]) {
      req.resume();
      const asset = store.assets.get(id ?? '');
      // The service dereferences the missing asset: a 500, not a 404.
      if (!asset) sendErrors(res, 500, 'Internal server error: TypeError');
      else if (asset.status.phase !== 'failed') sendErrors(res, 400, 'Asset is not failed');
      else {
        const task = store.tasks.ofAsset(asset.id);
        if (task) store.tasks.retry(task);
        sendEmpty(res, 204);
      }
    },
    restore(req, res, _url, [id], caller) {
      req.resume();
      const deleted = store.deletedAssets.get(id ?? '');
      if (store.assets.has(id ?? '')) sendErrors(res, 400, 'asset is not deleted');
      else if (!deleted || !ownedBy(deleted, caller)) sendErrors(res, 404, 'not found');
      else {
        // It comes back ready whatever it was, even never uploaded.
        store.deletedAssets.delete(deleted.id);
        store.deletedAssetIds.delete(deleted.id);
        store.assets.set(deleted.id, deleted);
        if (!deleted.videoSpec) probe(deleted);
        deleted.status = { phase: 'ready', updatedAt: Date.now() };
        sendEmpty(res, 204);
      }
    },
  };
}
