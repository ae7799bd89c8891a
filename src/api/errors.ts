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
}

/**
 * The one error type of the API client and the upload engine. `message` is a single line that says
 * what failed and what to do; it never contains the API token or an upload token.
 */
export class StudioApiError extends Error {
  readonly kind: StudioErrorKind;
  readonly status?: number;
  readonly messages: string[];
  readonly method?: string;
  readonly path?: string;

  constructor(kind: StudioErrorKind, summary: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    const where = context.method && context.path ? ` (${context.method} ${context.path}${context.status ? ` → ${context.status}` : ''})` : '';
    super(`${summary}${where}`, options);
    this.name = 'StudioApiError';
    this.kind = kind;
    this.status = context.status;
    this.messages = context.messages ?? [];
    this.method = context.method;
    this.path = context.path;
  }

  static config(summary: string): StudioApiError {
    return new StudioApiError('config', summary);
  }
}

const EXCERPT_CHARS = 120;

/** Flattens the service's `{"errors": [...]}` (flat strings or nested arrays) into plain messages. */
function serviceMessages(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flat(Infinity).filter((m): m is string => typeof m === 'string').map(readableValidatorMessage);
}

/** 422 messages are themselves JSON texts of the validator's errors; people need their `message` parts. */
function readableValidatorMessage(message: string): string {
  if (!/^\s*[[{]/.test(message)) return message;
  try {
    const parsed: unknown = JSON.parse(message);
    const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ message?: unknown; instancePath?: unknown; params?: Record<string, unknown> }>;
    const parts = items
      .filter((item) => typeof item?.message === 'string')
      .map((item) => {
        const extra = item.params?.additionalProperty ?? (item.instancePath || undefined);
        return extra ? `${item.message} (${String(extra)})` : String(item.message);
      });
    return parts.length ? parts.join('; ') : message;
  } catch {
    return message;
  }
}

/** A short single-line excerpt of a non-JSON body for the error message; an HTML page's title says it best. */
export function bodyExcerpt(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  const plain = (title || text)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > EXCERPT_CHARS ? `${plain.slice(0, EXCERPT_CHARS)}…` : plain;
}

/** How long a 429 asks to wait, in words: its Retry-After, or "a few seconds" when it names none. */
function waitWords(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || retryAfterMs < 10_000) return 'a few seconds';
  const seconds = Math.ceil(retryAfterMs / 1000);
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/** Maps an HTTP error response to the error people see. */
export function httpError(context: Required<Pick<ErrorContext, 'method' | 'path' | 'status'>>, body: unknown, rawText: string, retryAfterMs?: number): StudioApiError {
  const messages = serviceMessages(body);
  const said = messages.join('; ');
  const { status } = context;
  const full = { ...context, messages };
  if (status === 401) return new StudioApiError('auth', 'API token missing or invalid: set your API token', full);
  if (status === 403) return new StudioApiError('forbidden', `forbidden: ${said || 'the token may not do this'}`, full);
  if (status === 404) return new StudioApiError('not-found', `not found${said && said !== 'not found' ? `: ${said}` : ''}`, full);
  if (status === 429) return new StudioApiError('rate-limited', `too many requests: wait ${waitWords(retryAfterMs)} and try again`, full);
  if (status >= 400 && status < 500) {
    return new StudioApiError('validation', `request refused: ${said || bodyExcerpt(rawText) || `HTTP ${status}`}`, full);
  }
  const detail = said || bodyExcerpt(rawText);
  return new StudioApiError('server', `service error HTTP ${status}${detail ? `: ${detail}` : ''}: try again later`, full);
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
  if (!target) return new StudioApiError('config', 'the base URL answers with a redirect without a target: check livepeer.baseUrl', context);
  // Only origin and path: a query may carry a token, and credentials are never shown.
  const shown = target.origin + target.pathname;
  const fix = target.pathname.endsWith(context.path)
    ? `set livepeer.baseUrl to ${shown.slice(0, shown.length - context.path.length)}`
    : 'set livepeer.baseUrl to the address the service uses now';
  return new StudioApiError('config', `the base URL redirects to ${shown}: ${fix}`, context);
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
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
  advice = 'check livepeer.baseUrl and your network',
): StudioApiError {
  if (err instanceof StudioApiError) return err;
  if (signal?.aborted || (err as Error)?.name === 'AbortError' || errorCode(err) === 'UND_ERR_ABORTED') {
    return new StudioApiError('aborted', 'cancelled', context, { cause: err });
  }
  const code = errorCode(err);
  if (code && TIMEOUT_CODES.has(code)) {
    return new StudioApiError('timeout', `no response from ${host} in time: check your network and try again`, context, { cause: err });
  }
  const what = (code && NETWORK_CODES[code]) ?? (code ? `network error ${code}` : 'network error');
  return new StudioApiError('network', `cannot reach ${host} (${what}): ${advice}`, context, { cause: err });
}
