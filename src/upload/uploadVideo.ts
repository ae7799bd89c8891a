import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../api/core/errors';
import type { AssetApi } from '../api/assets/client';
import type { UploadRequest } from '../api/assets/types';
import { confirmArrival } from './arrival';
import { directUpload } from './direct/transfer';
import { inspectFile, type FileIdentity } from './fileSource';
import type { InterruptedUploadSummary } from './store/interrupted';
import { InMemoryStore, type KeyValueStore } from './store/keyValueStore';
import { mediaTypeOf } from './mediaTypes';
import { ProgressMeter, type ProgressListener } from './progress';
import { runTus } from './tus/transfer';
import { TusUrlStorage, fingerprintOf } from './tus/urlStorage';
import { cancelledError } from './uploadErrors';
import { UploadRegistry } from './store/registry';

const MiB = 1024 * 1024;

/**
 * Default tus chunk: the body of one PATCH. Measured with `npm run bench` (emulator = @tus/server
 * + FileStore, loopback): every PATCH costs the server a fixed 10-30 ms (lock, upload record,
 * file open/close) during which no client sends, so small chunks lose throughput for any client
 * (curl sending 32 MiB pieces is as slow as we are at 32 MiB: about 0.7-0.85 of one whole-file
 * PATCH; 8 MiB about 0.5). One PATCH for the whole file is fastest, but real deployments cap
 * request bodies at proxies (Cloudflare: 100 MB), and a server that keeps only whole parts (the
 * real service stores 8 MiB parts) loses the unfinished part of a failed request; a server that
 * commits per request loses the whole request. 64 MiB is the largest power of two under the common
 * 100 MB cap, a multiple of the 8 MiB parts (so chunk ends never leave a half-filled part), bounds
 * what a resume re-sends to one chunk, and amortizes the per-request cost to within the target of
 * a whole-file PATCH.
 */
export const DEFAULT_CHUNK_SIZE_MIB = 64;

/**
 * `auto` uses tus from this size up (or for a file with an interrupted tus upload). Below it a
 * failed direct upload is cheap to redo (32 MiB is under half a minute on a 10 Mbit/s uplink),
 * the direct PUT is a single request (no creation round trip, no per-PATCH server cost), and no
 * entry needs storing; above it, losing the progress of a failure costs more than tus's overhead.
 */
export const AUTO_TUS_THRESHOLD_BYTES = 32 * MiB;

export type UploadMethodChoice = 'auto' | 'direct' | 'tus';

/**
 * Only what the upload needs from StudioClient (the calls that carry the API token): Step 1, and
 * reading the asset back to confirm the service received the whole file.
 */
export interface UploadRequester {
  assets: Pick<AssetApi, 'requestUpload' | 'get'>;
}

/**
 * A direct upload address carries a pre-signed object-storage address that expires after 12 hours
 * (see the facts file). An address is reused only while younger than this: an hour short of the
 * expiry, so a slow start or a skewed clock cannot cross it.
 */
const DIRECT_ADDRESS_REUSE_LIMIT_MS = 11 * 60 * 60 * 1000;

/** An answer of request-upload and when it was asked for (Unix ms). */
export interface IssuedUpload {
  request: UploadRequest;
  requestedAt: number;
}

export interface UploadVideoOptions {
  client: UploadRequester;
  filePath: string;
  /** Asset name. */
  name: string;
  method?: UploadMethodChoice;
  /**
   * tus chunk size in MiB (one PATCH each), rounded down to a whole multiple of TUS_PART_MIB (at
   * least one); Infinity sends the file in one PATCH.
   */
  chunkSizeMiB?: number;
  /** Where interrupted tus uploads are remembered (VS Code: globalState). In memory when absent. */
  storage?: KeyValueStore;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** Waits between tus retry attempts (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Waits before each check that the asset left `uploading` (tests shorten them). */
  arrivalCheckDelaysMs?: readonly number[];
  /**
   * A direct retry: the addresses an earlier attempt at this file was given (see onUploadRequested),
   * reused (same asset) while younger than DIRECT_ADDRESS_REUSE_LIMIT_MS, else replaced by a new
   * request-upload.
   */
  reuseUpload?: IssuedUpload;
  /** Called with every request-upload answer, so a failed direct upload can be retried on its asset. */
  onUploadRequested?: (issued: IssuedUpload) => void;
  /** Clock for the age of upload addresses (Unix ms); tests move it. */
  now?: () => number;
  /** Whose account the upload is for (see InterruptedUpload.account). */
  account?: string;
}

export interface UploadResult {
  assetId: string;
  playbackId?: string;
  taskId?: string;
  assetName: string;
  method: 'direct' | 'tus';
  /** File size. */
  bytes: number;
  /** Request-body bytes sent by this run (retries included; less than `bytes` when resumed). */
  bytesTransferred: number;
  /** True when an earlier interrupted tus upload of the same file was continued. */
  resumed: boolean;
  /** The whole call: file check, request-upload (unless resumed), the transfer and the arrival check. */
  durationMs: number;
  /** The transfer alone: the PUT, or the tus requests from creation/HEAD to the last PATCH (not the arrival check). */
  transferMs: number;
  /** bytesTransferred over transferMs. */
  bytesPerSecond: number;
}

export interface ResumeUploadOptions {
  /** An entry from listInterruptedUploads (only its id is used; the stored entry is read fresh). */
  entry: Pick<InterruptedUploadSummary, 'id'>;
  storage: KeyValueStore;
  chunkSizeMiB?: number;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  retryDelaysMs?: readonly number[];
  /** Confirms the upload arrived (GET /asset/{id}) once the last byte is sent. */
  client: { assets: Pick<AssetApi, 'get'> };
  arrivalCheckDelaysMs?: readonly number[];
}

/**
 * The real service stores tus bytes as 8 MiB multipart parts, and its store (@tus/s3-store 1.0.0)
 * corrupts or stalls an upload whose PATCH ends inside a part (see the facts file). Chunks are
 * therefore whole multiples of this; only the last PATCH of a file may be shorter.
 */
export const TUS_PART_MIB = 8;

/**
 * The chunk size in bytes for a requested size in MiB: rounded down to a whole multiple of
 * TUS_PART_MIB, at least one part, whatever the setting or caller asks for. Infinity (one PATCH for
 * the whole file) stays: a file's last PATCH may end anywhere.
 */
export function chunkBytes(chunkSizeMiB: number | undefined): number {
  const mib = chunkSizeMiB ?? DEFAULT_CHUNK_SIZE_MIB;
  if (mib === Number.POSITIVE_INFINITY) return mib;
  if (typeof mib !== 'number' || !Number.isFinite(mib) || mib <= 0) {
    throw StudioApiError.config(l10n.t('chunk size must be a positive number of MiB, not {0}', String(chunkSizeMiB)));
  }
  return Math.max(1, Math.floor(mib / TUS_PART_MIB)) * TUS_PART_MIB * MiB;
}

/**
 * The method `method` stands for with a file of `size` bytes: `auto` decides by
 * AUTO_TUS_THRESHOLD_BYTES, except that a file with an interrupted tus upload in storage
 * (`hasInterrupted`) continues it with tus.
 */
export function chooseMethod(method: UploadMethodChoice | undefined, size: number, hasInterrupted = false): 'direct' | 'tus' {
  const choice = method ?? 'auto';
  if (choice === 'direct' || choice === 'tus') return choice;
  if (choice !== 'auto') throw StudioApiError.config(l10n.t('upload method must be auto, direct or tus, not {0}', String(method)));
  // An interrupted tus upload of this very file is continued rather than started over directly.
  return hasInterrupted || size >= AUTO_TUS_THRESHOLD_BYTES ? 'tus' : 'direct';
}

/**
 * Uploads a local video file as a new asset: checks the file, asks the API for upload addresses,
 * sends the bytes to the pre-signed address (never with the API token), directly or resumably, and
 * confirms with the API that the asset left `uploading`. A tus upload of a file that was interrupted before (same path, size and mtime, found
 * in `storage`) is continued on its original asset instead of creating a new one.
 */
export async function uploadVideo(options: UploadVideoOptions): Promise<UploadResult> {
  const started = performance.now();
  const name = typeof options.name === 'string' ? options.name.trim() : '';
  if (!name) throw StudioApiError.config(l10n.t('asset name is empty: give the asset a name'));
  const chunkSize = chunkBytes(options.chunkSizeMiB);
  const file = await inspectFile(options.filePath);
  const registry = new UploadRegistry(options.storage ?? new InMemoryStore());
  const method = chooseMethod(options.method, file.size, registry.byFingerprint(fingerprintOf(file)).length > 0);
  const contentType = mediaTypeOf(file.path);
  const meter = new ProgressMeter(file.size, options.onProgress);
  const { signal } = options;
  if (signal?.aborted) throw cancelledError(method);
  const now = options.now ?? Date.now;
  const requestUpload = async () => {
    const requestedAt = now();
    const request = await options.client.assets.requestUpload(name, signal);
    options.onUploadRequested?.({ request, requestedAt });
    return request;
  };
  const confirm = (assetId: string) => confirmArrival({ client: options.client, assetId, delaysMs: options.arrivalCheckDelaysMs, signal });

  if (method === 'direct') {
    const reuse = options.reuseUpload;
    const ticket = reuse && now() - reuse.requestedAt < DIRECT_ADDRESS_REUSE_LIMIT_MS ? reuse.request : await requestUpload();
    const transferStart = performance.now();
    await directUpload({ url: ticket.url, file, contentType, meter, signal, assetId: ticket.asset.id });
    const transferMs = performance.now() - transferStart;
    await confirm(ticket.asset.id);
    return result(started, file, 'direct', {
      transferMs,
      assetId: ticket.asset.id,
      playbackId: ticket.asset.playbackId,
      taskId: ticket.task?.id,
      assetName: ticket.asset.name ?? name,
      bytesTransferred: file.size,
      resumed: false,
    });
  }

  const urlStorage = new TusUrlStorage(registry);
  const run = await runTus({ file, contentType, chunkSizeBytes: chunkSize, urlStorage, meter, signal, retryDelaysMs: options.retryDelaysMs, requestUpload, assetName: name, account: options.account });
  await confirm(run.assetId);
  return result(started, file, 'tus', run);
}

/**
 * Continues a stored interrupted upload on its original asset (no new request-upload), then
 * confirms it arrived. Refuses, keeping the entry, if the file is gone or no longer the same (size
 * or mtime changed).
 */
export async function resumeUpload(options: ResumeUploadOptions): Promise<UploadResult> {
  const started = performance.now();
  const registry = new UploadRegistry(options.storage);
  const entry = registry.get(options.entry?.id);
  if (!entry) throw StudioApiError.config(l10n.t('this interrupted upload is no longer stored (it finished or was discarded)'));
  const chunkSize = chunkBytes(options.chunkSizeMiB);
  let file: FileIdentity;
  try {
    file = await inspectFile(entry.filePath);
  } catch (err) {
    const why = err instanceof StudioApiError ? err.message : String(err);
    throw StudioApiError.config(l10n.t('cannot resume the upload of "{0}": {1}; discard it and start a new upload', entry.assetName, why));
  }
  if (file.size !== entry.fileSize || file.mtimeMs !== entry.fileMtimeMs || fingerprintOf(file) !== entry.fingerprint) {
    throw StudioApiError.config(
      file.size !== entry.fileSize
        ? l10n.t('cannot resume the upload of "{0}": {1} changed since the upload started (its size changed from {2} to {3} bytes); discard it and start a new upload', entry.assetName, file.path, entry.fileSize, file.size)
        : l10n.t('cannot resume the upload of "{0}": {1} changed since the upload started (it was modified); discard it and start a new upload', entry.assetName, file.path),
    );
  }
  const meter = new ProgressMeter(file.size, options.onProgress, entry.bytesDone);
  const urlStorage = new TusUrlStorage(registry);
  const run = await runTus({
    file,
    contentType: entry.contentType,
    chunkSizeBytes: chunkSize,
    urlStorage,
    meter,
    signal: options.signal,
    retryDelaysMs: options.retryDelaysMs,
    entry,
    requestUpload: () => Promise.reject(new Error('resume must not request a new upload')),
    assetName: entry.assetName,
  });
  await confirmArrival({ client: options.client, assetId: run.assetId, delaysMs: options.arrivalCheckDelaysMs, signal: options.signal });
  return result(started, file, 'tus', run);
}

function result(
  started: number,
  file: FileIdentity,
  method: 'direct' | 'tus',
  run: Pick<UploadResult, 'assetId' | 'playbackId' | 'taskId' | 'assetName' | 'bytesTransferred' | 'resumed' | 'transferMs'>,
): UploadResult {
  const durationMs = performance.now() - started;
  return {
    assetId: run.assetId,
    playbackId: run.playbackId,
    taskId: run.taskId,
    assetName: run.assetName,
    method,
    bytes: file.size,
    bytesTransferred: run.bytesTransferred,
    resumed: run.resumed,
    durationMs,
    transferMs: run.transferMs,
    bytesPerSecond: run.transferMs > 0 ? (run.bytesTransferred * 1000) / run.transferMs : 0,
  };
}
