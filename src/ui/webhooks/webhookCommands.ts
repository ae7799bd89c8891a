import * as vscode from 'vscode';
import { StudioApiError, type WebhookDelivery } from '../../api';
import { reportError } from '../common/errorReporting';
import { openInStudio } from '../common/openInStudio';
import { createWebhook, editWebhook } from './webhookForm';
import { DeliveryItem, shownUrl } from './webhookItems';
import { nameOf, resolveDelivery, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';
import { sendTestEvent } from './webhookTestEvent';
import { verifySignature } from './webhookVerify';

type DeliveryArgument = DeliveryItem | WebhookDelivery | undefined;

/** Runs one action; a failure becomes an error notification naming it, with Retry where it helps. */
async function run<T>(ctx: WebhookContext, what: string, action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    reportError(ctx.prompts, what, error, () => run(ctx, what, action));
    return undefined;
  }
}

function copied(label: string, value: string): Thenable<void> {
  vscode.window.setStatusBarMessage(`Livepeer: ${label} copied`, 3000);
  return vscode.env.clipboard.writeText(value);
}

async function remove(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const webhook = await resolveWebhook(ctx, arg, 'Select the webhook to delete');
  if (!webhook) return;
  const choice = await ctx.prompts.confirm(
    `Delete webhook ${nameOf(webhook)}?`,
    { detail: `Livepeer Studio stops sending events to ${shownUrl(webhook.url)}. This cannot be undone.` },
    'Delete',
  );
  if (choice !== 'Delete') return;
  try {
    await ctx.session.client().webhooks.delete(webhook.id);
  } catch (error) {
    // Deleted meanwhile (elsewhere, or a second click): what the person asked for is done.
    if (!(error instanceof StudioApiError && error.kind === 'not-found')) throw error;
  }
  ctx.view.remove(webhook.id);
}

/** The secret is read afresh from the service and goes to the clipboard only, never to a message or the log. */
async function copySecret(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const chosen = await resolveWebhook(ctx, arg, 'Select the webhook whose shared secret to copy');
  if (!chosen) return;
  const { sharedSecret } = await ctx.session.client().webhooks.get(chosen.id);
  if (sharedSecret) await copied('webhook shared secret', sharedSecret);
  else void ctx.prompts.message('info', `Livepeer: webhook ${nameOf(chosen)} has no shared secret. Set one with Edit Webhook….`, {});
}

async function resend(ctx: WebhookContext, arg: DeliveryArgument): Promise<WebhookDelivery | undefined> {
  const delivery = await resolveDelivery(ctx, arg, 'Select the delivery to send again');
  if (!delivery) return undefined;
  const sent = await ctx.session.client().webhooks.resendDelivery(delivery.webhookId, delivery.id);
  const outcome = sent.success ? `delivered (${sent.response?.status})` : `failed again (${sent.response?.status ?? 'no answer'})`;
  void ctx.prompts.message(sent.success ? 'info' : 'warning', `Livepeer: ${sent.event} sent again: ${outcome}.`, {});
  await ctx.view.refreshWebhook(delivery.webhookId);
  return sent;
}

export function registerWebhookCommands(ctx: WebhookContext): vscode.Disposable[] {
  const register = (id: string, handler: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, handler);
  return [
    register('livepeer.webhooks.refresh', () => ctx.view.refresh()),
    register('livepeer.webhooks.loadMore', () => run(ctx, 'loading more webhooks', () => ctx.view.loadMore())),
    register('livepeer.webhooks.loadMoreDeliveries', (webhookId: string) => run(ctx, 'loading more deliveries', () => ctx.view.loadMoreDeliveries(webhookId))),
    register('livepeer.webhooks.create', () => run(ctx, 'creating the webhook', () => createWebhook(ctx))),
    register('livepeer.webhooks.edit', (arg?: WebhookArgument) => run(ctx, 'editing the webhook', () => editWebhook(ctx, arg))),
    register('livepeer.webhooks.delete', (arg?: WebhookArgument) => run(ctx, 'deleting the webhook', () => remove(ctx, arg))),
    register('livepeer.webhooks.copyUrl', (arg?: WebhookArgument) =>
      run(ctx, 'copying the webhook URL', async () => {
        const webhook = await resolveWebhook(ctx, arg, 'Select the webhook whose URL to copy');
        if (webhook) await copied('webhook URL', webhook.url);
      }),
    ),
    register('livepeer.webhooks.copySecret', (arg?: WebhookArgument) => run(ctx, 'copying the shared secret', () => copySecret(ctx, arg))),
    register('livepeer.webhooks.openInStudio', (arg?: WebhookArgument) =>
      run(ctx, 'opening the webhook in Livepeer Studio', async () => {
        const webhook = await resolveWebhook(ctx, arg, 'Select the webhook to open in Livepeer Studio');
        return webhook ? openInStudio(ctx.prompts, 'webhook', webhook.id) : undefined;
      }),
    ),
    register('livepeer.webhooks.showDetails', (arg?: WebhookArgument) =>
      run(ctx, 'showing the webhook details', async () => {
        const webhook = await resolveWebhook(ctx, arg, 'Select the webhook to show');
        if (webhook) await ctx.details.show(webhook);
      }),
    ),
    register('livepeer.webhooks.showDelivery', (arg?: DeliveryArgument) =>
      run(ctx, 'showing the delivery', async () => {
        const delivery = await resolveDelivery(ctx, arg, 'Select the delivery to show');
        if (delivery) await ctx.deliveryDetails.show({ id: `${delivery.webhookId}/${delivery.id}`, name: `${delivery.event} ${delivery.id}` });
      }),
    ),
    register('livepeer.webhooks.resendDelivery', (arg?: DeliveryArgument) => run(ctx, 'sending the delivery again', () => resend(ctx, arg))),
    register('livepeer.webhooks.verifySignature', (arg?: WebhookArgument) => run(ctx, 'verifying the signature', () => verifySignature(ctx, arg))),
    register('livepeer.webhooks.sendTestEvent', (arg?: WebhookArgument) => run(ctx, 'sending the test event', () => sendTestEvent(ctx, arg))),
  ];
}
