import * as vscode from 'vscode';
import type { Failure } from '../common/errorReporting';
import type { Webhook, WebhookDelivery } from '../../api';
import { deleteWebhook, resendDelivery } from '../../operations/webhookChanges';
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
  await deleteWebhook(ctx.session.client(), webhook.id);
  ctx.view.remove(webhook.id);
}

/** The secret is read afresh from the service and goes to the clipboard only, never to a message or the log. */
async function copySecret(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const chosen = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook whose shared secret to copy'));
  if (!chosen) return;
  const { sharedSecret } = await ctx.session.client().webhooks.get(chosen.id);
  if (sharedSecret) await copyToClipboard(sharedSecret, vscode.l10n.t('Livepeer: webhook shared secret copied.'));
  else ctx.prompts.notify('info', vscode.l10n.t('Livepeer: webhook {0} has no shared secret. Set one with Edit Webhook….', nameOf(chosen)));
}

async function resend(ctx: WebhookContext, arg: DeliveryArgument): Promise<WebhookDelivery | undefined> {
  const delivery = await resolveDelivery(ctx, arg, vscode.l10n.t('Select the delivery to send again'));
  if (!delivery) return undefined;
  const sent = await resendDelivery(ctx.session.client(), delivery.webhookId, delivery.id);
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
  const register = <A extends unknown[]>(id: string, failed: Failure, run: (...args: A) => unknown) => registerCommand(id, run, { prompts: ctx.prompts, failed, retry: true });
  const webhook = (placeHolder: string, act: (webhook: Webhook) => unknown) => onItem((arg: WebhookArgument, pick) => resolveWebhook(ctx, arg, pick), placeHolder, act);
  return [
    registerCommand(COMMANDS.webhooks.refresh, () => ctx.view.refresh()),
    register(COMMANDS.webhooks.loadMore, (reason) => vscode.l10n.t('Livepeer: loading more webhooks: {0}', reason), () => ctx.view.loadMore()),
    register(COMMANDS.webhooks.loadMoreDeliveries, (reason) => vscode.l10n.t('Livepeer: loading more deliveries: {0}', reason), (webhookId: string) => ctx.view.loadMoreDeliveries(webhookId)),
    register(COMMANDS.webhooks.create, (reason) => vscode.l10n.t('Livepeer: creating the webhook: {0}', reason), (from?: unknown) => leaveWalkthrough(from, 'livepeer.webhooks').then(() => createWebhook(ctx))),
    register(COMMANDS.webhooks.edit, (reason) => vscode.l10n.t('Livepeer: editing the webhook: {0}', reason), (arg?: WebhookArgument) => editWebhook(ctx, arg)),
    register(COMMANDS.webhooks.delete, (reason) => vscode.l10n.t('Livepeer: deleting the webhook: {0}', reason), (arg?: WebhookArgument) => remove(ctx, arg)),
    register(COMMANDS.webhooks.copyUrl, (reason) => vscode.l10n.t('Livepeer: copying the webhook URL: {0}', reason), webhook(vscode.l10n.t('Select the webhook whose URL to copy'), (w) => copyToClipboard(w.url, vscode.l10n.t('Livepeer: webhook URL copied.')))),
    register(COMMANDS.webhooks.copySecret, (reason) => vscode.l10n.t('Livepeer: copying the shared secret: {0}', reason), (arg?: WebhookArgument) => copySecret(ctx, arg)),
    register(COMMANDS.webhooks.openInStudio, (reason) => vscode.l10n.t('Livepeer: opening the webhook in Livepeer Studio: {0}', reason), webhook(vscode.l10n.t('Select the webhook to open in Livepeer Studio'), (w) => openInStudio(ctx.prompts, 'webhook', w.id))),
    register(COMMANDS.webhooks.showDetails, (reason) => vscode.l10n.t('Livepeer: showing the webhook details: {0}', reason), webhook(vscode.l10n.t('Select the webhook to show'), (w) => ctx.details.show(w))),
    register(COMMANDS.webhooks.showDelivery, (reason) => vscode.l10n.t('Livepeer: showing the delivery: {0}', reason), async (arg?: DeliveryArgument) => {
      const delivery = await resolveDelivery(ctx, arg, vscode.l10n.t('Select the delivery to show'));
      if (delivery) await ctx.deliveryDetails.show({ id: `${delivery.webhookId}/${delivery.id}`, name: `${delivery.event} ${delivery.id}` });
    }),
    register(COMMANDS.webhooks.resendDelivery, (reason) => vscode.l10n.t('Livepeer: sending the delivery again: {0}', reason), (arg?: DeliveryArgument) => resend(ctx, arg)),
    register(COMMANDS.webhooks.verifySignature, (reason) => vscode.l10n.t('Livepeer: verifying the signature: {0}', reason), (arg?: WebhookArgument) => verifySignature(ctx, arg)),
    register(COMMANDS.webhooks.sendTestEvent, (reason) => vscode.l10n.t('Livepeer: sending the test event: {0}', reason), (arg?: WebhookArgument) => sendTestEvent(ctx, arg)),
  ];
}
