import type { IncomingMessage, ServerResponse } from 'node:http';
import { WEBHOOK_URL_PATTERN, isServiceUri } from '../api/webhooks/url';
import { ownedBy, type Owner } from './accounts';
import type { Deliveries } from './deliveries';
import { parseFilters, rangeMatcher } from './filters';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { orderBy } from './order';
import { paginate } from './pagination';
import type { Store } from './store';
import { validate, type ObjectSchema } from './validate';
import type { DeliveryEntry, EmulatorWebhook, WebhookState } from './webhookState';

// /webhook and /webhook/{id}/log as the real service answers them (studio-api.md, Webhooks).

/** The service's event enum, in its order (the emulator keeps its own copy of the service's schema). */
export const SERVICE_EVENTS = [
  'stream.started', 'stream.detection', 'stream.idle', 'recording.ready', 'recording.started', 'recording.waiting',
  'multistream.connected', 'multistream.error', 'multistream.disconnected', 'playback.user.new', 'playback.accessControl',
  'asset.created', 'asset.updated', 'asset.failed', 'asset.ready', 'asset.deleted',
  'task.spawned', 'task.updated', 'task.completed', 'task.failed',
];

const FIELDS: ObjectSchema['properties'] = {
  name: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'array' },
  sharedSecret: { type: 'string' },
  streamId: { type: 'string' },
};
const CREATE: ObjectSchema = { required: ['name', 'url'], properties: FIELDS };
const UPDATE: ObjectSchema = { properties: FIELDS };

/** A log entry as the API answers it. */
export function deliveryJson(entry: DeliveryEntry): Omit<DeliveryEntry, 'sharedSecret'> {
  const { sharedSecret: _secret, ...rest } = entry;
  return rest;
}

/** The validator's error for the url or events of a body that passed the basic schema (in the schema's order). */
function fieldProblem(body: Record<string, unknown>): string | undefined {
  const error = (instancePath: string, keyword: string, params: Record<string, unknown>, message: string, schemaPath = `#/properties${instancePath}/${keyword}`) =>
    JSON.stringify([{ instancePath, schemaPath, keyword, params, message }]);
  const url = body.url as string | undefined;
  if (url !== undefined && !new RegExp(WEBHOOK_URL_PATTERN).test(url)) return error('/url', 'pattern', { pattern: WEBHOOK_URL_PATTERN }, `must match pattern "${WEBHOOK_URL_PATTERN}"`);
  if (url !== undefined && !isServiceUri(url)) return error('/url', 'format', { format: 'uri' }, 'must match format "uri"');
  const events = body.events as unknown[] | undefined;
  const unknown = events?.findIndex((event) => !SERVICE_EVENTS.includes(event as string)) ?? -1;
  if (unknown >= 0) {
    return error(`/events/${unknown}`, 'enum', { allowedValues: SERVICE_EVENTS }, 'must be equal to one of the allowed values', '#/properties/events/items/enum');
  }
  return undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Owner) => Promise<void> | void;

export interface WebhookRoutesContext {
  store: Store;
  state: WebhookState;
  deliveries: Deliveries;
  apiOrigin: string;
  defaultPageSize: number;
}

const WEBHOOK_ORDER: Record<string, (webhook: EmulatorWebhook) => number | string> = {
  createdAt: (webhook) => webhook.createdAt,
  name: (webhook) => webhook.name.toLowerCase(),
  // Without `order` the service uses no fixed order: ids are random, so this is as good as any.
  id: (webhook) => webhook.id,
};
const LOG_ORDER: Record<string, (entry: DeliveryEntry) => number | string> = { createdAt: (entry) => entry.createdAt };

type Matcher<T> = (row: T) => boolean;

function webhookFilters(raw: string | null): Array<Matcher<EmulatorWebhook>> | string {
  return parseFilters(raw, (id, value): Matcher<EmulatorWebhook> | string | undefined => {
    if (id !== 'name' && id !== 'url') return undefined;
    if (typeof value !== 'string') return `value of filter ${id} must be a string`;
    return id === 'name' ? (webhook) => webhook.name.toLowerCase().includes(value.toLowerCase()) : (webhook) => webhook.url === value;
  });
}

/** The log's filters compare text, as the service's SQL does: a range on statusCode finds nothing. */
function logFilters(raw: string | null): Array<Matcher<DeliveryEntry>> | string {
  return parseFilters(raw, (id, value): Matcher<DeliveryEntry> | string | undefined => {
    const text = typeof value === 'object' ? undefined : String(value);
    switch (id) {
      case 'event':
        return (entry) => entry.event === text;
      case 'success':
        return (entry) => String(entry.success) === text;
      case 'statusCode':
        return (entry) => entry.response?.status !== undefined && String(entry.response.status) === text;
      case 'resourceId':
        return (entry) => text !== undefined && entry.request.body.includes(text);
      case 'createdAt': {
        const inRange = rangeMatcher(value, 'createdAt');
        return typeof inRange === 'string' ? inRange : (entry) => inRange(entry.createdAt);
      }
      default:
        return undefined;
    }
  });
}

export function webhookHandlers(ctx: WebhookRoutesContext): Record<string, Handler> {
  const { state, store } = ctx;

  async function body(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema): Promise<Record<string, unknown> | undefined> {
    const read = await readJson(req);
    if (!read.ok) {
      sendErrors(res, read.status, read.message);
      return undefined;
    }
    const value = (read.value ?? {}) as Record<string, unknown>;
    const problem = validate(value, schema) ?? fieldProblem(value);
    if (problem) {
      sendErrors(res, 422, problem);
      return undefined;
    }
    return value;
  }

  function live(id: string | undefined): EmulatorWebhook | undefined {
    const webhook = state.webhooks.get(id ?? '');
    return webhook && !webhook.deleted ? webhook : undefined;
  }

  /** The log entry of the route, or undefined after answering as the service does. */
  function entryOf(res: ServerResponse, webhookId: string | undefined, logId: string | undefined): DeliveryEntry | undefined {
    const webhook = live(webhookId);
    const entry = state.log.find((e) => e.id === logId);
    if (!webhook) sendErrors(res, 404, 'webhook not found');
    else if (!entry) sendErrors(res, 404, 'webhook log not found');
    // (The service's 403 `invalid user` for another user's entry needs a second user, which the emulator has not.)
    else if (entry.webhookId !== webhook.id) sendErrors(res, 400, 'mismatch between webhook and webhook log');
    else return entry;
    return undefined;
  }

  function list<T>(res: ServerResponse, url: URL, rows: T[], filters: Array<Matcher<T>> | string, order: (a: T, b: T) => number): void {
    if (typeof filters === 'string') {
      sendErrors(res, 400, `error parsing filters: ${filters}`);
      return;
    }
    const sorted = rows.filter((row) => filters.every((matches) => matches(row))).sort(order);
    const { page, headers } = paginate(sorted, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin, linkEveryNonEmptyPage: true });
    sendJson(res, 200, page, headers);
  }

  return {
    list(_req, res, url, _params, caller) {
      const rows = [...state.webhooks.values()].filter((w) => !w.deleted && ownedBy(w, caller));
      list(res, url, rows, webhookFilters(url.searchParams.get('filters')), orderBy(url.searchParams.get('order'), WEBHOOK_ORDER, 'id-false'));
    },

    async create(req, res, _url, _params, caller) {
      const fields = await body(req, res, CREATE);
      if (!fields) return;
      if (fields.events === undefined) {
        sendErrors(res, 422, 'must provide "events" field with subscriptions');
        return;
      }
      // The service does not check streamId here (PATCH does).
      sendJson(res, 201, state.add(fields as Parameters<WebhookState['add']>[0], caller));
    },

    get(_req, res, _url, [id]) {
      const webhook = live(id);
      if (webhook) sendJson(res, 200, webhook);
      else sendErrors(res, 404, 'not found');
    },

    async update(req, res, _url, [id]) {
      const fields = await body(req, res, UPDATE);
      if (!fields) return;
      const webhook = state.webhooks.get(id ?? '');
      if (!webhook) return sendErrors(res, 404, 'webhook not found');
      if (webhook.deleted) return sendErrors(res, 404, 'not found');
      if (typeof fields.streamId === 'string' && fields.streamId) {
        const stream = store.streams.get(fields.streamId);
        if (!stream || stream.deleted || !ownedBy(stream, webhook)) return sendErrors(res, 404, 'stream not found');
      }
      Object.assign(webhook, fields);
      sendEmpty(res, 204);
    },

    delete(_req, res, _url, [id]) {
      const webhook = live(id);
      if (!webhook) return sendErrors(res, 404, 'not found');
      webhook.deleted = true;
      sendEmpty(res, 204);
    },

    /** Answers for a deleted webhook too; checked by user only. */
    listLog(_req, res, url, [id]) {
      // Newest first also among entries of the same millisecond (the sort keeps ties in order).
      const rows = state.log.filter((entry) => entry.webhookId === id && entry.userId === store.userId).reverse();
      list(res, url, rows.map(deliveryJson) as DeliveryEntry[], logFilters(url.searchParams.get('filters')), orderBy(url.searchParams.get('order'), LOG_ORDER, 'createdAt-true'));
    },

    getLog(_req, res, _url, [id, logId]) {
      const entry = entryOf(res, id, logId);
      if (entry) sendJson(res, 200, deliveryJson(entry));
    },

    async resend(req, res, _url, [id, logId]) {
      req.resume();
      const entry = entryOf(res, id, logId);
      if (entry) sendJson(res, 200, deliveryJson(await ctx.deliveries.resend(entry)));
    },
  };
}
