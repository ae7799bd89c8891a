import * as l10n from '@vscode/l10n';
import { ID, objectCall } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { collectPages, fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import type { DeliveryQuery, Webhook, WebhookDelivery, WebhookInput, WebhookUpdate } from './types';

const WEBHOOKS = '/webhook';
const UPDATABLE_FIELDS = new Set(['name', 'url', 'events', 'sharedSecret', 'streamId']);
/**
 * Every read sends a limit: without one the service's last `Link` points at `cursor=undefined`
 * whatever the number of webhooks, so the rest would never be read.
 */
const LIST_LIMIT = 100;
/** Without `order` the service lists webhooks in no fixed order. */
const NEWEST_FIRST = 'createdAt-true';

function webhookPath(id: string, rest = ''): string {
  return `${resourcePath(WEBHOOKS, id)}${rest}`;
}

function deliveryPath(webhookId: string, deliveryId: string, rest = ''): string {
  return `${resourcePath(webhookPath(webhookId, '/log'), deliveryId)}${rest}`;
}

/** The service's URL check, loaded at the first create or URL change (it is its own bundle: the extension's stays small). */
async function checkUrl(url: unknown): Promise<void> {
  const { webhookUrlProblem } = await import('./url.js');
  const problem = typeof url === 'string' ? webhookUrlProblem(url) : 'the webhook URL is missing';
  if (problem) throw StudioApiError.config(problem);
}

async function checkFields(fields: WebhookUpdate, creating: boolean): Promise<void> {
  const names = Object.keys(fields).filter((name) => fields[name as keyof WebhookUpdate] !== undefined);
  const unknown = names.filter((name) => !UPDATABLE_FIELDS.has(name));
  if (unknown.length) throw StudioApiError.config(l10n.t('a webhook has no field {0}', unknown.join(', ')));
  if (!creating && !names.length) throw StudioApiError.config(l10n.t('nothing to change on the webhook'));
  if ((creating || fields.name !== undefined) && !fields.name?.trim()) throw StudioApiError.config(l10n.t('webhook name is empty: give the webhook a name'));
  if ((creating || fields.events !== undefined) && !Array.isArray(fields.events)) throw StudioApiError.config(l10n.t('choose the events the webhook receives'));
  if (creating || fields.url !== undefined) await checkUrl(fields.url);
}

/**
 * The service sends a `Link` on every non-empty page, the last one included: a page shorter than
 * asked for is the last, so no "Load more" leads to an empty page.
 */
async function endingShort<T>(page: Promise<Page<T>>, limit: number): Promise<Page<T>> {
  const read = await page;
  return read.items.length < limit ? { items: read.items } : read;
}

/** The service's `filters` JSON of the delivery log (JSON booleans, never strings). */
function deliveryFilters(query: DeliveryQuery): string | undefined {
  const filters: Array<{ id: string; value: string | boolean }> = [];
  if (query.event) filters.push({ id: 'event', value: query.event });
  if (query.success !== undefined) filters.push({ id: 'success', value: query.success });
  if (query.resourceId) filters.push({ id: 'resourceId', value: query.resourceId });
  return filters.length ? JSON.stringify(filters) : undefined;
}

/**
 * Webhooks and their delivery logs. A webhook answer holds its shared secret: the calls that send
 * one name it to the HTTP core, which blanks it (and any `sharedSecret` field) in errors and log lines.
 */
export class WebhookApi extends ResourceApi {
  /** Newest first. */
  listPage(cursor?: string, limit = LIST_LIMIT, signal?: AbortSignal): Promise<Page<Webhook>> {
    return endingShort(fetchPage<Webhook>(this.http, WEBHOOKS, ID, 'webhook', { order: NEWEST_FIRST }, cursor, limit, signal), limit);
  }

  list(signal?: AbortSignal): Promise<Webhook[]> {
    return collectPages((cursor) => this.listPage(cursor, LIST_LIMIT, signal), WEBHOOKS);
  }

  async get(id: string, signal?: AbortSignal): Promise<Webhook> {
    return objectCall<Webhook>(this.http, 'GET', webhookPath(id), ID, 'webhook', { signal });
  }

  /** The service answers 201 with the stored webhook (secret included). */
  async create(input: WebhookInput, signal?: AbortSignal): Promise<Webhook> {
    await checkFields(input, true);
    const body = { ...input, name: input.name.trim() };
    return objectCall<Webhook>(this.http, 'POST', WEBHOOKS, ID, 'webhook', { body, signal, secrets: [input.sharedSecret] });
  }

  /** Changes only the given fields (PATCH, 204). A `streamId` the account does not own is 404 `stream not found`. */
  async update(id: string, update: WebhookUpdate, signal?: AbortSignal): Promise<void> {
    await checkFields(update, false);
    const body = update.name === undefined ? update : { ...update, name: update.name.trim() };
    await this.http.call('PATCH', webhookPath(id), { body, signal, secrets: [update.sharedSecret] });
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', webhookPath(id), { signal });
  }

  /** One page of the webhook's deliveries, newest first, optionally only one event or outcome. */
  listDeliveriesPage(webhookId: string, options: DeliveryQuery & { cursor?: string; limit?: number } = {}, signal?: AbortSignal): Promise<Page<WebhookDelivery>> {
    const query = { order: NEWEST_FIRST, filters: deliveryFilters(options) };
    const limit = options.limit ?? LIST_LIMIT;
    return endingShort(fetchPage<WebhookDelivery>(this.http, webhookPath(webhookId, '/log'), ID, 'webhook delivery', query, options.cursor, limit, signal), limit);
  }

  async getDelivery(webhookId: string, deliveryId: string, signal?: AbortSignal): Promise<WebhookDelivery> {
    return objectCall<WebhookDelivery>(this.http, 'GET', deliveryPath(webhookId, deliveryId), ID, 'webhook delivery', { signal });
  }

  /**
   * Sends the delivery's request again (body with a new `timestamp`, re-signed) to the URL and with
   * the secret of that delivery, and answers the new log entry, also when the receiver fails.
   */
  async resendDelivery(webhookId: string, deliveryId: string, signal?: AbortSignal): Promise<WebhookDelivery> {
    return objectCall<WebhookDelivery>(this.http, 'POST', deliveryPath(webhookId, deliveryId, '/resend'), ID, 'webhook delivery', { signal });
  }
}
