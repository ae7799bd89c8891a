import * as l10n from '@vscode/l10n';
import { request, type Dispatcher, type Dispatching } from './undiciParts';
import { NetAgent } from './network';
import { apiTokenProblem } from './apiToken';
import { parseBaseUrl } from './baseUrl';
import { readBodyText, readWholeBodyText } from './bodyText';
import { ALREADY_DELETED_WORDS, StudioApiError, errorCode, httpError, redirectError, transportError, type ErrorContext } from './errors';
import { rememberSecrets, rememberSecretsIn } from './knownSecrets';
import { redact } from './redact';

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
  /** Requests sent for this call: more than 1 when it was retried. */
  attempts: number;
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
  /** Secrets sent in the body (a webhook's shared secret): remembered, like the token, so every text blanks them. */
  secrets?: Array<string | undefined>;
}

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Undefined for 204 and empty bodies. */
  data: T | undefined;
}

/** An answer used whole (a page of a list, a resource) larger than this is refused rather than held in memory: no service page comes near it. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, minDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 60_000 };
// POST creates things (a key, an asset): repeating it could create two, so it is never retried.
const IDEMPOTENT_METHODS = new Set<string>(['GET', 'HEAD', 'DELETE', 'PATCH', 'PUT']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const RETRY_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EPIPE',
  // Also a connection closed mid-body: the attempt then failed as a whole and is sent again whole.
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

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

/** Resolves after `ms`, or early with false when the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** One request and its whole body (undefined when over MAX_ANSWER_BYTES), or what stopped it. */
type Attempt = { status: number; headers: Record<string, string | string[] | undefined>; text: string | undefined } | { error: unknown };

/**
 * The HTTP core of the API client: bearer auth, JSON in and out, timeouts, cancellation, retries of
 * idempotent calls, and one error type. Nothing here knows about VS Code.
 *
 * Retries are our own loop rather than undici's RetryAgent: that one resumes a body cut mid-answer
 * with a `Range` request, which the API answers with the whole body again (200), and the call then
 * failed. Here every retry is the whole request again, and the body is read within the attempt.
 */
export class StudioHttp {
  readonly baseUrl: string;
  private readonly host: string;
  private readonly dispatcher: Dispatching;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: StudioHttpOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.host = new URL(this.baseUrl).host;
    const timeout = options.timeoutMs ?? 30_000;
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.dispatcher = new NetAgent({ connect: { timeout }, headersTimeout: timeout, bodyTimeout: timeout });
  }

  async call<T>(method: Dispatcher.HttpMethod, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const started = Date.now();
    let attempts = 0;
    const record = (status?: number, error?: string) =>
      this.options.onCall?.({ method, path, status, durationMs: Date.now() - started, attempts, error });
    try {
      const response = await this.send<T>(method, path, options, () => attempts++);
      record(response.status);
      return response;
    } catch (err) {
      const error = err instanceof StudioApiError ? err : transportError(err, this.host, { method, path }, options.signal);
      record(error.status, error.message);
      throw error;
    }
  }

  /** Closes the connection pool. */
  close(): Promise<void> {
    return this.dispatcher.close();
  }

  private async send<T>(method: Dispatcher.HttpMethod, path: string, options: CallOptions, counted: () => void): Promise<ApiResponse<T>> {
    const context = { method, path };
    let token = await this.token(context);
    rememberSecrets(...(options.secrets ?? []));
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
    const { signal } = options;

    for (let retry = 0; ; retry++) {
      // A retry asks for the token again: it may have changed, or its profile stopped being current, meanwhile.
      if (retry > 0) headers.authorization = `Bearer ${(token = await this.token(context))}`;
      counted();
      const answer = await this.attempt(url, method, headers, body, signal);
      const canRetry = retry < this.policy.maxRetries && IDEMPOTENT_METHODS.has(method) && !signal?.aborted;
      if ('error' in answer) {
        if (canRetry && RETRY_ERROR_CODES.has(errorCode(answer.error) ?? '') && (await sleep(backoffDelay(retry + 1, this.policy), signal))) continue;
        throw transportError(answer.error, this.host, context, signal);
      }
      const { status } = answer;
      if (answer.text === undefined) {
        throw new StudioApiError('server', l10n.t('the answer from {0} is larger than {1} MiB, more than any of the service\'s: check livepeer.baseURL', this.host, MAX_ANSWER_BYTES / 1024 / 1024), { ...context, status });
      }
      const { text } = answer;
      const asked = retryAfterMs(answer.headers['retry-after']);
      // A 429 that does not say when to come back is the service refusing a repeat (a second
      // terminate within ~5 s): retrying at once cannot help, so the caller hears it at once.
      if (canRetry && RETRY_STATUSES.has(status) && !(status === 429 && asked === undefined)) {
        if (asked === undefined || asked <= this.policy.maxRetryAfterMs) {
          if (await sleep(asked ?? backoffDelay(retry + 1, this.policy), signal)) continue;
          throw new StudioApiError('aborted', l10n.t('cancelled'), context);
        }
      }
      // An earlier attempt did its work but its answer was lost: the retry finds nothing, as asked.
      if (method === 'DELETE' && retry > 0 && alreadyGone(status, text)) return { status, headers: answer.headers, data: undefined };
      if (status >= 300 && status < 400) {
        throw redirectError({ method, path, status }, [answer.headers.location].flat()[0], url);
      }
      if (status < 200 || status >= 300) {
        // The service may echo the token (`no token X found`) or any secret it gave us, in any shape: never let one into our messages.
        const clean = redact(text);
        const parsed = parseJson(clean);
        throw httpError({ method, path, status }, parsed.ok ? parsed.value : undefined, clean, asked);
      }
      if (status === 204 || text.trim() === '') return { status, headers: answer.headers, data: undefined };
      const parsed = parseJson(text);
      if (!parsed.ok) {
        throw new StudioApiError('server', l10n.t('unexpected non-JSON response from {0}: check livepeer.baseURL', this.host), { ...context, status });
      }
      // A webhook's secret, a stream's key, a new signing key's private key: blanked in every text from now on.
      rememberSecretsIn(parsed.value);
      return { status, headers: answer.headers, data: parsed.value as T };
    }
  }

  private async token(context: ErrorContext): Promise<string> {
    const token = await this.options.getToken();
    if (!token) throw new StudioApiError('auth', l10n.t('no API token set: set your API token'), context);
    const malformed = apiTokenProblem(token);
    if (malformed) throw new StudioApiError('auth', l10n.t('the API token is malformed ({0}): set your API token again', malformed), context);
    rememberSecrets(token);
    return token;
  }

  private async attempt(url: URL, method: Dispatcher.HttpMethod, headers: Record<string, string>, body: string | undefined, signal?: AbortSignal): Promise<Attempt> {
    try {
      const response = await request(url, { method, headers, body, signal, dispatcher: this.dispatcher });
      const status = response.statusCode;
      // Only an excerpt of an error answer is shown: reading more costs memory and time for nothing.
      const text = status >= 200 && status < 300 ? await readWholeBodyText(response.body, MAX_ANSWER_BYTES) : await readBodyText(response.body);
      return { status, headers: response.headers, text };
    } catch (error) {
      return { error };
    }
  }
}

/** 404, or the asset API's 400 `asset is already deleted`: what a repeated DELETE gets. */
function alreadyGone(status: number, text: string): boolean {
  return status === 404 || (status === 400 && ALREADY_DELETED_WORDS.test(text));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A resource's sub-client (`client.streams`, `client.assets`…): its calls go through the shared HTTP core. */
export class ResourceApi {
  constructor(protected readonly http: StudioHttp) {}
}
