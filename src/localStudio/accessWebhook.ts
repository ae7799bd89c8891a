import { createHmac } from 'node:crypto';
import { Agent, fetch } from 'undici';
import { ownedBy, type Owner } from './accounts';
import { validate, type ObjectSchema } from './validate';
import type { WebhookState } from './webhookState';

// The service's side of access-control webhooks (studio-api.md, "Webhook gate" and "Playback
// policy"), built from those facts alone: the extension builds the same request on its own, and a
// test holds the two equal at a real handler.

export interface EmulatorPolicy {
  type: 'public' | 'jwt' | 'webhook';
  webhookId?: string;
  webhookContext?: Record<string, unknown>;
  refreshInterval?: number;
  allowedOrigins?: string[];
}

const POLICY: ObjectSchema = {
  required: ['type'],
  properties: {
    type: { type: 'string', enum: ['public', 'jwt', 'webhook'] },
    webhookId: { type: 'string' },
    webhookContext: { type: 'object' },
    refreshInterval: { type: 'number' },
    allowedOrigins: { type: 'array' },
  },
};

/**
 * Why a stream's or asset's new `playbackPolicy` is refused, as the service answers: extra fields
 * 422 (validator JSON), a webhook policy naming none throws (the service's 500), another user's or
 * an unknown webhook 400. `allowedOrigins` entries are not checked, as the service does not.
 */
export function policyRefusal(policy: unknown, caller: Owner, webhooks: WebhookState): { status: number; message: string } | undefined {
  if (policy === undefined || policy === null) return undefined;
  const problem = validate(policy, POLICY);
  if (problem) {
    const [error] = JSON.parse(problem) as [{ instancePath: string; schemaPath: string }];
    const located = { ...error, instancePath: `/playbackPolicy${error.instancePath}`, schemaPath: error.schemaPath.replace('#/', '#/properties/playbackPolicy/') };
    return { status: 422, message: JSON.stringify([located]) };
  }
  const { type, webhookId } = policy as EmulatorPolicy;
  if (type !== 'webhook') return undefined;
  if (!webhookId) throw new Error("TypeError: Cannot read properties of undefined (reading 'webhookId')");
  const webhook = webhooks.webhooks.get(webhookId);
  if (!webhook || webhook.deleted || !ownedBy(webhook, caller)) return { status: 400, message: `webhook ${webhookId} not found` };
  return undefined;
}

/** Content as the gate sees it. */
export interface GatedContent {
  userId: string;
  name?: string;
  playbackPolicy?: EmulatorPolicy | null;
}

const FAILED = 'Content is gated and corresponding webhook failed';
const REDIRECTS = 5;

export type WebhookGateAnswer = { status: 200; refreshInterval?: number } | { status: 403 | 502; message: string };

function isLoopback(url: URL): boolean {
  return ['localhost', '[::1]', '::1'].includes(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/**
 * The gate's call to the content's webhook on every check: the body `{context, accessKey,
 * timestamp}` merged with the edge's `webhookPayload` (its keys win; its `headers` gain
 * `Tx-Stream-Id`), signed with the webhook's secret; redirects followed with the same POST; 2xx allows unless its JSON
 * `ret` is not 2xx, another status refuses (403), no answer or a redirect without end 502. Deleted webhooks are still called.
 * Only loopback addresses are called: a test run sends nothing off this machine.
 */
export async function callAccessWebhook(
  webhooks: WebhookState,
  content: GatedContent,
  accessKey: string,
  webhookPayload: Record<string, unknown> | undefined,
  options: { agent: Agent; timeoutMs: number; signal: AbortSignal },
): Promise<WebhookGateAnswer> {
  const policy = content.playbackPolicy ?? { type: 'webhook' };
  const webhook = webhooks.webhooks.get(policy.webhookId ?? '');
  if (!webhook) return { status: 403, message: FAILED };
  const timestamp = Date.now();
  const given = webhookPayload?.headers;
  const merged = webhookPayload ? { ...webhookPayload, headers: { ...(given && typeof given === 'object' ? given : {}), 'Tx-Stream-Id': content.name ?? '' } } : {};
  const body = JSON.stringify({ context: policy.webhookContext, accessKey, timestamp, ...merged });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'livepeer.studio', accept: '*/*', 'accept-encoding': 'gzip,deflate' };
  if (webhook.sharedSecret) headers['Livepeer-Signature'] = `t=${timestamp},v1=${createHmac('sha256', webhook.sharedSecret).update(body).digest('hex')}`;
  let url = new URL(webhook.url);
  try {
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
    for (let hops = 0; ; hops++) {
      if (!isLoopback(url)) return { status: 502, message: FAILED };
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal, dispatcher: options.agent });
      const text = await response.text();
      if (response.status >= 300 && response.status < 400) {
        // The same POST (body and signature) to the new place, whatever the 3xx; no Location or a 6th redirect: 502.
        const location = response.headers.get('location');
        if (!location || hops >= REDIRECTS) return { status: 502, message: FAILED };
        url = new URL(location, url);
        continue;
      }
      if (response.status < 200 || response.status > 299 || refusedByRet(text)) return { status: 403, message: FAILED };
      return { status: 200, ...(policy.refreshInterval ? { refreshInterval: policy.refreshInterval } : {}) };
    }
  } catch {
    return { status: 502, message: FAILED };
  }
}

function refusedByRet(text: string): boolean {
  try {
    const ret = (JSON.parse(text) as { ret?: unknown } | null)?.ret;
    const code = typeof ret === 'number' ? ret : typeof ret === 'string' ? Number(ret) : undefined;
    return code !== undefined && !(code >= 200 && code <= 299);
  } catch {
    return false;
  }
}

/**
 * The gate's origin rule, for every policy type: the viewer's `Origin` from the edge's payload
 * (its `Referer` when that is "null" or empty), one trailing "/" removed, matched exactly; `*`
 * allows all, and no origin is allowed.
 */
export function originRefused(policy: EmulatorPolicy | null | undefined, webhookPayload: Record<string, unknown> | undefined): boolean {
  const allowed = policy?.allowedOrigins;
  if (!Array.isArray(allowed) || !allowed.length || allowed.includes('*')) return false;
  const headers = (webhookPayload?.headers ?? {}) as Record<string, unknown>;
  let origin = typeof headers.Origin === 'string' ? headers.Origin : '';
  if (origin === 'null' || origin === '') origin = typeof headers.Referer === 'string' ? headers.Referer : '';
  if (!origin) return false;
  return !allowed.includes(origin.replace(/\/$/, ''));
}
