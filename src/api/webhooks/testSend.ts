import * as l10n from '@vscode/l10n';
import type { Readable } from 'node:stream';
import { NetAgent } from '../core/network';
import { request } from '../core/undiciParts';
import { readBodyText } from '../core/bodyText';
import { StudioApiError, transportError } from '../core/errors';
import { SIGNATURE_HEADER, signWebhookBody } from './signature';

/** One connection pool for test events, made by the first one. */
let testEventAgent: NetAgent | undefined;

/** A receiver's answer is shown, not kept: the first 16 kB say what it did. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** As the service's own sender. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface TestDelivery {
  status: number;
  contentType?: string;
  /** The first `MAX_ANSWER_BYTES` of the answer, as UTF-8. */
  body: string;
  durationMs: number;
  /** Where a redirect points (the `Location` header), when the answer is one. */
  location?: string;
}

/**
 * POSTs `body` (an event as the service sends it) from this machine to `url`, with the headers the
 * service sends and, with a secret, its `Livepeer-Signature` over the exact bytes sent (`t` is the
 * body's `timestamp`).
 */
export async function sendWebhookTestEvent(
  url: string,
  body: { timestamp: number },
  secret: string | undefined,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<TestDelivery> {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'livepeer.studio' };
  if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(raw, secret, body.timestamp);
  return postToReceiver(url, raw, headers, options);
}

/** The answer's bytes as sent before compression (an access check asks for gzip or deflate, as the gate does). */
function decoded(body: Readable, encoding: string | string[] | undefined): Readable {
  const name = String(encoding ?? '').trim().toLowerCase();
  if (name !== 'gzip' && name !== 'deflate') return body;
  // Loaded by the first compressed answer, not when the extension loads (node:zlib takes ~15 ms to load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createGunzip, createInflate } = require('node:zlib') as typeof import('node:zlib');
  const unzip = name === 'gzip' ? createGunzip() : createInflate();
  body.on('error', (error) => unzip.destroy(error));
  // A reader that stops early closes the unzip stream: the answer's connection goes with it.
  unzip.once('close', () => body.destroy());
  return body.pipe(unzip);
}

/**
 * POSTs `raw` with `headers` to a webhook receiver and answers its status and the start of its
 * answer. Redirects are not followed, as the service does not. `timeoutMs` bounds the whole
 * exchange, answer included.
 */
export async function postToReceiver(
  url: string,
  raw: string,
  headers: Record<string, string>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<TestDelivery> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw StudioApiError.config(l10n.t('the webhook URL is not an address: edit the webhook'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw StudioApiError.config(l10n.t('the webhook URL must be an http:// or https:// address'));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const context = { method: 'POST', path: target.pathname };
  const started = performance.now();
  try {
    const response = await request(target, { method: 'POST', headers, body: raw, signal, dispatcher: (testEventAgent ??= new NetAgent()) });
    const text = await readBodyText(decoded(response.body, response.headers['content-encoding']), MAX_ANSWER_BYTES);
    const contentType = response.headers['content-type'];
    const location = response.headers.location;
    return {
      ...(typeof location === 'string' ? { location } : {}),
      status: response.statusCode,
      contentType: Array.isArray(contentType) ? contentType[0] : contentType,
      body: text,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (deadline.aborted && !options.signal?.aborted) {
      throw new StudioApiError('timeout', l10n.t('{0} did not answer within {1} s: is the handler running and answering?', target.host, timeoutMs / 1000), context, { cause: error });
    }
    throw transportError(error, target.host, context, options.signal, l10n.t('is the handler running at that address?'));
  }
}
