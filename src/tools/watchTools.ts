import * as z from 'zod';
import { askGate } from '../operations/checkAccess';
import { defineTool } from './definition';
import { idField } from './fields';
import { PAGE_INPUT, pageAnswer, pageRequest } from './paging';
import { unavailable } from './readTools';
import { deliveryRow, webhookRow } from './rows';

const DAY_MS = 86_400_000;

export const listWebhooks = defineTool({
  name: 'livepeer_list_webhooks',
  toolReferenceName: 'livepeerWebhooks',
  displayName: 'Livepeer: List Webhooks',
  userDescription: 'Lists the webhooks with their recent deliveries',
  modelDescription:
    'Lists the webhooks of the account, newest first, a page at a time: id, name, URL, events, stream, last failure, and each one’s most recent deliveries (event, time, success, HTTP status). Webhook secrets are never given. Use livepeer_list_webhook_deliveries for more of one webhook’s deliveries.',
  kind: 'read',
  input: { deliveries: z.int().min(0).max(10).default(3).describe('Recent deliveries shown per webhook (default 3).'), ...PAGE_INPUT },
  async run(input, { client, signal }) {
    const { limit, cursor } = pageRequest(input);
    const shown = input.deliveries;
    const page = pageAnswer(await client.webhooks.listPage(cursor, limit, signal), limit, (webhook) => webhook);
    const items = await Promise.all(
      page.items.map(async (webhook) => {
        const deliveries = shown
          ? await client.webhooks.listDeliveriesPage(webhook.id, { limit: shown }, signal).then((log) => log.items.slice(0, shown).map(deliveryRow), unavailable)
          : undefined;
        return { ...webhookRow(webhook), ...(deliveries ? { recentDeliveries: deliveries } : {}) };
      }),
    );
    return { ...page, items };
  },
});

export const listDeliveries = defineTool({
  name: 'livepeer_list_webhook_deliveries',
  toolReferenceName: 'livepeerWebhookDeliveries',
  displayName: 'Livepeer: List Webhook Deliveries',
  userDescription: 'Lists a webhook’s deliveries',
  modelDescription:
    'Lists the deliveries of one webhook, newest first, a page at a time: event, time, success, HTTP status of the receiver. Filter by event name or by success. A failed delivery can be sent again with livepeer_resend_webhook_delivery.',
  kind: 'read',
  input: {
    webhookId: idField('The webhook id.'),
    event: z.string().max(100).optional().describe('Only deliveries of this event, e.g. stream.started.'),
    success: z.boolean().optional().describe('true: only delivered; false: only failed.'),
    ...PAGE_INPUT,
  },
  async run(input, { client, signal }) {
    const { limit, cursor } = pageRequest(input);
    const query = { event: input.event, success: input.success, cursor, limit };
    return pageAnswer(await client.webhooks.listDeliveriesPage(input.webhookId, query, signal), limit, deliveryRow);
  },
});

export const checkPlaybackAccess = defineTool({
  name: 'livepeer_check_playback_access',
  toolReferenceName: 'livepeerPlaybackAccess',
  displayName: 'Livepeer: Check Playback Access',
  userDescription: 'Whether a playback id is public, and whether a signing key may play it',
  modelDescription:
    'Checks who may play a playback id (of a stream, recording or asset): its playback policy (public, or jwt: viewers need a token signed with one of the account’s signing keys), and, given a signing key id, whether the service’s access gate accepts that key for it, as a code (allowed, key-disabled, key-unknown, key-of-another-account, content-not-found, token-needed; refused with the service’s detail).',
  kind: 'read',
  input: { playbackId: idField('The playback id.'), keyId: idField('A signing key id, to ask whether that key may play it.').optional() },
  async run(input, { client, signal }) {
    const { playbackId } = input;
    const policy = await client.playback.get(playbackId, signal).then((info) => info.meta.playbackPolicy?.type ?? 'public', unavailable);
    if (input.keyId === undefined) return { playbackId, policy };
    const [key, own] = await Promise.all([client.keys.get(input.keyId, signal), client.keys.listPage(undefined, 100, signal)]);
    const gate = await askGate(client, playbackId, key.publicKey, own.items);
    return { playbackId, policy, key: { id: key.id, name: key.name, disabled: !!key.disabled }, ...gate };
  },
});

export const viewership = defineTool({
  name: 'livepeer_viewership',
  toolReferenceName: 'livepeerViewers',
  displayName: 'Livepeer: Viewers',
  userDescription: 'Viewers now and views per day of a playback id',
  modelDescription:
    'Viewer numbers of a playback id (a stream’s or an asset’s): viewers watching now, views and minutes watched per UTC day over the last days, and all-time totals. The service may have no viewer numbers: then it says so.',
  kind: 'read',
  input: { playbackId: idField('The playback id.'), days: z.int().min(1).max(90).default(7).describe('Days back from now (default 7).') },
  async run(input, { client, signal }) {
    const { playbackId, days } = input;
    const to = Date.now();
    const viewersNow = await client.viewership.viewersNow(playbackId, signal).catch(unavailable);
    const perDay = await client.viewership.viewsPerDay(playbackId, { from: to - days * DAY_MS, to }, signal).then(
      (rows) => rows.map((row) => ({ day: new Date(row.timestamp).toISOString().slice(0, 10), views: row.viewCount, minutesWatched: row.playtimeMins })),
      unavailable,
    );
    const total = await client.viewership.totalViews(playbackId, signal).catch(unavailable);
    return { playbackId, viewersNow, perDay, total };
  },
});
