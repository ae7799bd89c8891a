import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendErrors, sendJson } from './http';
import { Agent } from 'undici';
import { callAccessWebhook, originRefused, type GatedContent } from './accessWebhook';
import type { Store } from './store';
import type { WebhookState } from './webhookState';
import { validate, type ObjectSchema } from './validate';

const GATE: ObjectSchema = {
  required: ['stream', 'type'],
  properties: {
    stream: { type: 'string' },
    type: { type: 'string', enum: ['jwt', 'accessKey'] },
    pub: { type: 'string' },
    accessKey: { type: 'string' },
    webhookPayload: { type: 'object' },
  },
};

/** How the real gate's key lookup ages (see studio-api.md, Playback); tests shorten both. */
export interface GateTiming {
  /** The key lookup by public key is cached this long (the service: 120 s, `Cache-Control: max-age=120`). */
  cacheMs: number;
  /** `lastSeen` is written this long after an allowed check (the service: about 60 s). */
  lastSeenDelayMs: number;
  /** Runs `fn` later (the emulator's scheduler, so close() cancels it). */
  after(ms: number, fn: () => void): void;
}

/** What the gate knew of a key when it looked it up: a copy, so later changes do not show until it expires. */
interface KeyLookup {
  found?: { id: string; userId: string; refused: boolean };
  at: number;
}

export type GateAnswer = { status: 200; keyId?: string; userId?: string; refreshInterval?: number } | { status: 403 | 404 | 502; message: string };

/** What the gate is asked: by the API's endpoint (its body) and by the playback edge. */
export interface GateRequest {
  stream: string;
  type: 'jwt' | 'accessKey';
  pub?: string;
  accessKey?: string;
  /** The viewer's request as the edge saw it (`headers.Origin`, `Referer`…): checked against allowed origins, passed to a webhook. */
  webhookPayload?: Record<string, unknown>;
}

/** The gate's decision for a stream and key, with the service's key cache and lastSeen delay, and its webhook calls. */
export interface Gate {
  check(request: GateRequest): Promise<GateAnswer>;
  /** Cuts webhook calls under way. */
  close(): Promise<void>;
}

/** How long the gate waits for an access-control webhook, as the service (30 s). */
const WEBHOOK_TIMEOUT_MS = 30_000;

/**
 * The real gate's logic and timing: a key lookup is cached, so a key disabled or enabled just now
 * keeps its old answer until the lookup expires, and an allowed check sets the key's lastSeen only
 * later. Allowed origins are checked for every policy; a webhook policy calls its webhook on every
 * check. The API's gate endpoint and the playback origin (as the real edge does) both ask it.
 */
export function createGate(store: Store, timing: GateTiming, webhooks: WebhookState): Gate {
  const lookups = new Map<string, KeyLookup>();
  const agent = new Agent();
  const closing = new AbortController();
  const lookUp = (pub: string): KeyLookup['found'] => {
    const now = Date.now();
    const cached = lookups.get(pub);
    if (cached && now - cached.at < timing.cacheMs) return cached.found;
    const key = [...store.signingKeys.values(), ...store.deletedSigningKeys.values(), ...store.otherAccountsSigningKeys.values()].find((k) => k.publicKey === pub);
    const found = key && { id: key.id, userId: key.userId, refused: key.disabled || !store.signingKeys.has(key.id) };
    lookups.set(pub, { found, at: now });
    return found;
  };
  const check = async (request: GateRequest): Promise<GateAnswer> => {
    const playbackId = /^video\+(.+)$/.exec(request.stream)?.[1] ?? '';
    const content = contentOf(store, playbackId);
    if (!content) return { status: 404, message: 'Content not found' };
    if (originRefused(content.playbackPolicy, request.webhookPayload)) return { status: 403, message: 'Content is gated and origin not in allowed origins' };
    if (content.playbackPolicy?.type === 'webhook') {
      if (request.type !== 'accessKey' || !request.accessKey) return { status: 403, message: 'Content is gated and requires an access key' };
      const called = await callAccessWebhook(webhooks, content, request.accessKey, request.webhookPayload, { agent, timeoutMs: WEBHOOK_TIMEOUT_MS, signal: closing.signal });
      return called.status === 200 ? { ...called, userId: content.userId } : called;
    }
    const { pub } = request;
    const answer = decide(content, request.type === 'jwt' && pub !== undefined ? { pub, key: lookUp(pub) } : undefined);
    if (answer.status !== 200) return answer;
    const { keyId } = answer;
    if (keyId) {
      const seen = Date.now();
      const write = () => {
        const key = store.signingKeys.get(keyId);
        if (key) key.lastSeen = seen;
      };
      if (timing.lastSeenDelayMs > 0) timing.after(timing.lastSeenDelayMs, write);
      else write();
    }
    return { ...answer, userId: content.userId };
  };
  return {
    check,
    async close() {
      closing.abort();
      await agent.close();
    },
  };
}

/** POST /access-control/gate: what the playback edge asks after checking a token's signature, with the service's answers and texts. */
export function accessGate(gate: Gate, timing: GateTiming): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const body = await readJson(req);
    if (!body.ok) return sendErrors(res, body.status, body.message);
    const problem = validate(body.value, GATE);
    if (problem) return sendErrors(res, 422, problem);
    const answer = await gate.check(body.value as GateRequest);
    if (answer.status !== 200) return sendErrors(res, answer.status, answer.message);
    const refresh = answer.refreshInterval ? { refresh_interval: answer.refreshInterval } : {};
    sendJson(res, 200, { user_viewer_limit: 10_000, user_id: answer.userId, ...refresh }, { 'Cache-Control': `max-age=${Math.round(timing.cacheMs / 1000)},stale-while-revalidate=600` });
  };
}

type Content = GatedContent;

function decide(content: Content, given: { pub: string; key: KeyLookup['found'] } | undefined): GateAnswer {
  if (content.playbackPolicy?.type !== 'jwt') return { status: 200 };
  if (!given) return { status: 403, message: 'Content is gated and requires a public key' };
  const { key } = given;
  if (!key) return { status: 403, message: 'Content is gated and corresponding public key not found' };
  // The real service does not tell another account's key apart from missing content.
  if (key.userId !== content.userId) return { status: 404, message: 'Content not found' };
  if (key.refused) return { status: 403, message: 'The public key is disabled or deleted' };
  return { status: 200, keyId: key.id };
}

/** A stream (not a session) or asset by playback id, unless deleted or suspended. */
function contentOf(store: Store, playbackId: string): Content | undefined {
  const stream = store.streamByPlaybackId(playbackId);
  if (stream) return stream.suspended || (stream as { deleted?: boolean }).deleted ? undefined : stream;
  return store.assetByPlaybackId(playbackId);
}
