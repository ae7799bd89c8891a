import * as l10n from '@vscode/l10n';
import { TEXT_LIMITS, bounded } from './bounded';
import { lastingFailureAdvice } from './lastingFailures';
import { networkFailureText } from './networkFailure';

/** What went wrong, in terms a caller can act on (the VS Code layer picks its actions from it). */
export type StudioErrorKind =
  | 'auth' // 401: token missing or invalid
  | 'forbidden' // 403: quota, suspended account, someone else's object
  | 'not-found' // 404
  | 'validation' // 400 / 409 / 422: the request was refused as written
  | 'rate-limited' // 429
  | 'server' // 5xx, or a response that is not the API's JSON
  | 'network' // refused, DNS, reset
  | 'timeout'
  | 'aborted' // cancelled by the caller
  | 'config'; // a bad base URL, token or argument (no request sent), or a base URL that redirects

export interface ErrorContext {
  method?: string;
  /** Path relative to the API base, or an upload origin's path with its token removed. */
  path?: string;
  status?: number;
  messages?: string[];
  code?: StudioErrorCode;
}

/**
 * What the service meant, where only its words say it: a second DELETE of an asset is 400
 * `asset is already deleted` (studio-api.md), no status or field of its own. Read here, once.
 */
export type StudioErrorCode = 'already-deleted';
export const ALREADY_DELETED_WORDS = /already deleted/i;

/**
 * The one error type of the API client and the upload engine. `message` is a single line that says
 * what failed and what to do; it never contains the API token or an upload token. Its parts are
 * bounded (TEXT_LIMITS) here, whoever builds it, so no answer makes it megabytes long; callers
 * redact before, as a cut could split a secret so that redaction no longer finds it.
 */
export class StudioApiError extends Error {
  readonly kind: StudioErrorKind;
  readonly status?: number;
  readonly messages: string[];
  readonly method?: string;
  readonly path?: string;
  readonly code?: StudioErrorCode;

  constructor(kind: StudioErrorKind, summary: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    const path = context.path === undefined ? undefined : bounded(context.path, TEXT_LIMITS.path);
    const where = context.method && path ? ` (${context.method} ${path}${context.status ? ` → ${context.status}` : ''})` : '';
    super(`${bounded(summary, TEXT_LIMITS.summary)}${where}`, options);
    this.name = 'StudioApiError';
    this.kind = kind;
    this.status = context.status;
    this.messages = boundedMessages(context.messages ?? []);
    this.method = context.method;
    this.path = path;
    if (context.code) this.code = context.code;
  }

  static config(summary: string): StudioApiError {
    return new StudioApiError('config', summary);
  }
}

/** The first few of the service's messages, each of a readable length. */
function boundedMessages(messages: readonly string[]): string[] {
  return messages.slice(0, TEXT_LIMITS.serviceMessages).map((message) => bounded(message, TEXT_LIMITS.serviceMessage));
}

const EXCERPT_CHARS = 120;

/** Flattens the service's `{"errors": [...]}` (flat strings or nested arrays) into plain messages. */
function serviceMessages(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const texts = errors.flat(Infinity).filter((m): m is string => typeof m === 'string');
  return boundedMessages(texts).map(readableValidatorMessage);
}

/** 422 messages are themselves JSON texts of the validator's errors; people need their `message` parts. */
function readableValidatorMessage(message: string): string {
  if (!/^\s*[[{]/.test(message)) return message;
  try {
    const parsed: unknown = JSON.parse(message);
    const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ message?: unknown; instancePath?: unknown; params?: Record<string, unknown> }>;
    const parts = items
      .filter((item): item is typeof item & { message: string } => typeof item?.message === 'string')
      .map((item) => {
        const extra = item.params?.additionalProperty ?? (item.instancePath || undefined);
        return extra ? `${item.message} (${typeof extra === 'string' ? extra : JSON.stringify(extra)})` : item.message;
      });
    return parts.length ? parts.join('; ') : message;
  } catch {
    return message;
  }
}

/**
 * A short single-line excerpt of a non-JSON body for the error message; an HTML page's title says
 * it best. Tags are skipped in one forward pass (indexOf, never a backtracking regex: `<[^>]+>`
 * over 100 kB of unclosed `<` took seconds, growing with the square of the length), and the pass
 * stops once it has enough text.
 */
export function bodyExcerpt(text: string): string {
  const plain = (htmlTitle(text) ?? textOutsideTags(text, EXCERPT_CHARS * 2)).replace(/\s+/g, ' ').trim();
  return plain.length > EXCERPT_CHARS ? `${plain.slice(0, EXCERPT_CHARS)}…` : plain;
}

/** What a 429 says: wait as long as its Retry-After asks, or "a few seconds" when it names none. */
function tooManyRequests(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || retryAfterMs < 10_000) return l10n.t('too many requests: wait a few seconds and try again');
  const seconds = Math.ceil(retryAfterMs / 1000);
  return seconds < 120 ? l10n.t('too many requests: wait {0} seconds and try again', seconds) : l10n.t('too many requests: wait {0} minutes and try again', Math.ceil(seconds / 60));
}

/** The text of the first `<title>…</title>`, when it is not empty. */
function htmlTitle(html: string): string | undefined {
  const open = /<title\b/i.exec(html);
  if (!open) return undefined;
  const start = html.indexOf('>', open.index) + 1;
  const end = start > 0 ? html.indexOf('<', start) : -1;
  if (end < 0 || !/^<\/title\s*>/i.test(html.slice(end, end + 16))) return undefined;
  return html.slice(start, end).trim() || undefined;
}

/** The text outside tags, script and style contents left out, until `enough` visible characters. */
function textOutsideTags(html: string, enough: number): string {
  let out = '';
  let visible = 0;
  const add = (part: string) => {
    if (part) out += `${part} `;
    visible += part.replace(/\s+/g, '').length;
  };
  let pos = 0;
  while (pos < html.length && visible < enough) {
    const open = html.indexOf('<', pos);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    // No tag closes from here on: the rest is text (an unclosed `<` included, as a browser shows it).
    if (close < 0) return out + html.slice(pos, pos + 4 * enough);
    add(html.slice(pos, open));
    pos = close + 1;
    const element = /[\sSs]/.test(html.charAt(open + 1)) ? /^<\s*(script|style)\b/i.exec(html.slice(open, open + 10))?.[1] : undefined;
    if (element) {
      const end = new RegExp(`</${element}\\s*>`, 'ig');
      end.lastIndex = pos;
      const found = end.exec(html);
      if (!found) return out;
      pos = found.index + found[0].length;
    }
  }
  return out;
}

/** Maps an HTTP error response to the error people see. */
/** A DELETE that found nothing to delete (404, or an asset deleted before): what was asked for is done. */
export function isAlreadyGone(error: unknown): boolean {
  return error instanceof StudioApiError && (error.kind === 'not-found' || error.code === 'already-deleted');
}

export function httpError(context: Required<Pick<ErrorContext, 'method' | 'path' | 'status'>>, body: unknown, rawText: string, retryAfterMs?: number): StudioApiError {
  const messages = serviceMessages(body);
  const said = messages.join('; ');
  const { status } = context;
  const code = status === 400 && messages.some((message) => ALREADY_DELETED_WORDS.test(message)) ? ('already-deleted' as const) : undefined;
  const full = { ...context, messages, ...(code ? { code } : {}) };
  if (status === 401) return new StudioApiError('auth', l10n.t('API token missing or invalid: set your API token'), full);
  if (status === 403) return new StudioApiError('forbidden', said ? l10n.t('forbidden: {0}', said) : l10n.t('forbidden: the token may not do this'), full);
  if (status === 404) return new StudioApiError('not-found', said && said !== 'not found' ? l10n.t('not found: {0}', said) : l10n.t('not found'), full);
  if (status === 429) return new StudioApiError('rate-limited', tooManyRequests(retryAfterMs), full);
  if (status >= 400 && status < 500) {
    const refused = said || bodyExcerpt(rawText);
    return new StudioApiError('validation', refused ? l10n.t('request refused: {0}', refused) : l10n.t('request refused: HTTP {0}', status), full);
  }
  const detail = said || bodyExcerpt(rawText);
  const advice = lastingFailureAdvice(context.method, context.path, status) ?? l10n.t('try again later');
  return new StudioApiError('server', detail ? l10n.t('service error HTTP {0}: {1}: {2}', status, detail, advice) : l10n.t('service error HTTP {0}: {1}', status, advice), full);
}

/**
 * A 3xx answer. Redirects are not followed (the token must not go to another address), so the fix
 * is the setting: name where the service points and, when the target ends with the called path,
 * the base URL to set.
 */
export function redirectError(context: Required<Pick<ErrorContext, 'method' | 'path' | 'status'>>, location: string | undefined, requestUrl: URL): StudioApiError {
  let target: URL | undefined;
  try {
    target = location ? new URL(location, requestUrl) : undefined;
  } catch {
    target = undefined;
  }
  if (!target) return new StudioApiError('config', l10n.t('the base URL answers with a redirect without a target: check livepeer.baseURL'), context);
  // Only origin and path: a query may carry a token, and credentials are never shown.
  const shown = target.origin + target.pathname;
  const summary = target.pathname.endsWith(context.path)
    ? l10n.t('the base URL redirects to {0}: set livepeer.baseURL to {1}', shown, shown.slice(0, shown.length - context.path.length))
    : l10n.t('the base URL redirects to {0}: set livepeer.baseURL to the address the service uses now', shown);
  return new StudioApiError('config', summary, context);
}

/** What a network error code means, a noun phrase said in brackets after the host ("cannot reach h (connection refused)"). */
const NETWORK_CODES: Record<string, () => string> = {
  ECONNREFUSED: () => l10n.t('connection refused'),
  ECONNRESET: () => l10n.t('connection reset'),
  ENOTFOUND: () => l10n.t('host name not found'),
  EAI_AGAIN: () => l10n.t('host name lookup failed'),
  EHOSTUNREACH: () => l10n.t('host unreachable'),
  ENETUNREACH: () => l10n.t('network unreachable'),
  EPIPE: () => l10n.t('connection closed while sending'),
  UND_ERR_SOCKET: () => l10n.t('connection closed by the server'),
  UND_ERR_CLOSED: () => l10n.t('connection closed'),
};

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** The first `code` along an error's cause chain (undici nests the socket error). */
export function errorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Maps a failure below HTTP (no response) to the error people see. `advice` replaces the default
 * "what to do" for hosts that are not the API base URL (the upload origin).
 */
export function transportError(
  err: unknown,
  host: string,
  context: ErrorContext,
  signal?: AbortSignal,
  advice = l10n.t('check livepeer.baseURL and your network'),
): StudioApiError {
  if (err instanceof StudioApiError) return err;
  // A proxy's refusal arrives as an aborted request: it is told before "cancelled" is assumed.
  const proxyOrCertificate = signal?.aborted ? undefined : networkFailureText(err, host);
  if (proxyOrCertificate) return new StudioApiError('network', proxyOrCertificate, context, { cause: err });
  if (signal?.aborted || (err as Error)?.name === 'AbortError' || errorCode(err) === 'UND_ERR_ABORTED') {
    return new StudioApiError('aborted', l10n.t('cancelled'), context, { cause: err });
  }
  const code = errorCode(err);
  if (code && TIMEOUT_CODES.has(code)) {
    return new StudioApiError('timeout', l10n.t('no response from {0} in time: check your network and try again', host), context, { cause: err });
  }
  const what = (code && NETWORK_CODES[code]?.()) ?? (code ? l10n.t('network error {0}', code) : l10n.t('network error'));
  return new StudioApiError('network', l10n.t('cannot reach {0} ({1}): {2}', host, what, advice), context, { cause: err });
}

/** The one-line text of any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
