import * as l10n from '@vscode/l10n';
import { StudioApiError, bodyExcerpt, httpError, transportError } from '../api/core/errors';
import { redact, urlToken } from '../api/core/redact';

/**
 * Upload-origin errors. The kinds and the service-message parsing come from the API client's
 * mappers (httpError / transportError); only the wording changes, because at the upload origin a
 * 401/403 means the pre-signed address was refused (not the API token), and the advice must name
 * what to do with the upload (resume it, start a new one) rather than the API base URL.
 */

/** Path and query of an upload address, token redacted: what error messages and logs may show. */
export function redactedPath(url: string): string {
  try {
    const parsed = new URL(url);
    return redact(parsed.pathname + parsed.search);
  } catch {
    return redact(url);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the upload server';
  }
}

export type UploadMethod = 'direct' | 'tus';

/**
 * An HTTP error answer from the upload origin, as the error people see. `kept`: a resumable upload
 * is stored and can be continued (a tus upload that failed before the server created it is not).
 * `uploadAddress` is the pre-signed address the upload started from: tus PATCH and HEAD go to a
 * Location without the token, but a server may still echo it, so it is redacted whatever failed.
 */
export function uploadHttpError(
  method: string,
  url: string,
  status: number,
  rawText: string,
  how: UploadMethod,
  kept = how === 'tus',
  uploadAddress?: string,
): StudioApiError {
  const text = redact(rawText, [urlToken(url), urlToken(uploadAddress)]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const base = httpError({ method, path: redactedPath(url), status }, parsed, text);
  const said = base.messages.join('; ') || bodyExcerpt(text);
  const context = { method, path: base.path, status, messages: base.messages };
  const next = kept ? ': the upload is kept and can be resumed' : ': upload the file again';
  let summary: string;
  let kind = base.kind;
  if (/already been uploaded/i.test(said)) {
    kind = 'validation';
    summary = 'this asset has already received its file (the upload address was used before): start a new upload to create another asset';
  } else if (status === 401 || status === 403) {
    kind = 'forbidden';
    summary = `the upload server refused the signed upload address${said ? ` (${said})` : ''}: it is invalid or expired, start a new upload`;
  } else if (status === 404 || status === 410) {
    summary =
      how === 'tus'
        ? 'the upload server no longer has this resumable upload: discard it and start a new upload'
        : `the upload address was not found${said ? ` (${said})` : ''}: start a new upload`;
  } else if (status === 409) {
    summary = `the upload server is at a different offset than expected${said ? ` (${said})` : ''}${next}`;
  } else if (status === 413) {
    summary = 'the upload server refused the request as too large: use a resumable upload with a smaller chunk size';
  } else if (status === 429) {
    summary = `the upload server asks to slow down${next}`;
  } else if (status >= 500) {
    summary = `upload server error HTTP ${status}${said ? `: ${said}` : ''}${kept ? ': try again later, the upload can be resumed' : ': try again later'}`;
  } else {
    summary = `the upload server refused the upload${said ? `: ${said}` : ` (HTTP ${status})`}`;
  }
  return new StudioApiError(kind, summary, context, { cause: base });
}

/** A failure below HTTP at the upload origin (refused, reset, cut, timeout, abort). */
export function uploadTransportError(err: unknown, method: string, url: string, how: UploadMethod, signal?: AbortSignal, kept = how === 'tus'): StudioApiError {
  const advice = kept
    ? 'the upload stopped there and can be resumed; check your network and resume'
    : how === 'tus'
      ? 'the resumable upload was not created; check your network and upload again'
      : 'the direct upload did not complete; check your network and upload again';
  return transportError(err, hostOf(url), { method, path: redactedPath(url) }, signal, advice);
}

/**
 * The error a cancelled upload ends with. `bytesDone`: what the server confirmed it holds. `kept`:
 * a tus upload is stored for resuming (not yet when cancelled before the server created it).
 */
export function cancelledError(how: UploadMethod, bytesDone?: number, total?: number, kept = how === 'tus'): StudioApiError {
  if (kept) {
    const paused =
      bytesDone !== undefined && total
        ? l10n.t('upload paused at {0}%: it is kept and can be resumed later from where the server stopped', Math.floor((bytesDone / total) * 100))
        : l10n.t('upload paused: it is kept and can be resumed later from where the server stopped');
    return new StudioApiError('aborted', paused);
  }
  return new StudioApiError('aborted', l10n.t('upload cancelled: the file was not uploaded (the asset created for it stays without a file)'));
}

/** Cancelled (or cut off) once every byte was sent but before the service confirmed it: it may have arrived. */
export function sentButUnconfirmedError(assetId?: string): StudioApiError {
  const words = assetId
    ? l10n.t('upload cancelled after the whole file was sent: it may have arrived; check asset {0} (Livepeer Studio) before uploading again', assetId)
    : l10n.t('upload cancelled after the whole file was sent: it may have arrived; check the asset (Livepeer Studio) before uploading again');
  return new StudioApiError('aborted', words);
}
