import * as vscode from 'vscode';
import { withoutSecrets, type AssetWatcher } from '../../api';
import { JsonDetails } from '../common/jsonDetails';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { registerAssetCommands, type AssetCommandContext } from './assetCommands';
import { AssetFilters } from './assetFilters';
import { AssetsView } from './assetsView';
import { ProcessingRefresh } from './processingRefresh';

export { AssetsView } from './assetsView';

export interface AssetsFeature {
  view: AssetsView;
  /** What the asset commands get. */
  ctx: AssetCommandContext;
  disposables: vscode.Disposable[];
}

export interface AssetsDeps {
  session: Account;
  prompts: Prompts;
  workspaceState: vscode.Memento;
  watcher: AssetWatcher;
  /** Whether an asset is one whose upload was given up (its row says so). */
  isAbandoned: (assetId: string) => boolean;
  /** Dropping video files onto the view uploads them. */
  drop?: vscode.TreeDragAndDropController<unknown>;
}

/** The Assets view with its filters, details documents, processing refresh and the commands loaded at activation. */
export function activateAssets({ session, prompts, workspaceState, watcher, isAbandoned, drop }: AssetsDeps): AssetsFeature {
  const filters = new AssetFilters(workspaceState);
  const view = new AssetsView(session, prompts, filters, isAbandoned);
  const treeView = vscode.window.createTreeView('livepeer.assets', { treeDataProvider: view, dragAndDropController: drop, canSelectMany: true });
  view.showIn(treeView);
  // The filter context keys only drive the menus' check marks: activation does not wait for them.
  void filters.publishContext();
  const details = new JsonDetails('livepeer-asset', (id) => session.client().assets.get(id), withoutSecrets);
  const ctx: AssetCommandContext = { session, prompts, view, treeView, details };
  return {
    view,
    ctx,
    disposables: [filters, view, treeView, details, new ProcessingRefresh(watcher, view, treeView), ...registerAssetCommands(ctx)],
  };
}
