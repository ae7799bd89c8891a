import * as vscode from 'vscode';
import type { Webhook, WebhookDelivery } from '../../api';
import type { Account } from '../account/account';
import type { JsonDetails } from '../common/jsonDetails';
import type { Prompts } from '../common/prompts';
import type { ResultDocuments } from '../common/resultDocuments';
import { DeliveryItem, WebhookItem, urlHost } from './webhookItems';
import type { WebhookNode, WebhooksView } from './webhooksView';
import { quoted, shownName } from '../common/format';
import type { SecretChanges } from './secretChanges';

/** A delivery as Show Delivery documents it: addressed by `<webhookId>/<deliveryId>`. */
export type DeliveryRecord = WebhookDelivery & { name: string };

export interface WebhookContext {
  session: Account;
  prompts: Prompts;
  view: WebhooksView;
  treeView: vscode.TreeView<WebhookNode>;
  details: JsonDetails<Webhook>;
  deliveryDetails: JsonDetails<DeliveryRecord>;
  results: ResultDocuments;
  secretChanges: SecretChanges;
}

/** A webhook given by the tree (a row), by a caller (a webhook or its id), or picked from the palette. */
export type WebhookArgument = WebhookItem | Webhook | string | undefined;

export const nameOf = (webhook: Webhook): string => `${quoted(shownName(webhook))}`;

export async function resolveWebhook(ctx: Pick<WebhookContext, 'session' | 'prompts' | 'view'>, arg: WebhookArgument, placeHolder: string): Promise<Webhook | undefined> {
  if (arg instanceof WebhookItem) return arg.webhook;
  if (typeof arg === 'string') return ctx.session.client().webhooks.get(arg);
  if (arg?.id) return arg;
  const webhooks = ctx.view.webhooks.length ? ctx.view.webhooks : await ctx.session.client().webhooks.list();
  if (!webhooks.length) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: no webhooks yet. Create one with Create Webhook….'));
    return undefined;
  }
  // Items carry the id only: a listed webhook holds its shared secret, which no prompt may carry.
  const picked = await ctx.prompts.pick(
    webhooks.map((webhook) => ({ label: shownName(webhook), description: vscode.l10n.t('{0} · {1} events', urlHost(webhook.url), webhook.events.length), detail: webhook.id })),
    { placeHolder, matchOnDetail: true },
  );
  return webhooks.find((webhook) => webhook.id === picked?.detail);
}

/** The delivery a row stands for; from the palette, a webhook then one of its recent deliveries. */
export async function resolveDelivery(ctx: WebhookContext, arg: DeliveryItem | WebhookDelivery | undefined, placeHolder: string): Promise<WebhookDelivery | undefined> {
  if (arg instanceof DeliveryItem) return arg.delivery;
  if (arg?.id && arg.webhookId) return arg;
  const webhook = await resolveWebhook(ctx, undefined, vscode.l10n.t('Select the webhook whose delivery to choose'));
  if (!webhook) return undefined;
  const { items } = await ctx.session.client().webhooks.listDeliveriesPage(webhook.id, { limit: 50 });
  if (!items.length) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: webhook {0} has no deliveries yet.', nameOf(webhook)));
    return undefined;
  }
  const picked = await ctx.prompts.pick(
    items.map((delivery) => {
      const answer = delivery.response?.status ?? vscode.l10n.t('no answer');
      const at = new Date(delivery.createdAt).toLocaleString();
      return { label: delivery.event, description: delivery.success ? vscode.l10n.t('delivered · {0} · {1}', answer, at) : vscode.l10n.t('failed · {0} · {1}', answer, at), detail: delivery.id };
    }),
    { placeHolder },
  );
  return items.find((delivery) => delivery.id === picked?.detail);
}
