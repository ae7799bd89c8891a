import type { ClientSource } from '../unfinishedAsset';
import { messageOf } from '../../api/core/errors';
import type { Asset } from '../../api/assets/types';
import { terminateTusUpload } from '../tus/abandon';
import type { FinishedUpload } from '../store/finished';
import type { Logger } from '../logger';
import type { UploadProgress } from '../progress';
import type { Upload, UploadOutcome } from './queuedUpload';
import type { StoredUploads } from '../store/stored';
import type { Leftover } from '../unfinishedAsset';
import { byteSize, transferSummary } from '../transferText';
import { resumeUpload, uploadVideo, type UploadRequester } from '../uploadVideo';
import type { KeyValueStore } from '../store/keyValueStore';

export interface RunDeps {
  session: ClientSource;
  storage: KeyValueStore;
  stored: StoredUploads;
  log: Logger;
  chunkSizeMiB: number;
  retryDelaysMs?: readonly number[];
  onProgress: (progress: UploadProgress) => void;
  /** request-upload created the asset of a new upload (before any byte is sent). */
  onAssetCreated(asset: Asset): void;
}

/** Runs one upload through the engine; resolves with how it ended (a stop by the user included), never rejects. */
export async function runUpload(upload: Upload, deps: RunDeps): Promise<UploadOutcome> {
  const { storage, retryDelaysMs, chunkSizeMiB, onProgress } = deps;
  const signal = upload.controller.signal;
  const entry = upload.resumedEntry;
  const tus = upload.method === 'tus' ? `, ${chunkSizeMiB} MiB chunks` : '';
  if (entry) logUpload(deps.log, upload, `resuming at ${byteSize(entry.bytesDone)} of ${byteSize(entry.fileSize)}: ${entry.filePath}`);
  else logUpload(deps.log, upload, `started: ${upload.filePath} (${byteSize(upload.file.size)}, ${upload.method}${tus})`);
  try {
    const result = entry
      ? await resumeUpload({ client: deps.session.client(upload.account), entry, storage, chunkSizeMiB, signal, onProgress, retryDelaysMs })
      : await uploadVideo({ client: requester(upload, deps), filePath: upload.filePath, name: upload.name, method: upload.method, chunkSizeMiB, storage, signal, onProgress, retryDelaysMs, account: upload.account });
    return { status: 'done', result };
  } catch (error) {
    return failed(upload, error, deps);
  }
}

/** The API client as the engine sees it, announcing the asset request-upload creates. */
function requester(upload: Upload, deps: RunDeps): UploadRequester {
  const client = deps.session.client(upload.account);
  return {
    assets: {
      // Not aborted by a cancel: only the answer names the asset it created, to offer it for deletion (the engine stops next).
      requestUpload: async (name) => {
        const ticket = await client.assets.requestUpload(name);
        upload.assetId = ticket.asset.id;
        deps.onAssetCreated(ticket.asset);
        return ticket;
      },
      get: (id, signal) => client.assets.get(id, signal),
    },
  };
}

/** Reads a failed run: a stop the user asked for (cancel, pause, closing window) or a failure. */
/** The asset a stopped upload leaves, with the profile whose account it is in. */
function leftover(assetId: string | undefined, upload: Upload): Leftover | undefined {
  return assetId ? { assetId, name: upload.name, ...(upload.account ? { account: upload.account } : {}) } : undefined;
}

async function failed(upload: Upload, error: unknown, { stored, log }: RunDeps): Promise<UploadOutcome> {
  const mine = await stored.of(upload);
  const assetId = upload.assetId ?? mine[0]?.assetId;
  if (upload.stopReason === 'cancel') {
    if (assetId) stored.close(assetId);
    for (const entry of mine) {
      await stored.discard(entry.id);
      await terminateQuietly(entry.uploadUrl, upload.name, log);
    }
    return { status: 'cancelled', leftover: leftover(assetId, upload) };
  }
  // Stopped before the tus upload existed on the server, there is nothing to resume: it was cancelled.
  const resumable = upload.method === 'tus' && mine.length > 0;
  if (upload.stopReason) {
    if (!resumable) return { status: 'cancelled', leftover: leftover(assetId, upload) };
    if (upload.stopReason === 'pause') await stored.markPaused(mine[0].id);
    return { status: 'paused' };
  }
  return { status: 'failed', error, resumable };
}

/** Logs how a run ended; returns the row it leaves in the finished list (none for a paused or resumable one). */
export function finishedRecord(upload: Upload, outcome: UploadOutcome, log: Logger): FinishedUpload | undefined {
  const base = { id: upload.id, name: upload.name, filePath: upload.filePath, method: upload.request.method, finishedAt: Date.now(), ...(upload.account ? { account: upload.account } : {}) };
  if (outcome.status === 'done') {
    const { result } = outcome;
    const resumed = result.resumed ? ', resumed' : '';
    logUpload(log, upload, `finished: asset ${result.assetId}, ${byteSize(result.bytes)}${resumed}; ${transferSummary(result.bytesTransferred, result.transferMs)}`);
    return {
      ...base,
      assetId: result.assetId,
      playbackId: result.playbackId,
      result: { method: result.method, bytes: result.bytes, bytesTransferred: result.bytesTransferred, resumed: result.resumed, transferMs: result.transferMs },
    };
  }
  if (outcome.status === 'failed') {
    log.error(`Upload of “${upload.name}” failed: ${messageOf(outcome.error)}${outcome.resumable ? ' (kept, can be resumed)' : ''}`);
    // A resumable one is listed as interrupted (from storage) instead.
    return outcome.resumable ? undefined : { ...base, assetId: upload.assetId, error: messageOf(outcome.error) };
  }
  logUpload(log, upload, outcome.status === 'paused' ? 'paused (kept, can be resumed)' : 'cancelled');
  return outcome.status === 'cancelled' && outcome.leftover ? { ...base, assetId: outcome.leftover.assetId, cancelled: true } : undefined;
}

/** Ends the tus upload on the server; a failure only costs server space until it expires, so it is logged. */
export async function terminateQuietly(uploadUrl: string | null | undefined, name: string, log: Logger): Promise<void> {
  if (!uploadUrl) return;
  await terminateTusUpload(uploadUrl).catch((error: unknown) => log.warn(`Upload of “${name}”: ${messageOf(error)}`));
}

function logUpload(log: Logger, upload: Upload, what: string): void {
  log.info(`Upload of “${upload.name}” ${what}`);
}
