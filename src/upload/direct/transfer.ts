import * as l10n from '@vscode/l10n';
import { NetAgent } from '../../api/core/network';
import { request, type Dispatcher, type Dispatching } from '../../api/core/undiciParts';
import { readBodyText } from '../../api/core/bodyText';
import { StudioApiError } from '../../api/core/errors';
import { FileReadError, asRequestBody, readRange, type FileIdentity } from '../fileSource';
import type { ProgressMeter } from '../progress';
import { cancelledError, sentButUnconfirmedError, uploadHttpError, uploadTransportError } from '../uploadErrors';

/**
 * Stall limits for upload requests. undici refreshes the headers timer while the socket drains, so
 * these bound a stall, not the length of a big upload; the server may take a while to answer
 * after the last byte (the real service forwards the file to object storage first).
 */
const UPLOAD_TIMEOUTS = { connect: 30_000, headers: 120_000, body: 60_000 } as const;

export function uploadAgent(): NetAgent {
  return new NetAgent({
    connect: { timeout: UPLOAD_TIMEOUTS.connect },
    headersTimeout: UPLOAD_TIMEOUTS.headers,
    bodyTimeout: UPLOAD_TIMEOUTS.body,
    keepAliveTimeout: 10_000,
  });
}

export interface DirectUploadOptions {
  /** The pre-signed `url` from request-upload, used exactly as given (never with the API token). */
  url: string;
  file: FileIdentity;
  contentType: string;
  meter: ProgressMeter;
  signal?: AbortSignal;
  dispatcher?: Dispatching;
  /** Named in the message when the answer is lost after the whole file was sent. */
  assetId?: string;
}

/**
 * One PUT with the file streamed from disk and an exact Content-Length. Not retried: a repeat
 * after a partial body would either re-send everything or be refused as "already uploaded", so
 * the caller decides.
 */
export async function directUpload(options: DirectUploadOptions): Promise<void> {
  const { url, file, contentType, meter, signal } = options;
  if (signal?.aborted) throw cancelledError('direct');
  const agent = options.dispatcher ?? uploadAgent();
  let sent = 0;
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'PUT',
        headers: { 'content-type': contentType, 'content-length': String(file.size) },
        body: asRequestBody(
          readRange(file, 0, file.size, (n) => {
            sent += n;
            meter.update(sent);
          }),
        ),
        signal,
        dispatcher: agent,
      });
    } catch (err) {
      throw failure(err, options, sent);
    }
    let text: string;
    try {
      // The upload server's answer is only used for an error's excerpt.
      text = await readBodyText(response.body);
    } catch (err) {
      throw failure(err, options, sent);
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw uploadHttpError('PUT', url, response.statusCode, text, 'direct');
    }
    meter.update(file.size, true);
  } finally {
    if (!options.dispatcher) await agent.close().catch(() => undefined);
  }
}

function failure(err: unknown, options: DirectUploadOptions, sent: number): StudioApiError {
  // Once every byte went out, the service may have stored the file before the answer was lost.
  if (options.signal?.aborted) return sent >= options.file.size ? sentButUnconfirmedError(options.assetId) : cancelledError('direct');
  const cause = (err as { cause?: unknown }).cause;
  const ours = err instanceof StudioApiError ? err : cause instanceof StudioApiError ? cause : undefined;
  if (ours instanceof FileReadError) return new StudioApiError('config', l10n.t('{0}: fix this and upload again', ours.message), {}, { cause: ours });
  if (ours) return ours;
  return uploadTransportError(err, 'PUT', options.url, 'direct', options.signal);
}
