import * as vscode from 'vscode';
import { StudioApiError, type Webhook, type WebhookDelivery } from '../../api';
import type { Account } from '../account/account';
import { notifyIfTokenRejected } from '../common/errorReporting';
import { MessageItem, loadErrorItem } from '../common/messageItem';
import { PagedList } from '../common/pagedList';
import type { Prompts } from '../common/prompts';
import { DeliveryItem, WebhookItem } from './webhookItems';
import { tickWhenHeld } from '../common/walkthrough';

const PAGE_SIZE = 50;
const DELIVERIES_PAGE_SIZE = 20;

export type WebhookNode = WebhookItem | DeliveryItem | MessageItem;

/**
 * The account's webhooks, newest first, each expanding to its deliveries (newest first), both page
 * by page with "Load more…". Scoped webhooks show their stream's name, read once per stream.
 */
export class WebhooksView implements vscode.TreeDataProvider<WebhookNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<WebhookNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list = new PagedList<Webhook>(
    (cursor) => this.session.client().webhooks.listPage(cursor, PAGE_SIZE),
    (webhooks) => this.nameStreams(webhooks),
  );
  private readonly deliveries = new Map<string, PagedList<WebhookDelivery>>();
  private readonly items = new Map<string, WebhookItem>();
  /** Stream id → name (undefined: not found, shown as the id). */
  private readonly streamNames = new Map<string, string | undefined>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Account,
    private readonly prompts: Prompts,
  ) {
    this.subscriptions = [session.onDidChange(() => this.refresh())];
  }

  /** Webhooks currently loaded (for the palette pickers). */
  get webhooks(): Webhook[] {
    return this.list.items;
  }

  refresh(): void {
    this.list.reset();
    this.deliveries.clear();
    this.items.clear();
    this.streamNames.clear();
    this.changed.fire(undefined);
  }

  async loadMore(): Promise<void> {
    if (await this.list.loadMore()) this.changed.fire(undefined);
  }

  async loadMoreDeliveries(webhookId: string): Promise<void> {
    if (await this.deliveries.get(webhookId)?.loadMore()) this.changed.fire(this.items.get(webhookId));
  }

  /** Reads the webhook again and reloads its deliveries (after a resend or an edit). */
  async refreshWebhook(webhookId: string): Promise<void> {
    const webhook = await this.session.client().webhooks.get(webhookId);
    this.deliveries.get(webhookId)?.reset();
    await this.addOrUpdate(webhook);
  }

  /** Shows a new or changed webhook at once (with its stream's name): replaced in place, or added at the top. */
  async addOrUpdate(webhook: Webhook): Promise<void> {
    // Without the name (the stream could not be read now) the row shows the stream's id.
    await this.nameStreams([webhook]).catch(() => undefined);
    const updated = this.list.update((webhooks) => {
      const index = webhooks.findIndex((w) => w.id === webhook.id);
      return index >= 0 ? webhooks.map((w, i) => (i === index ? webhook : w)) : [webhook, ...webhooks];
    });
    this.items.delete(webhook.id);
    if (updated) this.changed.fire(undefined);
  }

  remove(webhookId: string): void {
    this.deliveries.delete(webhookId);
    this.items.delete(webhookId);
    if (this.list.update((webhooks) => webhooks.filter((w) => w.id !== webhookId))) this.changed.fire(undefined);
  }

  getTreeItem(node: WebhookNode): vscode.TreeItem {
    return node;
  }

  /** A delivery's parent is its webhook's row (for reveal). */
  getParent(node: WebhookNode): WebhookItem | undefined {
    return node instanceof DeliveryItem ? this.items.get(node.delivery.webhookId) : undefined;
  }

  async getChildren(node?: WebhookNode): Promise<WebhookNode[]> {
    if (!this.session.hasToken) return [];
    if (node instanceof WebhookItem) return this.deliveryRows(node.webhook.id);
    if (node) return [];
    try {
      await this.list.load();
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading webhooks', error);
      return [loadErrorItem('webhooks', error, 'livepeer.webhooks.refresh')];
    }
    tickWhenHeld('Webhook', this.webhooks.length);
    const rows: WebhookNode[] = this.webhooks.map((webhook) => this.itemOf(webhook));
    if (this.list.hasMore) rows.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.webhooks.loadMore', title: 'Load More Webhooks' }));
    return rows;
  }

  private async deliveryRows(webhookId: string): Promise<WebhookNode[]> {
    let list = this.deliveries.get(webhookId);
    if (!list) {
      list = new PagedList((cursor) => this.session.client().webhooks.listDeliveriesPage(webhookId, { cursor, limit: DELIVERIES_PAGE_SIZE }));
      this.deliveries.set(webhookId, list);
    }
    try {
      await list.load();
    } catch (error) {
      return [loadErrorItem('deliveries', error, 'livepeer.webhooks.refresh')];
    }
    if (!list.items.length) return [new MessageItem('No deliveries yet', 'info', undefined, 'Deliveries appear here when a subscribed event happens, or after Send Test Event… (sent from this machine, so not logged by the service).')];
    const now = Date.now();
    const rows: WebhookNode[] = list.items.map((delivery) => new DeliveryItem(delivery, now));
    if (list.hasMore) {
      rows.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.webhooks.loadMoreDeliveries', title: 'Load More Deliveries', arguments: [webhookId] }));
    }
    return rows;
  }

  private itemOf(webhook: Webhook): WebhookItem {
    let item = this.items.get(webhook.id);
    if (!item || item.webhook !== webhook) {
      item = new WebhookItem(webhook, webhook.streamId ? this.streamNames.get(webhook.streamId) : undefined);
      this.items.set(webhook.id, item);
    }
    return item;
  }

  private async nameStreams(webhooks: Webhook[]): Promise<void> {
    const unknown = [...new Set(webhooks.map((w) => w.streamId).filter((id): id is string => !!id && !this.streamNames.has(id)))];
    await Promise.all(
      unknown.map(async (id) => {
        try {
          this.streamNames.set(id, (await this.session.client().streams.get(id)).name);
        } catch (error) {
          // A deleted stream reads as its id; any other failure fails the page (the row says why).
          if (!(error instanceof StudioApiError && error.kind === 'not-found')) throw error;
          this.streamNames.set(id, undefined);
        }
      }),
    );
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
