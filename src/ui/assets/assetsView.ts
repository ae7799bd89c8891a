import * as vscode from 'vscode';
import { fetchThumbnailDataUri, isSettled, taskEtaMinutes, taskKind, type Asset } from '../../api';
import { Disposable } from '../common/disposable';
import type { MessageItem } from '../common/messageItem';
import { PagedTreeModel } from '../common/pagedTreeModel';
import type { PageGroupItem } from '../common/pageGroups';
import type { Prompts } from '../common/prompts';
import type { Shown } from '../common/retryWhileShown';
import type { Account } from '../account/account';
import type { AssetFilters } from './assetFilters';
import { AssetItem, assetTooltip } from '../common/assetItem';
import { COMMANDS } from '../common/commandIds';

const PAGE_SIZE = 50;
const THUMBNAIL_HRN = /^Thumbnail \((PNG|JPEG)\)$/;

type Node = AssetItem | PageGroupItem | MessageItem;

/**
 * The account's assets, newest first, page by page with a "Load more…" row, filtered by the service.
 * Rows keep their identity between refreshes of the same data, so the tree can reveal them.
 */
export class AssetsView extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly model: PagedTreeModel<Asset, AssetItem>;
  readonly onDidChangeTreeData: vscode.Event<Node | Node[] | undefined>;
  /** A first page arrived (the tree asked for it, so no tree change is announced). */
  readonly onDidLoad: vscode.Event<void>;
  private readonly removed = this.register(new vscode.EventEmitter<string>());
  /** An asset was deleted here or found gone (its id), listed or not. */
  readonly onDidRemove = this.removed.event;
  private readonly restoredHere = this.register(new vscode.EventEmitter<string>());
  /** A deleted asset was restored here (its id). */
  readonly onDidRestore = this.restoredHere.event;
  /** Assets deleted here as they were (the latest 100): what a later restore says they hold. */
  private readonly deletedHere = new Map<string, Asset>();
  /** Playback id → thumbnail as a data URI (undefined when there is none), fetched on first hover. */
  private readonly thumbnails = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly session: Account,
    prompts: Prompts,
    readonly filters: AssetFilters,
    /** Assets that stay `uploading` for good (their upload was cancelled): nothing polls them. */
    private readonly isAbandoned: (assetId: string) => boolean,
  ) {
    super();
    this.model = this.register(
      new PagedTreeModel<Asset, AssetItem>({
        session,
        prompts,
        couldNotLoad: vscode.l10n.t('Could not load assets'),
        refreshCommand: COMMANDS.assets.refresh,
        loadMoreCommand: COMMANDS.assets.loadMore,
        reloadOn: [filters.onDidChange],
        groupLabel: (first, last) => vscode.l10n.t('Assets {0}–{1}', first, last),
        fetchPage: (cursor, limit) => session.client().assets.listPage(filters.query(), cursor, limit ?? PAGE_SIZE),
      }),
    );
    this.onDidChangeTreeData = this.model.onDidChange;
    this.onDidLoad = this.model.onDidLoad;
  }

  /** Assets currently loaded (for the palette pickers and the processing refresh). */
  get assets(): Asset[] {
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

  /**
   * Shows a new or changed asset at once (a new upload, a rename, a processing update): replaced in
   * place when listed (its row alone is redrawn), otherwise added at the top, where the newest assets are.
   */
  addOrUpdate(asset: Asset): void {
    const listed = this.assets.some((a) => a.id === asset.id);
    const updated = this.model.list.update((assets) => (listed ? assets.map((a) => (a.id === asset.id ? asset : a)) : [asset, ...assets]));
    if (!updated) return;
    const row = this.model.rowFor(asset.id);
    if (listed && row) {
      row.show(asset);
      this.model.fire([row]);
    } else {
      this.model.forget(asset.id);
      this.model.fire();
    }
  }

  /** Drops an asset's row; `asItWas` when it was deleted here (see asDeleted). */
  remove(assetId: string, asItWas?: Asset): void {
    if (asItWas) {
      this.deletedHere.delete(assetId);
      this.deletedHere.set(assetId, asItWas);
      if (this.deletedHere.size > 100) this.deletedHere.delete(this.deletedHere.keys().next().value ?? '');
    }
    this.removed.fire(assetId);
    if (!this.model.list.update((assets) => assets.filter((a) => a.id !== assetId))) return;
    this.model.forget(assetId);
    this.model.fire();
  }

  /** Shows a restored asset again (at the top when it is on no loaded page), and says it is back. */
  restored(asset: Asset): void {
    this.addOrUpdate(asset);
    this.restoredHere.fire(asset.id);
  }

  /** An asset deleted here, as it was then; undefined when it was not (or long ago). */
  asDeleted(assetId: string): Asset | undefined {
    return this.deletedHere.get(assetId);
  }

  /** The row of an asset, loading the first page first and fetching the asset when it is on no loaded page. */
  async itemFor(assetId: string): Promise<AssetItem | undefined> {
    await this.model.load();
    let asset = this.assets.find((a) => a.id === assetId);
    if (!asset) {
      asset = await this.session.client().assets.get(assetId);
      this.addOrUpdate(asset);
    }
    // Undefined when the view was refreshed meanwhile (token or filters changed).
    return this.model.list.isLoaded ? this.itemOf(asset) : undefined;
  }

  /** Loaded assets not yet ready or failed, that may still get there. */
  unsettled(): Asset[] {
    return this.assets.filter((asset) => !isSettled(asset) && !this.isAbandoned(asset.id));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  /** A row past the first 1,000 is in a group row (a reveal expands it). */
  getParent(node: Node): PageGroupItem | undefined {
    return node instanceof AssetItem ? this.model.groupOf(node.asset.id) : undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    return this.model.children((asset) => this.itemOf(asset), node);
  }

  /**
   * Builds a ready asset's tooltip on hover, with its thumbnail (one playback lookup and one small
   * image per asset) and its total views and playtime.
   */
  async resolveTreeItem(item: vscode.TreeItem, node: Node): Promise<vscode.TreeItem> {
    if (node instanceof AssetItem && node.hasTask) {
      item.tooltip = assetTooltip(node.asset, undefined, undefined, await this.taskText(node.asset.id));
      return item;
    }
    if (!(node instanceof AssetItem) || !node.hasThumbnail || !node.asset.playbackId) return item;
    const playbackId = node.asset.playbackId;
    // Views are optional in a tooltip: without them it still shows.
    const [thumbnail, views] = await Promise.all([this.thumbnail(playbackId), this.session.client().viewership.totalViews(playbackId).catch(() => undefined)]);
    item.tooltip = assetTooltip(node.asset, thumbnail, views);
    return item;
  }

  /** "import running 40 %, about 3 min left", or why it is not known. */
  private async taskText(assetId: string): Promise<string> {
    const task = await this.session.client().tasks.ofAsset(assetId).catch(() => undefined);
    if (!task) return 'not known';
    const progress = task.status?.phase === 'running' && task.status.progress !== undefined ? ` ${Math.round(task.status.progress * 100)} %` : '';
    const eta = taskEtaMinutes(task);
    return `${taskKind(task)} ${task.status?.phase ?? ''}${progress}${eta ? `, about ${eta} min left` : ''}${task.status?.retries ? `, attempt ${task.status.retries + 1}` : ''}`;
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
    return this.model.row(asset.id, (row) => row.asset === asset, () => new AssetItem(asset));
  }
}
