import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../core/errors';
import { SIGNATURE_HEADER, signWebhookBody } from '../webhooks/signature';
import { postToReceiver, type TestDelivery } from '../webhooks/testSend';

// What the service's gate (POST /access-control/gate with `type: "accessKey"`) sends to a
// content's access-control webhook, and how it reads the answer (studio-api.md, "Webhook gate").
// Built here from those facts; the emulator's gate builds it from the same facts on its own.

/** What the gate is given for one check. */
export interface AccessCheckInput {
  accessKey: string;
  /** The policy's `webhookContext`, sent as `context`. */
  context?: Record<string, unknown>;
  /** The edge's `webhookPayload` (viewer's headers and the like): its keys win over the gate's own. */
  webhookPayload?: Record<string, unknown>;
  /** The stream's name: the payload's `headers` gain `Tx-Stream-Id` with it. */
  streamName?: string;
  /** Unix ms; default now. */
  timestamp?: number;
}

export interface AccessWebhookRequest {
  body: string;
  headers: Record<string, string>;
}

/** The exact request: JSON body, `content-type`, `user-agent` and, with a secret, the signature over the body. */
export function accessWebhookRequest(input: AccessCheckInput, secret: string | undefined): AccessWebhookRequest {
  const timestamp = input.timestamp ?? Date.now();
  const payload = input.webhookPayload;
  const headersOf = payload?.headers;
  const merged = payload
    ? { ...payload, headers: { ...(headersOf && typeof headersOf === 'object' ? headersOf : {}), 'Tx-Stream-Id': input.streamName ?? '' } }
    : {};
  const body = JSON.stringify({ context: input.context, accessKey: input.accessKey, timestamp, ...merged });
  // The gate's HTTP client adds `accept` and `accept-encoding` (measured, studio-api.md "Additions").
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'livepeer.studio', accept: '*/*', 'accept-encoding': 'gzip,deflate' };
  if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(body, secret, timestamp);
  return { body, headers };
}

/** Why the gate answers 502: the handler did not answer, or its redirects lead nowhere. */
export type GateFailure = 'no-answer' | 'redirect';

export type AccessVerdict =
  | { allowed: true; status: number; answer: TestDelivery; why: string }
  | { allowed: false; status?: number; answer?: TestDelivery; gateStatus: 403 | 502; failure?: GateFailure; why: string };

/** Redirects the gate follows: the 6th request answering another redirect fails the check. */
const REDIRECTS = 5;
const FAILED = '502 "Content is gated and corresponding webhook failed"';

/**
 * Sends the gate's request from this machine to `url` (a localhost handler included), following
 * redirects as the gate does (the same POST, body and signature to the new location, whatever the
 * 3xx), and reads the answer as the gate would: 2xx allows unless its JSON `ret` says otherwise;
 * any other status refuses (403); no answer, a time-out, a redirect without `Location` or one
 * redirect too many refuse with 502.
 */
export async function checkAccessWebhook(url: string, request: AccessWebhookRequest, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<AccessVerdict> {
  let target = url;
  for (let hops = 0; ; hops++) {
    let answer: TestDelivery;
    try {
      answer = await postToReceiver(target, request.body, request.headers, options);
    } catch (error) {
      if (error instanceof StudioApiError && error.kind === 'config') throw error;
      return { allowed: false, gateStatus: 502, failure: 'no-answer', why: l10n.t('no answer: {0} — the gate answers 502 and the viewer cannot play', error instanceof Error ? error.message : String(error)) };
    }
    if (answer.status < 300 || answer.status > 399) return verdictOf(answer);
    if (!answer.location) {
      return { allowed: false, status: answer.status, answer, gateStatus: 502, failure: 'redirect', why: l10n.t('the handler answered {0} without a Location: the gate answers {1}', answer.status, FAILED) };
    }
    if (hops >= REDIRECTS) {
      return { allowed: false, status: answer.status, answer, gateStatus: 502, failure: 'redirect', why: l10n.t('the handler redirected more than {0} times: the gate answers {1}', REDIRECTS, FAILED) };
    }
    target = new URL(answer.location, target).toString();
  }
}

function verdictOf(answer: TestDelivery): AccessVerdict {
  if (answer.status < 200 || answer.status > 299) {
    return { allowed: false, status: answer.status, answer, gateStatus: 403, why: l10n.t('the handler answered {0}: the gate refuses (403 "Content is gated and corresponding webhook failed")', answer.status) };
  }
  const ret = retOf(answer.body);
  if (ret !== undefined && (ret < 200 || ret > 299)) {
    return { allowed: false, status: answer.status, answer, gateStatus: 403, why: l10n.t('the handler answered {0} with "ret": {1}: the gate refuses', answer.status, ret) };
  }
  return { allowed: true, status: answer.status, answer, why: l10n.t('the handler answered {0}: the gate allows playback', answer.status) };
}

/** The `ret` number of a JSON object answer, if any. */
function retOf(body: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const ret = parsed && typeof parsed === 'object' ? (parsed as { ret?: unknown }).ret : undefined;
    return typeof ret === 'number' ? ret : typeof ret === 'string' && /^\d+$/.test(ret) ? Number(ret) : undefined;
  } catch {
    return undefined;
  }
}
