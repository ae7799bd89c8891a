import { randomUUID } from 'node:crypto';
import type { Webhook, WebhookDelivery } from '../api/webhooks/types';
import { ownerOf, type Owner } from './accounts';
import type { Store } from './store';

// The webhooks and their delivery log, apart from the routes (webhooks.ts) and the sender
// (deliveries.ts), which both work on them.

export interface EmulatorWebhook extends Webhook {
  userId: string;
  projectId: string;
  kind: 'webhook';
  createdAt: number;
  /** Deleted webhooks are only marked: GET, PATCH and DELETE then answer 404 `not found`. */
  deleted?: boolean;
}

/** A log entry as stored: the answers leave out the secret it was signed with. */
export interface DeliveryEntry extends WebhookDelivery {
  eventId: string;
  userId: string;
  projectId: string;
  sharedSecret?: string;
}

/** Webhooks and their delivery log. */
export class WebhookState {
  readonly webhooks = new Map<string, EmulatorWebhook>();
  /** Every delivery attempt and resend, oldest first. */
  readonly log: DeliveryEntry[] = [];

  constructor(private readonly store: Store) {}

  /** A webhook as POST /webhook stores it; for seeding and tests. */
  add(fields: { name: string; url: string; events: string[]; sharedSecret?: string; streamId?: string }, owner: Owner = this.store): EmulatorWebhook {
    const webhook: EmulatorWebhook = {
      id: randomUUID(),
      ...ownerOf(owner),
      createdAt: Date.now(),
      kind: 'webhook',
      ...fields,
    };
    this.webhooks.set(webhook.id, webhook);
    return webhook;
  }
}
