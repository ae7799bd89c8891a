import type * as vscode from 'vscode';
import type { Asset, AssetWatcher } from '../../api';
import type { Subscription } from '../../upload';
import type { AssetsView } from './assetsView';

/**
 * While the Assets view is visible, follows the assets that are still uploading, waiting or
 * processing (through the asset watcher the Uploads view shares) until each is ready or failed.
 * Hidden, it follows none; shown again (or reloaded), every asset is new to it and followed closely at first.
 */
export class ProcessingRefresh implements vscode.Disposable {
  private readonly followed = new Map<string, Subscription>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly watcher: AssetWatcher,
    private readonly view: AssetsView,
    private readonly treeView: vscode.TreeView<unknown>,
  ) {
    this.subscriptions = [
      view.onDidChangeTreeData(() => this.sync()),
      view.onDidLoad(() => this.sync()),
      treeView.onDidChangeVisibility(() => this.sync()),
    ];
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

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.followed.forEach((subscription) => subscription.dispose());
    this.followed.clear();
  }
}
