import { basename } from 'node:path';
import type { UploadQueue } from '../upload';
import type { LocalUploadTrace } from './whyNotReady';

/** What this machine's upload of the asset left: running or queued, paused or interrupted (resumable), cancelled or finished. */
export async function localTraceOf(uploads: UploadQueue, assetId: string): Promise<LocalUploadTrace | undefined> {
  const active = [...uploads.runningUploads, ...uploads.queuedUploads, ...uploads.heldUploads].find((upload) => upload.assetId === assetId);
  if (active) return { state: 'uploading', fileName: basename(active.filePath), bytesDone: active.progress.bytesSent, totalBytes: active.progress.totalBytes };
  const stored = (await uploads.interrupted()).find((entry) => entry.assetId === assetId);
  if (stored) {
    return { state: uploads.isPaused(stored) ? 'paused' : 'interrupted', fileName: basename(stored.filePath), bytesDone: stored.bytesDone, totalBytes: stored.totalBytes };
  }
  const finished = uploads.finishedUploads.find((record) => record.assetId === assetId);
  if (!finished) return undefined;
  return { state: finished.cancelled ? 'cancelled' : finished.result ? 'finished' : 'interrupted', fileName: basename(finished.filePath) };
}
