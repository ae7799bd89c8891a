import type * as vscode from 'vscode';
import type { Asset, AssetWatcher } from '../../api';
import type { Subscription } from '../../upload';
import type { AssetsView } from './assetsView';
import { Disposable } from '../common/disposable';

/**
 * While the Assets view is visible, follows the assets that are still uploading, waiting or
 * processing (through the asset watcher the Uploads view shares) until each is ready or failed.
 * Hidden, it follows none; shown again (or reloaded), every asset is new to it and followed closely at first.
 */
export class ProcessingRefresh extends Disposable {
  private readonly followed = new Map<string, Subscription>();

  constructor(
    private readonly watcher: AssetWatcher,
    private readonly view: AssetsView,
    private readonly treeView: vscode.TreeView<unknown>,
  ) {
    super();
    this.register(view.onDidChangeTreeData(() => this.sync()));
    this.register(view.onDidLoad(() => this.sync()));
    this.register(treeView.onDidChangeVisibility(() => this.sync()));
    this.register({ dispose: () => this.unfollowAll() });
    this.sync();
  }

  private sync(): void {
    const wanted = new Set(this.treeView.visible ? this.view.unsettled().map((asset) => asset.id) : []);
    for (const [id, subscription] of this.followed) {
      if (wanted.has(id)) continue;
      this.followed.delete(id);
      subscription.dispose();
    }
    for (const id of wanted) {
      if (this.followed.has(id)) continue;
      // Deleted elsewhere: the row goes.
      this.followed.set(id, this.watcher.subscribe(id, { onUpdate: (fresh) => this.show(fresh), onGone: () => this.view.remove(id) }));
    }
  }

  private show(fresh: Asset): void {
    const shown = this.view.assets.find((asset) => asset.id === fresh.id);
    if (shown && JSON.stringify(shown) !== JSON.stringify(fresh)) this.view.addOrUpdate(fresh);
  }

  private unfollowAll(): void {
    this.followed.forEach((subscription) => subscription.dispose());
    this.followed.clear();
  }
}
