import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { JsonDetails } from '../common/jsonDetails';
import type { Prompts } from '../common/prompts';
import type { ResultDocuments } from '../common/resultDocuments';
import { SecretChanges } from './secretChanges';
import { deliveryDocument, webhookDocument } from './webhookItems';
import type { DeliveryRecord, WebhookContext } from './webhookPicker';
import { WebhooksView } from './webhooksView';

export { WebhooksView, type WebhookNode } from './webhooksView';
export { DeliveryItem, WebhookItem } from './webhookItems';

export interface WebhooksFeature {
  view: WebhooksView;
  /** What the webhook commands get. */
  ctx: WebhookContext;
  disposables: vscode.Disposable[];
}

/** Show Delivery documents are addressed by `<webhookId>/<deliveryId>`: a delivery is read through its webhook. */
async function fetchDelivery(session: Account, key: string): Promise<DeliveryRecord> {
  const [webhookId = '', deliveryId = ''] = key.split('/');
  const delivery = await session.client().webhooks.getDelivery(webhookId, deliveryId);
  return { ...delivery, id: key, name: `${delivery.event} ${deliveryId}` };
}

/** The Webhooks view with its deliveries and details documents; the context its commands get. */
export function activateWebhooks(session: Account, prompts: Prompts, results: ResultDocuments, state: vscode.Memento): WebhooksFeature {
  const view = new WebhooksView(session, prompts);
  const treeView = vscode.window.createTreeView('livepeer.webhooks', { treeDataProvider: view, showCollapseAll: true });
  view.showIn(treeView);
  const details = new JsonDetails('livepeer-webhook', (id) => session.client().webhooks.get(id), webhookDocument);
  const deliveryDetails = new JsonDetails('livepeer-webhook-delivery', (key) => fetchDelivery(session, key), deliveryDocument);
  const ctx: WebhookContext = { session, prompts, view, treeView, details, deliveryDetails, results, secretChanges: new SecretChanges(state) };
  return { view, ctx, disposables: [view, treeView, details, deliveryDetails] };
}
