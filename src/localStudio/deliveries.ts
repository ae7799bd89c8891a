import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, fetch } from 'undici';
import { isLoopbackHost } from '../api/core/baseUrl';
import type { Scheduler } from './scheduler';
import type { EmulatorStream, StoreEvent } from './records';
import type { Store } from './store';
import type { DeliveryEntry, EmulatorWebhook, WebhookState } from './webhookState';

// The service's webhook sender ("cannon"): on a state change, every subscribed webhook gets a
// signed POST; each attempt is logged; 5xx and time-outs are retried with backoff, other answers
// not; the webhook's status is written a while after each attempt.

export interface DeliveryOptions {
  /** Delay before the first retry, doubling after each (the service: 5 s, up to an hour). Default 1000. */
  retryDelayMs: number;
  /** Retries after the first attempt (the service: 33). Default 3. */
  maxRetries: number;
  /** Time-out of one request, as the service's. Default 30 s. */
  timeoutMs: number;
  /** `status` of the webhook is written this long after an attempt, as the service does. Default 60 s. */
  statusDelayMs: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { retryDelayMs: 1000, maxRetries: 3, timeoutMs: 30_000, statusDelayMs: 60_000 };

const RESPONSE_EXCERPT_CHARS = 1024;

/** An event as it is fired: the same id and content on every attempt. */
interface FiredEvent {
  id: string;
  event: string;
  createdAt: number;
  stream?: Record<string, unknown>;
  payload?: Record<string, unknown>;
}

type Outcome = { status?: number; statusText?: string; text: string; error?: string; retriable: boolean; seconds: number };

type Request = DeliveryEntry['request'];

/** What the service puts in an event about a stream: never its key. */
function publicStream(stream: EmulatorStream): Record<string, unknown> {
  const { streamKey: _key, lastTerminatedAt: _terminated, deleted: _deleted, recordingStatus: _recording, ...rest } = stream;
  return clone(rest);
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The signature header, exactly as the service builds it; none without a secret. */
function signatureHeaders(body: string, secret: string | undefined, timestamp: number): Record<string, string> {
  if (!secret) return {};
  return { 'Livepeer-Signature': `t=${timestamp},v1=${createHmac('sha256', secret).update(body).digest('hex')}` };
}

function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

export class Deliveries {
  private readonly agent = new Agent();
  private readonly closing = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly unsubscribe: () => void;

  constructor(
    store: Store,
    private readonly state: WebhookState,
    private readonly scheduler: Scheduler,
    /** Origin of the recordings' addresses (the emulator's CDN stand-in). */
    private readonly cdnOrigin: string,
    private readonly options: DeliveryOptions,
  ) {
    this.unsubscribe = store.onEvent((change) => this.fire(change));
  }

  /**
   * Sends the logged request again with a new `timestamp` (re-signed), to the URL and with the
   * secret stored in that entry; answers the new entry. Not retried.
   */
  resend(entry: DeliveryEntry): Promise<DeliveryEntry> {
    return this.track(async () => {
      const timestamp = Date.now();
      const body = JSON.stringify({ ...(JSON.parse(entry.request.body) as object), timestamp });
      const request = { ...entry.request, body, headers: { ...entry.request.headers, ...signatureHeaders(body, entry.sharedSecret, timestamp) } };
      const webhook = this.state.webhooks.get(entry.webhookId);
      const outcome = await this.post(request);
      return this.record({ id: entry.webhookId, userId: entry.userId, projectId: entry.projectId }, webhook, entry, request, outcome, entry.sharedSecret);
    });
  }

  /** Stops listening, cuts requests under way and waits for them. */
  async close(): Promise<void> {
    this.unsubscribe();
    this.closing.abort();
    await Promise.allSettled([...this.inFlight]);
    await this.agent.close();
  }

  private fire(change: StoreEvent): void {
    const stream = 'stream' in change ? change.stream : undefined;
    const projectId = stream?.projectId ?? ('asset' in change ? change.asset.projectId : 'task' in change ? change.task.projectId : undefined);
    // As the service: a webhook scoped to a stream still gets events that concern no stream.
    const subscribed = [...this.state.webhooks.values()].filter(
      (w) => !w.deleted && w.events.includes(change.event) && w.projectId === projectId && (!stream || !w.streamId || w.streamId === stream.id),
    );
    if (!subscribed.length) return;
    const event: FiredEvent = { id: randomUUID(), event: change.event, createdAt: Date.now(), ...this.content(change) };
    // Each delivery works from the webhook as it was when the event happened.
    for (const webhook of subscribed) void this.attempt(clone(webhook), event, 0);
  }

  private content(change: StoreEvent): Pick<FiredEvent, 'stream' | 'payload'> {
    switch (change.event) {
      case 'stream.started':
      case 'stream.idle':
        return { stream: publicStream(change.stream) };
      case 'recording.ready': {
        const { session } = change;
        const recordings = `${this.cdnOrigin}/recordings/${session.id}`;
        const recordingUrl = `${recordings}/index.m3u8`;
        const mp4Url = `${recordings}/source.mp4`;
        const externalSession = { ...publicStream(session), recordingStatus: 'ready', recordingUrl, mp4Url, assetId: session.id };
        return { stream: publicStream(change.stream), payload: { recordingUrl, mp4Url, session: externalSession } };
      }
      case 'multistream.connected':
      case 'multistream.error':
      case 'multistream.disconnected':
        // The target by id, name and rendition: never its URL, which holds the platform's key.
        return { stream: publicStream(change.stream), payload: { target: change.target } };
      case 'asset.deleted':
        return { payload: { asset: { id: change.asset.id, snapshot: clone(change.asset) } } };
      case 'task.spawned':
      case 'task.updated':
      case 'task.completed':
      case 'task.failed':
        return { payload: { task: { id: change.task.id, type: change.task.type, snapshot: clone(change.task) } } };
      default:
        return { payload: { id: change.asset.id, snapshot: clone(change.asset) } };
    }
  }

  private attempt(webhook: EmulatorWebhook, event: FiredEvent, retries: number): Promise<unknown> {
    return this.track(async () => {
      const timestamp = Date.now();
      const { id, event: name, createdAt, stream, payload } = event;
      const body = JSON.stringify({ id, webhookId: webhook.id, createdAt, timestamp, event: name, stream, payload });
      const headers = { 'content-type': 'application/json', 'user-agent': 'livepeer.studio', ...signatureHeaders(body, webhook.sharedSecret, timestamp) };
      const request = { url: webhook.url, method: 'POST', headers, body };
      const outcome = await this.post(request);
      this.record(webhook, this.state.webhooks.get(webhook.id), { eventId: id, event: name }, request, outcome, webhook.sharedSecret);
      if (outcome.retriable && retries < this.options.maxRetries && !this.closing.signal.aborted) {
        this.scheduler.after(this.options.retryDelayMs * 2 ** retries, () => void this.attempt(webhook, event, retries + 1));
      }
    });
  }

  private async post(request: Request): Promise<Outcome> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    if (!isLoopbackUrl(request.url)) {
      // Never a request off this machine from a test run.
      return { text: '', error: 'the emulator delivers only to loopback addresses (localhost, 127.0.0.1, [::1])', retriable: false, seconds: 0 };
    }
    try {
      const signal = AbortSignal.any([this.closing.signal, AbortSignal.timeout(this.options.timeoutMs)]);
      // Redirects are not followed: one could lead off this machine.
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal, dispatcher: this.agent });
      const text = await response.text();
      return { status: response.status, statusText: response.statusText, text, retriable: response.status >= 500, seconds: seconds() };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      return { text: '', error: cause ?? (error as Error).message, retriable: true, seconds: seconds() };
    }
  }

  /** Logs one attempt and, later, writes it into the webhook's status (kept fields merge, as the service's). */
  private record(
    owner: Pick<EmulatorWebhook, 'id' | 'userId' | 'projectId'>,
    webhook: EmulatorWebhook | undefined,
    event: { eventId: string; event: string },
    request: Request,
    outcome: Outcome,
    sharedSecret: string | undefined,
  ): DeliveryEntry {
    const now = Date.now();
    const triggeredAt = now - Math.round(outcome.seconds * 1000);
    const success = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    const entry: DeliveryEntry = {
      id: randomUUID(),
      webhookId: owner.id,
      eventId: event.eventId,
      event: event.event,
      userId: owner.userId,
      projectId: owner.projectId,
      createdAt: now,
      duration: outcome.seconds,
      success,
      request,
      response: { body: outcome.text ? Buffer.from(outcome.text.slice(0, RESPONSE_EXCERPT_CHARS)).toString('base64') : '', status: outcome.status, statusText: outcome.statusText },
      sharedSecret,
    };
    this.state.log.push(entry);
    const failed = outcome.status === undefined || outcome.status >= 300;
    const lastFailure = failed
      ? { timestamp: triggeredAt, statusCode: outcome.status, error: outcome.error, response: outcome.text ? Buffer.from(outcome.text).toString('base64') : '' }
      : undefined;
    this.scheduler.after(this.options.statusDelayMs, () => {
      if (webhook) webhook.status = { ...webhook.status, lastTriggeredAt: triggeredAt, ...(lastFailure ? { lastFailure } : {}) };
    });
    return entry;
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running)).catch(() => undefined);
    return running;
  }
}
