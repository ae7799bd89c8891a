import * as vscode from 'vscode';
import { sendWebhookTestEvent, withoutKnownSecrets, withoutSecrets, type Asset, type Stream, type WebhookEventName } from '../../api';
import { buildWebhookTestEvent } from '../../api/webhooks/testEvent';
import { eventChoices } from './webhookEventChoices';
import { shownUrl } from './webhookItems';
import { nameOf, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';
import { shownName } from '../common/format';

/** The answer shown in the result, at most. */
const SHOWN_ANSWER_CHARS = 4000;

/** The account's own stream and ready asset to put in the event, where it has them (a sample otherwise). */
async function accountIds(ctx: WebhookContext, streamId: string | undefined): Promise<{ stream?: Stream; asset?: Asset }> {
  const client = ctx.session.client();
  const [stream, asset] = await Promise.all([
    (streamId ? client.streams.get(streamId) : client.streams.listPage({ streamsOnly: true }, undefined, 1).then((page) => page.items[0])).catch(() => undefined),
    client
      .assets.listPage({}, undefined, 1)
      .then((page) => page.items[0])
      .catch(() => undefined),
  ]);
  return { stream, asset };
}

function fenced(text: string): string[] {
  return ['```', text.length > SHOWN_ANSWER_CHARS ? vscode.l10n.t('{0}\n… (cut)', text.slice(0, SHOWN_ANSWER_CHARS)) : text, '```'];
}

/**
 * Builds an event of the chosen type as the service would send it, signs it with the webhook's
 * secret (read from the service, kept in memory only) and POSTs it from this machine to the
 * webhook's URL — which reaches handlers on localhost, where the service cannot. Shows the answer.
 */
export async function sendTestEvent(ctx: WebhookContext, arg: WebhookArgument, eventName?: WebhookEventName): Promise<number | undefined> {
  const chosen = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook to send a test event to'));
  if (!chosen) return undefined;
  let event = eventName;
  if (!event) {
    const subscribed = chosen.events.length ? chosen.events : undefined;
    const picked = await ctx.prompts.pick(eventChoices([], subscribed), { title: vscode.l10n.t('Livepeer: Send Test Event to {0}', nameOf(chosen)), placeHolder: vscode.l10n.t('Event to send'), matchOnDescription: true });
    event = picked?.event;
  }
  if (!event) return undefined;
  const webhook = await ctx.session.client().webhooks.get(chosen.id);
  const context = await accountIds(ctx, webhook.streamId);
  const body = buildWebhookTestEvent(event, { webhookId: webhook.id, ...context });
  const target = shownUrl(webhook.url);
  const answer = await ctx.prompts.progress(vscode.l10n.t('Livepeer: sending {0} to {1}', event, target), (_report, cancelled) => {
    const abort = new AbortController();
    const subscription = cancelled.onCancellationRequested(() => abort.abort());
    return sendWebhookTestEvent(webhook.url, body, webhook.sharedSecret, { signal: abort.signal }).finally(() => void subscription.dispose());
  });
  const ok = answer.status >= 200 && answer.status < 300;
  await ctx.results.show(vscode.l10n.t('Test event to {0}', shownName(webhook)), [
    ok
      ? vscode.l10n.t('Delivered: {0} answered **{1}** in {2} ms.', target, answer.status, answer.durationMs)
      : vscode.l10n.t('Refused: {0} answered **{1}** in {2} ms.', target, answer.status, answer.durationMs),
    '',
    vscode.l10n.t('- Event: `{0}`', event),
    webhook.sharedSecret ? vscode.l10n.t('- Signed: yes, Livepeer-Signature with the webhook’s shared secret, as the service signs') : vscode.l10n.t('- Signed: no (the webhook has no shared secret)'),
    vscode.l10n.t('- Sent from this machine, so it is not in the webhook’s delivery log.'),
    '',
    answer.contentType ? vscode.l10n.t('## Answer ({0})', withoutKnownSecrets(answer.contentType)) : vscode.l10n.t('## Answer'),
    '',
    // A receiver may echo what it got, the signature's secret included (the secret is known: the webhook was just read).
    ...fenced(withoutKnownSecrets(answer.body) || vscode.l10n.t('(empty)')),
    '',
    vscode.l10n.t('## Request body'),
    '',
    ...fenced(JSON.stringify(withoutSecrets(body), null, 2)),
  ]);
  return answer.status;
}
