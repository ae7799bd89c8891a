import * as vscode from 'vscode';
import { StudioApiError, type Webhook, type WebhookDelivery } from '../../api';
import type { Account } from '../account/account';
import { Disposable } from '../common/disposable';
import { MessageItem } from '../common/messageItem';
import { PagedList } from '../common/pagedList';
import { PagedTreeModel, loadMoreRow } from '../common/pagedTreeModel';
import type { PageGroupItem } from '../common/pageGroups';
import { resolveTooltip } from '../common/tooltipOnHover';
import type { Prompts } from '../common/prompts';
import type { Shown } from '../common/retryWhileShown';
import { DeliveryItem, WebhookItem } from './webhookItems';
import { tickWhenHeld } from '../common/walkthrough';
import { COMMANDS } from '../common/commandIds';
import type { DeliveryNote, DeliveryNotes } from '../common/feature';

const PAGE_SIZE = 50;
const DELIVERIES_PAGE_SIZE = 20;

export type WebhookNode = WebhookItem | DeliveryItem | PageGroupItem | MessageItem;

/**
 * The account's webhooks, newest first, each expanding to its deliveries (newest first), both page
 * by page with "Load more…". Scoped webhooks show their stream's name, read once per stream.
 */
export class WebhooksView extends Disposable implements vscode.TreeDataProvider<WebhookNode> {
  private readonly model: PagedTreeModel<Webhook, WebhookItem>;
  readonly onDidChangeTreeData: vscode.Event<WebhookNode | WebhookNode[] | undefined>;
  private readonly deliveries = new Map<string, PagedList<WebhookDelivery>>();
  /** Stream id → name (undefined: not found, shown as the id). */
  private readonly streamNames = new Map<string, string | undefined>();
  /** Notes other features add to delivery rows (a forwarding's local answers): see registerDeliveryNotes. */
  private readonly notes = new Set<DeliveryNotes>();

  constructor(
    private readonly session: Account,
    prompts: Prompts,
  ) {
    super();
    this.model = this.register(
      new PagedTreeModel<Webhook, WebhookItem>({
        session,
        prompts,
        couldNotLoad: vscode.l10n.t('Could not load webhooks'),
        refreshCommand: COMMANDS.webhooks.refresh,
        loadMoreCommand: COMMANDS.webhooks.loadMore,
        groupLabel: (first, last) => vscode.l10n.t('Webhooks {0}–{1}', first, last),
        fetchPage: (cursor, limit) => session.client().webhooks.listPage(cursor, limit ?? PAGE_SIZE),
        prepare: (webhooks) => this.nameStreams(webhooks),
      }),
    );
    this.onDidChangeTreeData = this.model.onDidChange;
    this.register(
      this.model.onDidReset(() => {
        this.deliveries.clear();
        this.streamNames.clear();
      }),
    );
  }

  /** Webhooks currently loaded (for the palette pickers). */
  get webhooks(): Webhook[] {
    return this.model.items;
  }

  /** The tree that shows this view (made from the view, so it comes after): see TreeModel.showIn. */
  showIn(tree: Shown): void {
    this.model.showIn(tree);
  }

  refresh(): void {
    this.model.reset();
  }

  loadMore(): Promise<void> {
    return this.model.loadMore();
  }

  async loadMoreDeliveries(webhookId: string): Promise<void> {
    if (await this.deliveries.get(webhookId)?.loadMore()) this.model.fire(this.model.rowFor(webhookId));
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
    const updated = this.model.list.update((webhooks) => {
      const index = webhooks.findIndex((w) => w.id === webhook.id);
      return index >= 0 ? webhooks.map((w, i) => (i === index ? webhook : w)) : [webhook, ...webhooks];
    });
    this.model.forget(webhook.id);
    if (updated) this.model.fire();
  }

  /** Delivery rows show `notes` (a forwarding's local answers), and a webhook's deliveries reload as they change, until disposed. */
  registerDeliveryNotes(notes: DeliveryNotes): vscode.Disposable {
    this.notes.add(notes);
    const subscription = notes.onDidChange((webhookId) => {
      const list = this.deliveries.get(webhookId);
      if (!list) return;
      list.reset();
      this.model.fire(this.model.rowFor(webhookId));
    });
    return new vscode.Disposable(() => {
      this.notes.delete(notes);
      subscription.dispose();
    });
  }

  private noteOf(deliveryId: string): DeliveryNote | undefined {
    for (const { notes } of this.notes) {
      const note = notes.get(deliveryId);
      if (note) return note;
    }
    return undefined;
  }

  remove(webhookId: string): void {
    this.deliveries.delete(webhookId);
    this.model.forget(webhookId);
    if (this.model.list.update((webhooks) => webhooks.filter((w) => w.id !== webhookId))) this.model.fire();
  }

  getTreeItem(node: WebhookNode): vscode.TreeItem {
    return node;
  }

  /** Builds a row's tooltip on hover, not for every row drawn (see TooltipOnHover). */
  resolveTreeItem(item: vscode.TreeItem, node: WebhookNode): vscode.TreeItem {
    return resolveTooltip(item, node);
  }

  /** A delivery's parent is its webhook's row, and a webhook past the first 1,000 is in a group row (for reveal). */
  getParent(node: WebhookNode): WebhookItem | PageGroupItem | undefined {
    if (node instanceof DeliveryItem) return this.model.rowFor(node.delivery.webhookId);
    return node instanceof WebhookItem ? this.model.groupOf(node.webhook.id) : undefined;
  }

  async getChildren(node?: WebhookNode): Promise<WebhookNode[]> {
    if (node instanceof WebhookItem) return this.deliveryRows(node.webhook.id);
    const rows = await this.model.children((webhook) => this.itemOf(webhook), node);
    if (this.model.list.isLoaded) tickWhenHeld('Webhook', this.webhooks.length);
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
      return [this.model.errorRow(vscode.l10n.t('Could not load deliveries'), error)];
    }
    if (!list.items.length) return [new MessageItem(
        vscode.l10n.t('No deliveries yet'),
        'info',
        undefined,
        vscode.l10n.t('Deliveries appear here when a subscribed event happens, or after Send Test Event… (sent from this machine, so not logged by the service).'),
      )];
    const now = Date.now();
    const rows: WebhookNode[] = list.items.map((delivery) => new DeliveryItem(delivery, now, this.noteOf(delivery.id)));
    if (list.hasMore) {
      rows.push(loadMoreRow(COMMANDS.webhooks.loadMoreDeliveries, webhookId));
    }
    return rows;
  }

  private itemOf(webhook: Webhook): WebhookItem {
    return this.model.row(webhook.id, (row) => row.webhook === webhook, () => new WebhookItem(webhook, webhook.streamId ? this.streamNames.get(webhook.streamId) : undefined));
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
}
