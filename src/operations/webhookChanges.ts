import { isAlreadyGone, type StudioClient, type Webhook, type WebhookDelivery, type WebhookInput, type WebhookUpdate } from '../api';

type Webhooks = Pick<StudioClient, 'webhooks'>;

export function createWebhook(client: Webhooks, input: WebhookInput): Promise<Webhook> {
  return client.webhooks.create(input);
}

/** Changes only the fields given; a new shared secret takes effect for the next delivery. */
export function updateWebhook(client: Webhooks, webhookId: string, change: WebhookUpdate): Promise<void> {
  return client.webhooks.update(webhookId, change);
}

/** Deletes a webhook; one deleted meanwhile (elsewhere, or a second click) is done as asked, said by the answer. */
export async function deleteWebhook(client: Webhooks, webhookId: string): Promise<'deleted' | 'already-gone'> {
  try {
    await client.webhooks.delete(webhookId);
    return 'deleted';
  } catch (error) {
    if (isAlreadyGone(error)) return 'already-gone';
    throw error;
  }
}

/** Sends a delivery again (the same event, signed anew, to the webhook's URL): the new delivery, with the receiver's answer. */
export function resendDelivery(client: Webhooks, webhookId: string, deliveryId: string, signal?: AbortSignal): Promise<WebhookDelivery> {
  return client.webhooks.resendDelivery(webhookId, deliveryId, signal);
}
