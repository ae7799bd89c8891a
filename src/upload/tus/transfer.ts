import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import type { DetailedError, Upload } from 'tus-js-client';
import { StudioApiError } from '../../api/core/errors';
import { redact, urlToken } from '../../api/core/redact';
import type { UploadRequest } from '../../api/assets/types';
import { uploadAgent } from '../direct/transfer';
import { FileChangedError, FileReadError, type FileIdentity } from '../fileSource';
import type { InterruptedUpload } from '../store/interrupted';
import type { ProgressMeter } from '../progress';
import { offsetKeptAfterCut } from './serverOffset';
import { DiskFileReader } from './fileReader';
import { fingerprintOf, toPreviousUpload, type TusUrlStorage, type UploadContext } from './urlStorage';
import { UndiciHttpStack } from './httpStack';
import { cancelledError, uploadHttpError, uploadTransportError } from '../uploadErrors';

/**
 * Waits between attempts after a transient failure (no response, 5xx, 409/423/429). tus-js-client
 * starts over at the first delay whenever an attempt made progress, so these bound a streak of
 * failures without progress (about 40 s in all), not the number of failures in a long upload.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

export interface TusRunOptions {
  file: FileIdentity;
  contentType: string;
  chunkSizeBytes: number;
  urlStorage: TusUrlStorage;
  meter: ProgressMeter;
  signal?: AbortSignal;
  retryDelaysMs?: readonly number[];
  /** Resume exactly this stored entry (resumeUpload); otherwise the storage is searched by file identity. */
  entry?: InterruptedUpload;
  /** Step 1, called only when no earlier upload of this file is found; carries the API token call. */
  requestUpload: () => Promise<UploadRequest>;
  assetName: string;
  /** Whose account (see InterruptedUpload.account): recorded on a new entry; only its entries (or ones without) are continued. */
  account?: string;
}

export interface TusRunResult {
  assetId: string;
  playbackId?: string;
  taskId?: string;
  assetName: string;
  resumed: boolean;
  /** Request-body bytes this run handed to the connection, retries included. */
  bytesTransferred: number;
  /** Time from starting the tus upload (creation or HEAD) to its last response. */
  transferMs: number;
}

/**
 * Runs one tus upload with tus-js-client: our disk file reader, our undici HTTP stack, our URL
 * storage. An earlier upload of the same file (same path, size and mtime) is found through the
 * fingerprint and continued on its asset; only otherwise is a new asset requested.
 */
export async function runTus(options: TusRunOptions): Promise<TusRunResult> {
  const { file, meter, signal, urlStorage } = options;
  if (signal?.aborted) throw cancelledError('tus');
  // Loaded on first use: activating the extension need not pay for the tus client.
  const { Upload } = await import('tus-js-client');
  const agent = uploadAgent();
  // What the server confirmed it holds (its Upload-Offset answers): the only progress that is
  // stored or reported as done. Bytes sent can exceed it by a whole request the server dropped.
  let confirmed = 0;
  const stack = new UndiciHttpStack(agent, (offset) => {
    confirmed = offset;
    // The server answers again: whatever was being retried is over.
    meter.retrying(undefined);
    void urlStorage.recordProgress(offset).catch(() => undefined);
  });
  let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let lastError: unknown;

  const upload = new Upload(file as unknown as Buffer, {
    endpoint: null,
    metadata: { filename: path.basename(file.path), filetype: options.contentType },
    uploadSize: file.size,
    chunkSize: options.chunkSizeBytes,
    retryDelays: [...(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)],
    // Identity of the file only: the endpoint carries a per-asset token, and a later run must find
    // this upload before it has (or asks for) any endpoint.
    fingerprint: async () => fingerprintOf(file),
    fileReader: new DiskFileReader(),
    httpStack: stack,
    urlStorage,
    storeFingerprintForResuming: true,
    // Removed by us once success is certain, awaited, so the caller never sees a stale entry.
    removeFingerprintOnSuccess: false,
    onProgress: (bytesSent) => meter.update(bytesSent),
    onShouldRetry: (err) => {
      lastError = err;
      const retry = !signal?.aborted && isTransient(err);
      if (retry) meter.retrying(retryReason(err));
      return retry;
    },
    onSuccess: () => settle?.resolve(),
    onError: (err) => settle?.reject(err),
  });

  let context: UploadContext;
  let resumed = false;
  try {
    const previous = options.entry ? [options.entry] : (await findPrevious(upload, urlStorage)).filter((entry) => sameAccount(entry.account, options.account));
    if (signal?.aborted) throw cancelledError('tus');
    if (previous.length) {
      const entry = previous[0];
      confirmed = entry.bytesDone;
      context = contextOf(entry);
      urlStorage.setContext(context, entry.id);
      upload.resumeFromPreviousUpload(toPreviousUpload(entry));
      upload.options.endpoint = entry.tusEndpoint;
      resumed = true;
    } else {
      const ticket = await options.requestUpload();
      context = {
        filePath: file.path,
        fileSize: file.size,
        fileMtimeMs: file.mtimeMs,
        contentType: options.contentType,
        assetName: ticket.asset.name ?? options.assetName,
        assetId: ticket.asset.id,
        playbackId: ticket.asset.playbackId,
        taskId: ticket.task?.id,
        totalBytes: file.size,
        startedAt: Date.now(),
        tusEndpoint: ticket.tusEndpoint,
        ...(options.account ? { account: options.account } : {}),
      };
      urlStorage.setContext(context);
      upload.options.endpoint = ticket.tusEndpoint;
    }
  } catch (err) {
    // Nothing was started yet, so the transfer's finally below never runs: close the pool here.
    await agent.close().catch(() => undefined);
    throw err;
  }

  const onAbort = () => {
    void upload.abort(false);
    settle?.reject(cancelledError('tus', confirmed, file.size, !!urlStorage.currentId));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const transferStart = performance.now();
  if (signal?.aborted) onAbort();
  else upload.start();

  let transferMs = 0;
  try {
    await done;
    transferMs = performance.now() - transferStart;
  } catch (err) {
    const kept = !!urlStorage.currentId;
    // Stopped inside a chunk: the server may hold more than its last answer said; that is where it stands.
    if (signal?.aborted && kept && upload.url) confirmed = await offsetKeptAfterCut(upload.url, confirmed, agent);
    const error = mapError(err, upload.url ?? upload.options.endpoint ?? '', signal, { confirmed, total: file.size, kept }, lastError, upload.options.endpoint ?? undefined);
    if (error instanceof FileChangedError && urlStorage.currentId) {
      // The file changed: this upload can never be completed from it, so do not offer to resume it.
      await urlStorage.removeUpload(urlStorage.currentId).catch(() => undefined);
      throw error;
    }
    await urlStorage.recordProgress(confirmed, true).catch(() => undefined);
    if (error instanceof FileReadError) {
      // Nothing says the file changed: keep the entry, so the upload continues once it can be read.
      throw new StudioApiError('config', kept ? l10n.t('{0}: the upload is kept; fix this and resume it', error.message) : l10n.t('{0}: fix this and upload again', error.message), {}, { cause: error });
    }
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await agent.close().catch(() => undefined);
  }
  meter.update(file.size, true);
  // The upload is complete whatever happens to its entry: one that cannot be removed now (its
  // storage is locked or unwritable) is not a failed upload, and resuming it later just completes.
  if (urlStorage.currentId) await urlStorage.removeUpload(urlStorage.currentId).catch(() => undefined);
  return {
    assetId: context.assetId,
    playbackId: context.playbackId,
    taskId: context.taskId,
    assetName: context.assetName,
    resumed,
    bytesTransferred: stack.bodyBytes,
    transferMs,
  };
}

async function findPrevious(upload: Upload, urlStorage: TusUrlStorage): Promise<InterruptedUpload[]> {
  const found = await upload.findPreviousUploads();
  return found
    .map((p) => urlStorage.registry.get(p.urlStorageKey))
    .filter((e): e is InterruptedUpload => !!e)
    .sort((a, b) => b.startedAt - a.startedAt);
}

function contextOf(entry: InterruptedUpload): UploadContext {
  return {
    filePath: entry.filePath,
    fileSize: entry.fileSize,
    fileMtimeMs: entry.fileMtimeMs,
    contentType: entry.contentType,
    assetName: entry.assetName,
    assetId: entry.assetId,
    playbackId: entry.playbackId,
    taskId: entry.taskId,
    totalBytes: entry.totalBytes,
    startedAt: entry.startedAt,
    tusEndpoint: entry.tusEndpoint,
    ...(entry.account ? { account: entry.account } : {}),
  };
}

/** An entry is continued only for its own account; one without an account (or a caller without) matches any. */
function sameAccount(entry: string | undefined, caller: string | undefined): boolean {
  return !entry || !caller || entry === caller;
}

function ourError(err: unknown): StudioApiError | undefined {
  if (err instanceof StudioApiError) return err;
  const cause = (err as DetailedError | undefined)?.causingError ?? (err as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof StudioApiError) return cause;
  const inner = (cause as { cause?: unknown } | undefined)?.cause;
  return inner instanceof StudioApiError ? inner : undefined;
}

/** Worth another attempt: no response at all, or a status that says "later" or "check the offset". */
function isTransient(err: DetailedError): boolean {
  if (ourError(err)) return false;
  const status = err.originalResponse?.getStatus() ?? 0;
  if (status === 0) return true;
  return status >= 500 || status === 409 || status === 423 || status === 429;
}

/** Why a transient failure is retried, as a row says it: "server not answering", "server answered 503". */
function retryReason(err: DetailedError): string {
  const status = err.originalResponse?.getStatus() ?? 0;
  return status === 0 ? l10n.t('server not answering') : l10n.t('server answered {0}', status);
}

/** Where the upload stands when it fails: what the server confirmed, and whether an entry is stored to resume. */
interface Standing {
  confirmed: number;
  total: number;
  kept: boolean;
}

function mapError(
  err: unknown,
  url: string,
  signal: AbortSignal | undefined,
  standing: Standing,
  lastError: unknown,
  uploadAddress: string | undefined,
): StudioApiError {
  const { kept } = standing;
  if (signal?.aborted) return cancelledError('tus', standing.confirmed, standing.total, kept);
  const ours = ourError(err) ?? ourError(lastError);
  if (ours) return ours;
  const detailed = err as DetailedError;
  const request = detailed.originalRequest;
  const method = request?.getMethod() ?? 'PATCH';
  const requestUrl = request?.getURL() ?? url;
  const response = detailed.originalResponse;
  if (response) return uploadHttpError(method, requestUrl, response.getStatus(), response.getBody() ?? '', 'tus', kept, uploadAddress);
  if (detailed.causingError) return uploadTransportError(detailed.causingError, method, requestUrl, 'tus', signal, kept);
  // A protocol problem tus-js-client found itself (missing offset, bad Location…).
  const said = redact(String((err as Error)?.message ?? err).replace(/^tus: /, '').split(', originated from')[0], [urlToken(uploadAddress)]);
  return new StudioApiError('server', kept ? l10n.t('the upload server answered unexpectedly ({0}): try again later, the upload can be resumed', said) : l10n.t('the upload server answered unexpectedly ({0}): try again later', said));
}
