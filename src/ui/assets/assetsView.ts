import * as vscode from 'vscode';
import { fetchThumbnailDataUri, isSettled, type Asset } from '../../api';
import { notifyIfTokenRejected } from '../common/errorReporting';
import { MessageItem, loadErrorItem } from '../common/messageItem';
import { PagedList } from '../common/pagedList';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import type { AssetFilters } from './assetFilters';
import { AssetItem, assetTooltip } from './assetItem';

const PAGE_SIZE = 50;
const THUMBNAIL_HRN = /^Thumbnail \((PNG|JPEG)\)$/;

type Node = AssetItem | MessageItem;

/**
 * The account's assets, newest first, page by page with a "Load more…" row, filtered by the service.
 * Rows keep their identity between refreshes of the same data, so the tree can reveal them.
 */
export class AssetsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly pageLoaded = new vscode.EventEmitter<void>();
  /** A first page arrived (the tree asked for it, so no tree change is announced). */
  readonly onDidLoad = this.pageLoaded.event;
  private readonly removed = new vscode.EventEmitter<string>();
  /** An asset was deleted here or found gone (its id), listed or not. */
  readonly onDidRemove = this.removed.event;
  private readonly list = new PagedList<Asset>((cursor, limit) => this.session.client().assets.listPage(this.filters.query(), cursor, limit ?? PAGE_SIZE));
  private readonly items = new Map<string, AssetItem>();
  /** Playback id → thumbnail as a data URI (undefined when there is none), fetched on first hover. */
  private readonly thumbnails = new Map<string, Promise<string | undefined>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Account,
    private readonly prompts: Prompts,
    readonly filters: AssetFilters,
    /** Assets that stay `uploading` for good (their upload was cancelled): nothing polls them. */
    private readonly isAbandoned: (assetId: string) => boolean,
  ) {
    this.subscriptions = [session.onDidChange(() => this.refresh()), filters.onDidChange(() => this.refresh())];
  }

  /** Assets currently loaded (for the palette pickers and the processing refresh). */
  get assets(): Asset[] {
    return this.list.items;
  }

  refresh(): void {
    this.list.reset();
    this.items.clear();
    this.changed.fire(undefined);
  }

  async loadMore(): Promise<void> {
    if (await this.list.loadMore()) this.changed.fire(undefined);
  }

  /**
   * Shows a new or changed asset at once (a new upload, a rename, a processing update): replaced in
   * place when listed (its row alone is redrawn), otherwise added at the top, where the newest assets are.
   */
  addOrUpdate(asset: Asset): void {
    const listed = this.assets.some((a) => a.id === asset.id);
    const updated = this.list.update((assets) => (listed ? assets.map((a) => (a.id === asset.id ? asset : a)) : [asset, ...assets]));
    if (!updated) return;
    const row = this.items.get(asset.id);
    if (listed && row) {
      row.show(asset);
      this.changed.fire([row]);
    } else {
      this.items.delete(asset.id);
      this.changed.fire(undefined);
    }
  }

  remove(assetId: string): void {
    this.removed.fire(assetId);
    if (!this.list.update((assets) => assets.filter((a) => a.id !== assetId))) return;
    this.items.delete(assetId);
    this.changed.fire(undefined);
  }

  /** The row of an asset, loading the first page first and fetching the asset when it is on no loaded page. */
  async itemFor(assetId: string): Promise<AssetItem | undefined> {
    await this.ensureLoaded();
    let asset = this.assets.find((a) => a.id === assetId);
    if (!asset) {
      asset = await this.session.client().assets.get(assetId);
      this.addOrUpdate(asset);
    }
    // Undefined when the view was refreshed meanwhile (token or filters changed).
    return this.list.isLoaded ? this.itemOf(asset) : undefined;
  }

  /** Loaded assets not yet ready or failed, that may still get there. */
  unsettled(): Asset[] {
    return this.assets.filter((asset) => !isSettled(asset) && !this.isAbandoned(asset.id));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  getParent(): undefined {
    return undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node || !(await this.session.signedIn())) return [];
    try {
      await this.ensureLoaded();
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading assets', error);
      return [loadErrorItem('assets', error, 'livepeer.assets.refresh')];
    }
    const rows: Node[] = this.assets.map((asset) => this.itemOf(asset));
    if (this.list.hasMore) {
      rows.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.assets.loadMore', title: 'Load More Assets' }));
    }
    return rows;
  }

  /**
   * Builds a ready asset's tooltip on hover, with its thumbnail (one playback lookup and one small
   * image per asset) and its total views and playtime.
   */
  async resolveTreeItem(item: vscode.TreeItem, node: Node): Promise<vscode.TreeItem> {
    if (!(node instanceof AssetItem) || !node.hasThumbnail || !node.asset.playbackId) return item;
    const playbackId = node.asset.playbackId;
    // Views are optional in a tooltip: without them it still shows.
    const [thumbnail, views] = await Promise.all([this.thumbnail(playbackId), this.session.client().viewership.totalViews(playbackId).catch(() => undefined)]);
    item.tooltip = assetTooltip(node.asset, thumbnail, views);
    return item;
  }

  private thumbnail(playbackId: string): Promise<string | undefined> {
    let pending = this.thumbnails.get(playbackId);
    if (!pending) {
      pending = this.session
        .client()
        .playback.get(playbackId)
        .then((info) => info.meta.source.find((source) => THUMBNAIL_HRN.test(source.hrn))?.url)
        .then((url) => (url ? fetchThumbnailDataUri(url) : undefined))
        .catch(() => {
          // A tooltip without a picture is fine; try again on a later hover.
          this.thumbnails.delete(playbackId);
          return undefined;
        });
      this.thumbnails.set(playbackId, pending);
    }
    return pending;
  }

  private itemOf(asset: Asset): AssetItem {
    let item = this.items.get(asset.id);
    if (!item || item.asset !== asset) {
      item = new AssetItem(asset);
      this.items.set(asset.id, item);
    }
    return item;
  }

  private async ensureLoaded(): Promise<void> {
    if (this.list.isLoaded) return;
    await this.list.load();
    if (this.list.isLoaded) this.pageLoaded.fire();
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
    this.pageLoaded.dispose();
    this.removed.dispose();
  }
}
