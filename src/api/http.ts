import { Agent, RetryAgent, request, type Dispatcher } from 'undici';
import { StudioApiError, httpError, transportError } from './errors';
import { parseBaseUrl } from './baseUrl';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with a rate-limit error instead. */
  maxRetryAfterMs: number;
}

export interface ApiCallRecord {
  method: string;
  path: string;
  status?: number;
  durationMs: number;
  error?: string;
}

export interface StudioHttpOptions {
  baseUrl: string;
  /** Read before each call, so a token changed elsewhere is used at once. */
  getToken: () => string | undefined | Promise<string | undefined>;
  userAgent: string;
  /** Connect, response-headers and body-idle timeout. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Called once per API call (after retries) with nothing secret in it: for the log. */
  onCall?: (record: ApiCallRecord) => void;
}

export interface CallOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Undefined for 204 and empty bodies. */
  data: T | undefined;
}

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, minDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 };
// POST creates things (a key, an asset): repeating it could create two, so it is never retried.
const IDEMPOTENT_METHODS: Dispatcher.HttpMethod[] = ['GET', 'HEAD', 'DELETE', 'PATCH', 'PUT'];
const RETRY_STATUSES = [429, 502, 503, 504];
const RETRY_ERROR_CODES = ['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'];

/** Exponential backoff with full jitter, so many clients retrying at once do not arrive together. */
function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'minDelayMs' | 'maxDelayMs'>): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** (attempt - 1));
  return policy.minDelayMs / 2 + Math.random() * (ceiling - policy.minDelayMs / 2);
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The retry decision for undici's RetryAgent: which failures, how long to wait, when to give up. */
function retryCallback(policy: RetryPolicy): NonNullable<ConstructorParameters<typeof RetryAgent>[1]>['retry'] {
  return (err, { state, opts }, callback) => {
    const { statusCode, code, headers } = err as Error & { statusCode?: number; code?: string; headers?: Record<string, string> };
    const signal = (opts as { signal?: AbortSignal }).signal;
    const retryable =
      IDEMPOTENT_METHODS.includes(opts.method) &&
      (statusCode ? RETRY_STATUSES.includes(statusCode) : RETRY_ERROR_CODES.includes(code ?? '')) &&
      state.counter <= policy.maxRetries &&
      !signal?.aborted;
    if (!retryable) return callback(err);
    const asked = retryAfterMs(headers?.['retry-after']);
    if (asked !== undefined && asked > policy.maxRetryAfterMs) return callback(err);
    const delay = asked ?? backoffDelay(state.counter, policy);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      callback(null);
    }, delay);
    const onAbort = () => {
      clearTimeout(timer);
      callback(err);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  };
}

/**
 * The HTTP core of the API client: bearer auth, JSON in and out, timeouts, cancellation, retries of
 * idempotent calls, and one error type. Nothing here knows about VS Code.
 */
export class StudioHttp {
  readonly baseUrl: string;
  private readonly host: string;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: StudioHttpOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    const url = new URL(this.baseUrl);
    this.host = url.host;
    const timeout = options.timeoutMs ?? 30_000;
    const policy = { ...DEFAULT_RETRY, ...options.retry };
    const agent = new Agent({ connect: { timeout }, headersTimeout: timeout, bodyTimeout: timeout });
    this.dispatcher = new RetryAgent(agent, {
      maxRetries: policy.maxRetries,
      methods: IDEMPOTENT_METHODS,
      statusCodes: RETRY_STATUSES,
      errorCodes: RETRY_ERROR_CODES,
      // Hand the final response to us when retries run out, so its body can be read for the error.
      throwOnError: false,
      retry: retryCallback(policy),
    });
  }

  async call<T>(method: Dispatcher.HttpMethod, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const started = Date.now();
    const context = { method, path };
    const record = (status?: number, error?: string) =>
      this.options.onCall?.({ method, path, status, durationMs: Date.now() - started, error });
    const token = await this.options.getToken();
    if (!token) {
      const error = new StudioApiError('auth', 'no API token set: set your API token', context);
      record(undefined, error.message);
      throw error;
    }
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }

    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, { method, headers, body, signal: options.signal, dispatcher: this.dispatcher });
    } catch (err) {
      const error = transportError(err, this.host, context, options.signal);
      record(undefined, error.message);
      throw error;
    }

    let text: string;
    try {
      text = await response.body.text();
    } catch (err) {
      const error = transportError(err, this.host, { ...context, status: response.statusCode }, options.signal);
      record(response.statusCode, error.message);
      throw error;
    }
    const status = response.statusCode;
    const parsed = parseJson(text);
    if (status < 200 || status >= 300) {
      const error = httpError({ method, path, status }, parsed.ok ? redact(parsed.value, token) : undefined, text.split(token).join('***'));
      record(status, error.message);
      throw error;
    }
    record(status);
    if (status === 204 || text.trim() === '') return { status, headers: response.headers, data: undefined };
    if (!parsed.ok) {
      throw new StudioApiError('server', `unexpected non-JSON response from ${this.host}: check livepeer.baseUrl`, { ...context, status });
    }
    return { status, headers: response.headers, data: parsed.value as T };
  }

  /** Closes the retry layer, which closes the connection pool under it. */
  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The service may echo a token back (`no token X found`); never let it into our messages. */
function redact(value: unknown, token: string): unknown {
  return JSON.parse(JSON.stringify(value).split(token).join('***'));
}
