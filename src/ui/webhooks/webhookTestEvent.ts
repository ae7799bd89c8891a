import { sendWebhookTestEvent, withoutKnownSecrets, withoutSecrets, type Asset, type Stream, type WebhookEventName } from '../../api';
import { shownUrl } from './webhookItems';
import { nameOf, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';

const TITLE = 'Livepeer: Send Test Event';
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
  return ['```', text.length > SHOWN_ANSWER_CHARS ? `${text.slice(0, SHOWN_ANSWER_CHARS)}\n… (cut)` : text, '```'];
}

/**
 * Builds an event of the chosen type as the service would send it, signs it with the webhook's
 * secret (read from the service, kept in memory only) and POSTs it from this machine to the
 * webhook's URL — which reaches handlers on localhost, where the service cannot. Shows the answer.
 */
export async function sendTestEvent(ctx: WebhookContext, arg: WebhookArgument, eventName?: WebhookEventName): Promise<number | undefined> {
  const chosen = await resolveWebhook(ctx, arg, 'Select the webhook to send a test event to');
  if (!chosen) return undefined;
  let event = eventName;
  if (!event) {
    const subscribed = chosen.events.length ? chosen.events : undefined;
    const { eventChoices } = await import('./webhookEventChoices.js');
    const picked = await ctx.prompts.pick(eventChoices([], subscribed), { title: `${TITLE} to ${nameOf(chosen)}`, placeHolder: 'Event to send', matchOnDescription: true });
    event = picked?.event;
  }
  if (!event) return undefined;
  const webhook = await ctx.session.client().webhooks.get(chosen.id);
  const context = await accountIds(ctx, webhook.streamId);
  const { buildWebhookTestEvent } = await import('../../api/webhooks/testEvent.js');
  const body = buildWebhookTestEvent(event, { webhookId: webhook.id, ...context });
  const target = shownUrl(webhook.url);
  const answer = await ctx.prompts.progress(`Livepeer: sending ${event} to ${target}`, (_report, cancelled) => {
    const abort = new AbortController();
    const subscription = cancelled.onCancellationRequested(() => abort.abort());
    return sendWebhookTestEvent(webhook.url, body, webhook.sharedSecret, { signal: abort.signal }).finally(() => subscription.dispose());
  });
  const ok = answer.status >= 200 && answer.status < 300;
  await ctx.results.show(`Test event to ${webhook.name || webhook.id}`, [
    `${ok ? 'Delivered' : 'Refused'}: ${target} answered **${answer.status}** in ${answer.durationMs} ms.`,
    '',
    `- Event: \`${event}\``,
    `- Signed: ${webhook.sharedSecret ? 'yes, Livepeer-Signature with the webhook’s shared secret, as the service signs' : 'no (the webhook has no shared secret)'}`,
    '- Sent from this machine, so it is not in the webhook’s delivery log.',
    '',
    `## Answer${answer.contentType ? ` (${withoutKnownSecrets(answer.contentType)})` : ''}`,
    '',
    // A receiver may echo what it got, the signature's secret included (the secret is known: the webhook was just read).
    ...fenced(withoutKnownSecrets(answer.body) || '(empty)'),
    '',
    '## Request body',
    '',
    ...fenced(JSON.stringify(withoutSecrets(body), null, 2)),
  ]);
  return answer.status;
}
