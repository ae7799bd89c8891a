import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { offered, type AssetsOffer, type Feature, type FeatureContext } from '../common/feature';
import { activateAssets } from './activateAssets';
import { bulkOr } from './assetCommands';
import { AssetItem } from '../common/assetItem';

/**
 * The Assets view and its commands (Download… and Restore… load on first use), kept in step with
 * this window's uploads: a new upload's asset shows at once, and a deletion here or there marks both.
 */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, privateKeys } = context;
  const uploads = offered(context, 'uploads');
  const history = uploads.queue.history;
  const { view, ctx, disposables } = activateAssets({
    session,
    prompts,
    workspaceState: context.extension.workspaceState,
    watcher: context.watcher,
    isAbandoned: (assetId) => history.finished.isAbandoned(assetId),
    drop: uploads.drop,
  });
  const assets: AssetsOffer = {
    show: (asset) => view.addOrUpdate(asset),
    refresh: () => view.refresh(),
    listed: () => view.assets,
    assetOf: (row) => (row instanceof AssetItem ? row.asset : undefined),
    onSelection: (action, single) => bulkOr(ctx, action, single),
  };
  return {
    disposables: [
      ...disposables,
      registerCommand(COMMANDS.assets.download, async (arg?: unknown) => (await import('./assetDownload.js')).downloadAssetCommand({ ...ctx, privateKeys }, arg)),
      registerCommand(COMMANDS.assets.restore, async () => (await import('./assetRestore.js')).restoreAssetCommand(ctx)),
      uploads.queue.onDidCreateAsset((asset) => view.addOrUpdate(asset)),
      history.onDidDeleteAsset((assetId) => view.remove(assetId)),
      view.onDidRemove((assetId) => void history.markAssetDeleted(assetId, session.profile?.id)),
      view.onDidRestore((assetId) => void history.markAssetDeleted(assetId, session.profile?.id, false)),
    ],
    offers: { assets },
  };
}
