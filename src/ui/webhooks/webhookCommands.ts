import * as vscode from 'vscode';
import type { Webhook, WebhookDelivery } from '../../api';
import { copyToClipboard, onItem, registerCommand } from '../common/commands';
import { openInStudio } from '../common/openInStudio';
import { createWebhook, editWebhook } from './webhookForm';
import { DeliveryItem, shownUrl } from './webhookItems';
import { nameOf, resolveDelivery, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';
import { sendTestEvent } from './webhookTestEvent';
import { verifySignature } from './webhookVerify';
import { COMMANDS } from '../common/commandIds';
import { DELETE } from '../common/actions';
import { leaveWalkthrough } from '../common/walkthrough';

type DeliveryArgument = DeliveryItem | WebhookDelivery | undefined;

async function remove(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const webhook = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook to delete'));
  if (!webhook) return;
  const choice = await ctx.prompts.confirm(
    vscode.l10n.t('Delete webhook {0}?', nameOf(webhook)),
    { detail: vscode.l10n.t('Livepeer Studio stops sending events to {0}. This cannot be undone.', shownUrl(webhook.url)) },
    DELETE,
  );
  if (choice !== DELETE) return;
  await (await import('../../operations/webhookChanges.js')).deleteWebhook(ctx.session.client(), webhook.id);
  ctx.view.remove(webhook.id);
}

/** The secret is read afresh from the service and goes to the clipboard only, never to a message or the log. */
async function copySecret(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const chosen = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook whose shared secret to copy'));
  if (!chosen) return;
  const { sharedSecret } = await ctx.session.client().webhooks.get(chosen.id);
  if (sharedSecret) await copyToClipboard('webhook shared secret', sharedSecret);
  else ctx.prompts.notify('info', vscode.l10n.t('Livepeer: webhook {0} has no shared secret. Set one with Edit Webhook….', nameOf(chosen)));
}

async function resend(ctx: WebhookContext, arg: DeliveryArgument): Promise<WebhookDelivery | undefined> {
  const delivery = await resolveDelivery(ctx, arg, vscode.l10n.t('Select the delivery to send again'));
  if (!delivery) return undefined;
  const sent = await (await import('../../operations/webhookChanges.js')).resendDelivery(ctx.session.client(), delivery.webhookId, delivery.id);
  const status = sent.response?.status;
  const text = sent.success
    ? vscode.l10n.t('Livepeer: {0} sent again: delivered ({1}).', sent.event, String(status))
    : status === undefined
      ? vscode.l10n.t('Livepeer: {0} sent again: failed again (no answer).', sent.event)
      : vscode.l10n.t('Livepeer: {0} sent again: failed again ({1}).', sent.event, status);
  ctx.prompts.notify(sent.success ? 'info' : 'warning', text);
  await ctx.view.refreshWebhook(delivery.webhookId);
  return sent;
}

export function registerWebhookCommands(ctx: WebhookContext): vscode.Disposable[] {
  // A failure becomes an error notification naming the action, with Retry where it helps.
  const register = <A extends unknown[]>(id: string, what: string, run: (...args: A) => unknown) => registerCommand(id, run, { prompts: ctx.prompts, what, retry: true });
  const webhook = (placeHolder: string, act: (webhook: Webhook) => unknown) => onItem((arg: WebhookArgument, pick) => resolveWebhook(ctx, arg, pick), placeHolder, act);
  return [
    registerCommand(COMMANDS.webhooks.refresh, () => ctx.view.refresh()),
    register(COMMANDS.webhooks.loadMore, 'loading more webhooks', () => ctx.view.loadMore()),
    register(COMMANDS.webhooks.loadMoreDeliveries, 'loading more deliveries', (webhookId: string) => ctx.view.loadMoreDeliveries(webhookId)),
    register(COMMANDS.webhooks.create, 'creating the webhook', (from?: unknown) => leaveWalkthrough(from, 'livepeer.webhooks').then(() => createWebhook(ctx))),
    register(COMMANDS.webhooks.edit, 'editing the webhook', (arg?: WebhookArgument) => editWebhook(ctx, arg)),
    register(COMMANDS.webhooks.delete, 'deleting the webhook', (arg?: WebhookArgument) => remove(ctx, arg)),
    register(COMMANDS.webhooks.copyUrl, 'copying the webhook URL', webhook(vscode.l10n.t('Select the webhook whose URL to copy'), (w) => copyToClipboard('webhook URL', w.url))),
    register(COMMANDS.webhooks.copySecret, 'copying the shared secret', (arg?: WebhookArgument) => copySecret(ctx, arg)),
    register(COMMANDS.webhooks.openInStudio, 'opening the webhook in Livepeer Studio', webhook(vscode.l10n.t('Select the webhook to open in Livepeer Studio'), (w) => openInStudio(ctx.prompts, 'webhook', w.id))),
    register(COMMANDS.webhooks.showDetails, 'showing the webhook details', webhook(vscode.l10n.t('Select the webhook to show'), (w) => ctx.details.show(w))),
    register(COMMANDS.webhooks.showDelivery, 'showing the delivery', async (arg?: DeliveryArgument) => {
      const delivery = await resolveDelivery(ctx, arg, vscode.l10n.t('Select the delivery to show'));
      if (delivery) await ctx.deliveryDetails.show({ id: `${delivery.webhookId}/${delivery.id}`, name: `${delivery.event} ${delivery.id}` });
    }),
    register(COMMANDS.webhooks.resendDelivery, 'sending the delivery again', (arg?: DeliveryArgument) => resend(ctx, arg)),
    register(COMMANDS.webhooks.verifySignature, 'verifying the signature', (arg?: WebhookArgument) => verifySignature(ctx, arg)),
    register(COMMANDS.webhooks.sendTestEvent, 'sending the test event', (arg?: WebhookArgument) => sendTestEvent(ctx, arg)),
  ];
}
