import { messageOf } from '../../api/core/errors';
import type { WebhookApi } from '../../api/webhooks/client';
import { localTargetProblem } from './localTarget';
import { Refused } from '../refusal';
import { SIGNATURE_HEADER, signWebhookBody } from '../../api/webhooks/signature';
import { postToReceiver, type TestDelivery } from '../../api/webhooks/testSend';
import type { Webhook, WebhookDelivery } from '../../api/webhooks/types';

// Forwards a webhook's real deliveries to a handler on this machine: the service's delivery log keeps
// each request (body and headers), so polling it while forwarding is all it takes. Each event is
// POSTed once, oldest first, with the service's headers and a fresh `timestamp` signed with the
// webhook's secret as the service signs (as its own resend does); a receiver that cannot be reached
// holds the queue (retried with backoff, never skipped); an empty log slows the polling down.

export interface ForwardTiming {
  /** First poll interval, and the one after something arrived. Default 1 s. */
  minPollMs: number;
  /** The interval doubles while nothing arrives, up to this (also between tries of a receiver that is down). Default 10 s. */
  maxPollMs: number;
  /** Time-out of one POST to the receiver. Default 30 s, as the service's. */
  timeoutMs: number;
  /** Log entries read per request. Default 20. */
  pageSize: number;
}

export const DEFAULT_FORWARD_TIMING: ForwardTiming = { minPollMs: 1000, maxPollMs: 10_000, timeoutMs: 30_000, pageSize: 20 };

export type ForwardEvent =
  | { kind: 'forwarded'; delivery: WebhookDelivery; answer: TestDelivery }
  | { kind: 'receiver-down'; delivery: WebhookDelivery; message: string; retryInMs: number }
  | { kind: 'log-unreadable'; message: string; retryInMs: number }
  | { kind: 'stopped' };

export interface ForwardRequest {
  webhookId: string;
  /** A loopback or private address (see localTarget.ts). */
  target: string;
  onEvent?: (event: ForwardEvent) => void;
  timing?: Partial<ForwardTiming>;
}

export interface Forwarding {
  readonly webhook: Pick<Webhook, 'id' | 'name'>;
  readonly target: string;
  /** Ends the polling and any request under way; resolves once nothing is left running. */
  stop(): Promise<void>;
}

/** Log entries this close before the newest one handled are read again, in case the log wrote them late. */
const LATE_ENTRY_MS = 5000;
/** Event ids remembered, so a retry or resend of a forwarded event is not forwarded again. */
const EVENT_MEMORY = 1000;
/** Headers of the logged request that belong to that connection, not to the event. */
const CONNECTION_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding', 'keep-alive']);

type LogReader = Pick<WebhookApi, 'get' | 'listDeliveriesPage'>;

/** Resolves after `ms`, or at once when `signal` aborts (the timer is cleared: nothing is left running). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

function eventIdOf(delivery: WebhookDelivery): string {
  try {
    const id = (JSON.parse(delivery.request.body) as { id?: unknown }).id;
    if (typeof id === 'string' && id) return id;
  } catch {
    // Not JSON: the entry stands for itself.
  }
  return delivery.eventId ?? delivery.id;
}

/** The logged request as the service would send it now: its headers, a new `timestamp`, the signature over the exact bytes. */
export function forwardedRequest(delivery: WebhookDelivery, secret: string | undefined, now = Date.now()): { body: string; headers: Record<string, string> } {
  let body = delivery.request.body;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'timestamp' in parsed) body = JSON.stringify({ ...parsed, timestamp: now });
  } catch {
    // Not JSON: sent as logged, signed at `now`.
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower !== SIGNATURE_HEADER.toLowerCase() && !CONNECTION_HEADERS.has(lower)) headers[name] = value;
  }
  if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(body, secret, now);
  return { body, headers };
}

class Forwarder implements Forwarding {
  private readonly stopping = new AbortController();
  private readonly timing: ForwardTiming;
  /** Log entries already handled (or there before forwarding began), by id, with their createdAt. */
  private readonly seen = new Map<string, number>();
  private readonly forwardedEvents = new Set<string>();
  /** createdAt of the newest entry handled. */
  private newest = -Infinity;
  private running: Promise<void> = Promise.resolve();
  readonly webhook: Pick<Webhook, 'id' | 'name'>;
  /** Signs each request; kept here only, never in an event. */
  private readonly secret: string | undefined;

  constructor(
    private readonly log: LogReader,
    webhook: Webhook,
    readonly target: string,
    private readonly onEvent: (event: ForwardEvent) => void,
    timing: Partial<ForwardTiming> | undefined,
  ) {
    this.webhook = { id: webhook.id, name: webhook.name };
    this.secret = webhook.sharedSecret;
    this.timing = { ...DEFAULT_FORWARD_TIMING, ...timing };
  }

  /** Notes what the log holds now: forwarding starts after it. */
  async begin(): Promise<void> {
    const first = await this.log.listDeliveriesPage(this.webhook.id, { limit: this.timing.pageSize }, this.stopping.signal);
    this.remember(first.items);
    for (const entry of first.items) this.forwardedEvents.add(eventIdOf(entry));
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    const wasRunning = !this.stopping.signal.aborted;
    this.stopping.abort();
    await this.running;
    if (wasRunning) this.onEvent({ kind: 'stopped' });
  }

  private remember(entries: WebhookDelivery[]): void {
    for (const entry of entries) {
      this.seen.set(entry.id, entry.createdAt);
      this.newest = Math.max(this.newest, entry.createdAt);
    }
    for (const [id, createdAt] of this.seen) if (createdAt < this.newest - LATE_ENTRY_MS) this.seen.delete(id);
  }

  private async loop(): Promise<void> {
    const signal = this.stopping.signal;
    let interval = this.timing.minPollMs;
    while (!signal.aborted) {
      await pause(interval, signal);
      if (signal.aborted) return;
      let fresh: WebhookDelivery[];
      try {
        fresh = await this.readNew();
      } catch (error) {
        if (signal.aborted) return;
        interval = Math.min(interval * 2, this.timing.maxPollMs);
        this.onEvent({ kind: 'log-unreadable', message: messageOf(error), retryInMs: interval });
        continue;
      }
      for (const delivery of fresh) {
        if (!(await this.forward(delivery))) return;
      }
      interval = fresh.length ? this.timing.minPollMs : Math.min(interval * 2, this.timing.maxPollMs);
    }
  }

  /** Entries logged since the last read, oldest first (the log answers newest first). */
  private async readNew(): Promise<WebhookDelivery[]> {
    const found: WebhookDelivery[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await this.log.listDeliveriesPage(this.webhook.id, { limit: this.timing.pageSize, cursor }, this.stopping.signal);
      let reachedOld = false;
      for (const entry of page.items) {
        if (entry.createdAt < this.newest - LATE_ENTRY_MS) reachedOld = true;
        else if (!this.seen.has(entry.id)) found.push(entry);
      }
      if (reachedOld || !page.nextCursor || page.nextCursor === cursor) break;
      cursor = page.nextCursor;
    }
    found.reverse();
    return found;
  }

  /** POSTs one entry's event until the receiver answers (false when stopped first); repeats of a forwarded event are passed over. */
  private async forward(delivery: WebhookDelivery): Promise<boolean> {
    const signal = this.stopping.signal;
    const eventId = eventIdOf(delivery);
    let retryMs = this.timing.minPollMs;
    while (!this.forwardedEvents.has(eventId)) {
      const { body, headers } = forwardedRequest(delivery, this.secret);
      try {
        const answer = await postToReceiver(this.target, body, headers, { timeoutMs: this.timing.timeoutMs, signal });
        this.rememberEvent(eventId);
        this.onEvent({ kind: 'forwarded', delivery, answer });
      } catch (error) {
        if (signal.aborted) return false;
        this.onEvent({ kind: 'receiver-down', delivery, message: messageOf(error), retryInMs: retryMs });
        await pause(retryMs, signal);
        if (signal.aborted) return false;
        retryMs = Math.min(retryMs * 2, this.timing.maxPollMs);
      }
    }
    this.remember([delivery]);
    return true;
  }

  private rememberEvent(eventId: string): void {
    this.forwardedEvents.add(eventId);
    if (this.forwardedEvents.size > EVENT_MEMORY) this.forwardedEvents.delete(this.forwardedEvents.values().next().value as string);
  }
}

/**
 * Starts forwarding the webhook's new deliveries to `target`: reads the webhook (its secret signs
 * each request) and where its log stands, then polls in the background until `stop()`.
 */
export async function startForwarding(log: LogReader, request: ForwardRequest): Promise<Forwarding> {
  const problem = localTargetProblem(request.target);
  if (problem) throw new Refused(problem);
  const webhook = await log.get(request.webhookId);
  const forwarder = new Forwarder(log, webhook, request.target.trim(), request.onEvent ?? (() => undefined), request.timing);
  await forwarder.begin();
  return forwarder;
}
