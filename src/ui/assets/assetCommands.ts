import * as vscode from 'vscode';
import { StudioApiError, type Asset } from '../../api';
import { reportError, type Failure } from '../common/errorReporting';
import { phaseOf, phaseText, quoted, shownName, timeAgo } from '../common/format';
import type { JsonDetails } from '../common/jsonDetails';
import { openInStudio } from '../common/openInStudio';
import type { Prompts } from '../common/prompts';
import { askNameSearch } from '../common/search';
import type { Account } from '../account/account';
import { onProfileOf } from '../profiles/profileGuard';
import { PHASE_FILTERS } from './assetFilters';
import { AssetItem } from '../common/assetItem';
import type { AssetsView } from './assetsView';
import { copyToClipboard, onItem, registerCommand } from '../common/commands';
import { COMMANDS } from '../common/commandIds';
import { DELETE } from '../common/actions';
import type { BulkAction, BulkContext } from './assetBulk';
import { deleteAsset, playbackUrlOf, saidWithUndo } from './assetCalls';
import { renameAsset } from '../../operations/assetChanges';

export interface AssetCommandContext {
  session: Account;
  prompts: Prompts;
  view: AssetsView;
  treeView: vscode.TreeView<unknown>;
  details: JsonDetails<Asset>;
}

/** An asset given by the tree (a row), by a caller (an asset or its id), or picked when run from the palette. */
export type AssetArgument = AssetItem | Asset | string | undefined;

/** A command on several selected rows (VS Code passes the clicked row, then the selection) runs once for all of them; one row as before. */
export function bulkOr<A>(ctx: BulkContext, action: BulkAction, single: (arg?: A) => unknown) {
  return async (arg?: A, selected?: unknown): Promise<unknown> =>
    Array.isArray(selected) && selected.length > 1 ? (await import('./assetBulk.js')).bulkAssetCommand(ctx, action, selected) : single(arg);
}

export async function resolveAsset(ctx: AssetCommandContext, arg: AssetArgument, placeHolder: string): Promise<Asset | undefined> {
  if (arg instanceof AssetItem) return ctx.session.own(arg.asset);
  if (typeof arg === 'string') return ctx.session.client().assets.get(arg);
  if (arg?.id) return ctx.session.own(arg);
  const assets = ctx.view.assets.length ? ctx.view.assets : (await ctx.session.client().assets.listPage(ctx.view.filters.query(), undefined, 100)).items;
  if (!assets.length) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: no assets to choose from.'));
    return undefined;
  }
  const picked = await ctx.prompts.pick(
    assets.map((asset) => ({
      label: shownName(asset),
      description: [phaseText(asset), timeAgo(asset.createdAt)].filter(Boolean).join(' · '),
      detail: asset.id,
      asset,
    })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.asset;
}

/** Runs one asset action; failures become an error notification naming the action, with Retry where it helps. */
async function run(ctx: AssetCommandContext, failed: Failure, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    reportError(ctx.prompts, failed, error, () => run(ctx, failed, action));
  }
}

function notReady(ctx: AssetCommandContext, asset: Asset, what: 'renamed' | 'played'): void {
  const [name, now] = [quoted(shownName(asset)), phaseText(asset)];
  const text =
    what === 'renamed'
      ? vscode.l10n.t('Livepeer: {0} can be renamed once it is ready (now {1}).', name, now)
      : vscode.l10n.t('Livepeer: {0} can be played once it is ready (now {1}).', name, now);
  ctx.prompts.notify('info', text);
}

async function rename(ctx: AssetCommandContext, arg: AssetArgument, newName?: string): Promise<void> {
  await run(ctx, (reason) => vscode.l10n.t('Livepeer: renaming the asset: {0}', reason), async () => {
    const asset = await resolveAsset(ctx, arg, vscode.l10n.t('Select the asset to rename'));
    if (!asset) return;
    // The service refuses a rename (422 "asset is not ready") until processing is done.
    if (phaseOf(asset) !== 'ready') return notReady(ctx, asset, 'renamed');
    const name =
      newName ??
      (await ctx.prompts.input({
        title: vscode.l10n.t('Livepeer: Rename Asset'),
        prompt: vscode.l10n.t('New name'),
        value: asset.name ?? '',
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('The name cannot be empty')),
      }));
    const trimmed = name?.trim();
    if (!trimmed || trimmed === asset.name) return;
    const renamed = await renameAsset(ctx.session.client(), asset.id, trimmed);
    if (renamed.outcome === 'renamed') ctx.view.addOrUpdate(renamed.asset);
    else notReady(ctx, renamed.asset, 'renamed');
  });
}

async function remove(ctx: AssetCommandContext, arg: AssetArgument): Promise<void> {
  await run(ctx, (reason) => vscode.l10n.t('Livepeer: deleting the asset: {0}', reason), async () => {
    const asset = await resolveAsset(ctx, arg, vscode.l10n.t('Select the asset to delete'));
    if (!asset) return;
    const choice = await ctx.prompts.confirm(
      vscode.l10n.t('Delete asset {0}?', quoted(shownName(asset))),
      { detail: vscode.l10n.t('The video is removed from Livepeer Studio and its playback ID stops working. Undo in the notice that follows brings it back.') },
      DELETE,
    );
    if (choice !== DELETE) return;
    await deleteAsset(ctx.session, ctx.view, asset);
    saidWithUndo(ctx, 'info', vscode.l10n.t('Livepeer: asset {0} deleted.', quoted(shownName(asset))), [asset]);
  });
}

async function copyField(ctx: AssetCommandContext, arg: AssetArgument, field: 'id' | 'playbackId'): Promise<void> {
  await run(ctx, field === 'id' ? (reason) => vscode.l10n.t('Livepeer: copying the asset ID: {0}', reason) : (reason) => vscode.l10n.t('Livepeer: copying the playback ID: {0}', reason), async () => {
    const placeHolder = field === 'id' ? vscode.l10n.t('Select the asset whose asset ID to copy') : vscode.l10n.t('Select the asset whose playback ID to copy');
    const asset = await resolveAsset(ctx, arg, placeHolder);
    if (!asset) return;
    const value = asset[field];
    const name = quoted(shownName(asset));
    if (value) await copyToClipboard(value, field === 'id' ? vscode.l10n.t('Livepeer: asset ID copied.') : vscode.l10n.t('Livepeer: playback ID copied.'));
    else ctx.prompts.notify('info', field === 'id' ? vscode.l10n.t('Livepeer: {0} has no asset ID yet.', name) : vscode.l10n.t('Livepeer: {0} has no playback ID yet.', name));
  });
}

/** What the status bar says once an asset's address is copied: each case its own sentence. */
function urlCopied(kind: 'hls' | 'mp4', signed: boolean): string {
  if (kind === 'hls') return signed ? vscode.l10n.t('Livepeer: playback URL copied (it plays with a signed token).') : vscode.l10n.t('Livepeer: playback URL copied.');
  return signed ? vscode.l10n.t('Livepeer: download URL copied (it plays with a signed token).') : vscode.l10n.t('Livepeer: download URL copied.');
}

/** HLS from GET /playback/{playbackId}; MP4 from the asset's downloadUrl or, failing that, the playback sources. */
async function copyUrl(ctx: AssetCommandContext, arg: AssetArgument, kind: 'hls' | 'mp4'): Promise<void> {
  await run(ctx, kind === 'hls' ? (reason) => vscode.l10n.t('Livepeer: copying the playback URL: {0}', reason) : (reason) => vscode.l10n.t('Livepeer: copying the download URL: {0}', reason), async () => {
    const placeHolder = kind === 'hls' ? vscode.l10n.t('Select the asset whose playback URL to copy') : vscode.l10n.t('Select the asset whose download URL to copy');
    const asset = await resolveAsset(ctx, arg, placeHolder);
    if (!asset) return;
    if (phaseOf(asset) !== 'ready' || !asset.playbackId) return notReady(ctx, asset, 'played');
    const url = await playbackUrlOf(ctx.session, asset, kind);
    if (!url) {
      ctx.prompts.notify('info', kind === 'hls' ? vscode.l10n.t('Livepeer: {0} has no HLS playback.', quoted(shownName(asset))) : vscode.l10n.t('Livepeer: {0} has no MP4 download.', quoted(shownName(asset))));
      return;
    }
    await copyToClipboard(url, urlCopied(kind, asset.playbackPolicy?.type === 'jwt'));
  });
}

/**
 * Focuses the Assets view and selects the asset, fetching it when it is on no loaded page. An asset
 * of `profileId` (an upload's), when another profile is current, is not asked of this account (its
 * 404 would not mean the asset was deleted): whose it is is said first, with a switch offered.
 */
async function reveal(ctx: AssetCommandContext, assetId: string | undefined, profileId?: string): Promise<AssetItem | undefined> {
  if (typeof assetId !== 'string' || !assetId) return undefined;
  let item: AssetItem | undefined;
  await onProfileOf(ctx.session, ctx.prompts, typeof profileId === 'string' ? profileId : undefined, async () => {
    item = await revealHere(ctx, assetId);
  });
  return item;
}

async function revealHere(ctx: AssetCommandContext, assetId: string): Promise<AssetItem | undefined> {
  try {
    await vscode.commands.executeCommand('livepeer.assets.focus');
    // Read afresh: a listed row may be of an asset deleted elsewhere since (a 404 is said below).
    ctx.view.addOrUpdate(await ctx.session.client().assets.get(assetId));
    const item = await ctx.view.itemFor(assetId);
    if (item) await ctx.treeView.reveal(item, { select: true, focus: true });
    return item;
  } catch (error) {
    if (error instanceof StudioApiError && error.kind === 'not-found') {
      // Deleted elsewhere: say so (rather than a bare 404), and let everything that lists it know.
      ctx.view.remove(assetId);
      ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: asset {0} was deleted, so it cannot be shown.', assetId));
    } else reportError(ctx.prompts, (reason) => vscode.l10n.t('Livepeer: showing the asset: {0}', reason), error, () => revealHere(ctx, assetId));
    return undefined;
  }
}

async function search(ctx: AssetCommandContext, text?: string): Promise<void> {
  const value = await askNameSearch(ctx.prompts, 'Assets', ctx.view.filters.current.search, text);
  if (value !== undefined) await ctx.view.filters.set({ search: value });
}

async function filterByPhase(ctx: AssetCommandContext): Promise<void> {
  const current = ctx.view.filters.current.phase;
  const picked = await ctx.prompts.pick(
    PHASE_FILTERS.map((filter) => ({ label: filter.label, description: filter.value === current ? vscode.l10n.t('current') : undefined, detail: filter.detail, value: filter.value })),
    { title: vscode.l10n.t('Livepeer: Filter Assets by Phase') },
  );
  if (picked) await ctx.view.filters.set({ phase: picked.value });
}

export function registerAssetCommands(ctx: AssetCommandContext): vscode.Disposable[] {
  const describe = () => {
    ctx.treeView.description = ctx.view.filters.describe();
  };
  describe();
  const { prompts } = ctx;
  const asset = (placeHolder: string, act: (asset: Asset) => unknown) => onItem((arg: AssetArgument, pick) => resolveAsset(ctx, arg, pick), placeHolder, act);
  return [
    ctx.view.filters.onDidChange(describe),
    registerCommand(COMMANDS.assets.refresh, () => ctx.view.refresh()),
    registerCommand(COMMANDS.assets.loadMore, () => ctx.view.loadMore().catch((error) => reportError(ctx.prompts, (reason) => vscode.l10n.t('Livepeer: loading more assets: {0}', reason), error))),
    registerCommand(COMMANDS.assets.search, (text?: string) => search(ctx, text)),
    registerCommand(COMMANDS.assets.filter, () => filterByPhase(ctx)),
    registerCommand(COMMANDS.assets.clearFilters, () => ctx.view.filters.set({ search: '', phase: 'all' })),
    registerCommand(COMMANDS.assets.rename, (arg?: AssetArgument, name?: string) => rename(ctx, arg, name)),
    registerCommand(COMMANDS.assets.delete, bulkOr(ctx, 'delete', (arg?: AssetArgument) => remove(ctx, arg))),
    registerCommand(COMMANDS.assets.copyId, (arg?: AssetArgument) => copyField(ctx, arg, 'id')),
    registerCommand(COMMANDS.assets.copyPlaybackId, (arg?: AssetArgument) => copyField(ctx, arg, 'playbackId')),
    registerCommand(COMMANDS.assets.copyPlaybackUrl, bulkOr(ctx, 'copyPlaybackUrl', (arg?: AssetArgument) => copyUrl(ctx, arg, 'hls'))),
    registerCommand(COMMANDS.assets.copyDownloadUrl, (arg?: AssetArgument) => copyUrl(ctx, arg, 'mp4')),
    registerCommand(
      COMMANDS.assets.openInStudio,
      asset(vscode.l10n.t('Select the asset to open in Livepeer Studio'), (a) => openInStudio(prompts, 'asset', a.id)),
      { prompts, failed: (reason) => vscode.l10n.t('Livepeer: opening the asset in Livepeer Studio: {0}', reason) },
    ),
    registerCommand(COMMANDS.assets.showDetails, asset(vscode.l10n.t('Select the asset to show'), (a) => ctx.details.show(a)), { prompts, failed: (reason) => vscode.l10n.t('Livepeer: showing the asset details: {0}', reason), retry: true }),
    // An id (a task's or an upload's row), or a row that carries its asset (a clip under a stream).
    registerCommand(COMMANDS.assets.reveal, (arg?: string | { asset?: { id?: string } }, profileId?: string) => reveal(ctx, typeof arg === 'string' ? arg : arg?.asset?.id, profileId)),
  ];
}
