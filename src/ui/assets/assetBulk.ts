import * as vscode from 'vscode';
import { messageOf, type Asset } from '../../api';
import { retryAsset } from '../../operations/retryProcessing';
import { DELETE, RETRY } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { copyToClipboard } from '../common/commands';
import { listedSome, phaseOf, quoted, shownName } from '../common/format';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { deleteAsset, playbackUrlOf, saidWithUndo } from './assetCalls';
import { AssetItem } from '../common/assetItem';
import type { AssetsView } from './assetsView';

// Loaded the first time a command runs on several selected Assets rows (see bulkOr in assetCommands.ts).

export type BulkAction = 'delete' | 'retry' | 'copyPlaybackUrl';
export interface BulkContext {
  session: Account;
  prompts: Prompts;
  view: AssetsView;
}
export interface BulkOutcome {
  done: Asset[];
  failed: { asset: Asset; reason: string }[];
}

async function retryOne(ctx: BulkContext, asset: Asset): Promise<void> {
  if (phaseOf(asset) !== 'failed') throw new Error(vscode.l10n.t('it has not failed'));
  await retryAsset(ctx.session.client(), asset.id);
}

async function urlOf(ctx: BulkContext, asset: Asset): Promise<string> {
  const url = phaseOf(asset) === 'ready' && asset.playbackId ? await playbackUrlOf(ctx.session, asset, 'hls') : undefined;
  if (!url) throw new Error(vscode.l10n.t('it is not ready to play'));
  return url;
}

/** Asks once (naming the count) before Delete and Retry; copying changes nothing, so it does not ask. */
async function confirmed(ctx: BulkContext, action: BulkAction, count: number): Promise<boolean> {
  if (action === 'copyPlaybackUrl') return true;
  const [message, detail, button] =
    action === 'delete'
      ? [vscode.l10n.t('Delete {0} assets?', count), vscode.l10n.t('The videos are removed from Livepeer Studio and their playback IDs stop working. Undo in the notice that follows brings them back.'), DELETE]
      : [vscode.l10n.t('Process {0} failed assets again?', count), vscode.l10n.t('The service runs the processing of each one again.'), RETRY];
  return (await ctx.prompts.confirm(message, { detail }, button)) === button;
}

/**
 * Delete, Retry Asset Processing or Copy Playback URLs on several selected rows: one question, one
 * cancellable progress, then one summary naming what failed and why (those rows stay as they were).
 */
export async function bulkAssetCommand(ctx: BulkContext, action: BulkAction, selected: readonly unknown[]): Promise<BulkOutcome | undefined> {
  const assets = selected.filter((item): item is AssetItem => item instanceof AssetItem).map((item) => item.asset);
  if (!(await confirmed(ctx, action, assets.length))) return undefined;
  const outcome: BulkOutcome = { done: [], failed: [] };
  const urls: string[] = [];
  const title = { delete: vscode.l10n.t('Livepeer: deleting {0} assets', assets.length), retry: vscode.l10n.t('Livepeer: retrying {0} assets', assets.length), copyPlaybackUrl: vscode.l10n.t('Livepeer: reading {0} playback URLs', assets.length) }[action];
  await ctx.prompts.progress(title, async (report, cancelled) => {
    for (const [index, asset] of assets.entries()) {
      if (cancelled.isCancellationRequested) {
        outcome.failed.push({ asset, reason: vscode.l10n.t('cancelled') });
        continue;
      }
      report(`${index + 1}/${assets.length} ${quoted(shownName(asset))}`);
      try {
        if (action === 'delete') await deleteAsset(ctx.session, ctx.view, asset);
        else if (action === 'retry') await retryOne(ctx, asset);
        else urls.push(await urlOf(ctx, asset));
        outcome.done.push(asset);
      } catch (error) {
        outcome.failed.push({ asset, reason: messageOf(error) });
      }
    }
  });
  if (urls.length) await copyToClipboard(urls.join('\n'), vscode.l10n.t('Livepeer: {0} playback URLs copied.', urls.length));
  // The retried tasks wait again: the Tasks view shows them at once and follows them from there.
  if (action === 'retry') {
    ctx.view.refresh();
    void vscode.commands.executeCommand(COMMANDS.tasks.refresh);
  }
  summarize(ctx, action, assets.length, outcome);
  return outcome;
}

/** A Delete's notice offers Undo of what it deleted; a failure's names each asset with its reason. */
function summarize(ctx: BulkContext, action: BulkAction, total: number, { done, failed }: BulkOutcome): void {
  if (!failed.length) {
    if (action === 'delete') saidWithUndo(ctx, 'info', vscode.l10n.t('Livepeer: {0} assets deleted.', done.length), done);
    else if (action === 'retry') vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: processing {0} assets again', done.length), 5000);
    return;
  }
  const listed = listedSome(failed.map(({ asset, reason }) => `${quoted(shownName(asset))}: ${reason}`));
  const text = {
    delete: () => vscode.l10n.t('Livepeer: {0} of {1} assets were not deleted: {2}', failed.length, total, listed),
    retry: () => vscode.l10n.t('Livepeer: {0} of {1} assets were not retried: {2}', failed.length, total, listed),
    copyPlaybackUrl: () => vscode.l10n.t('Livepeer: {0} of {1} assets were not copied: {2}', failed.length, total, listed),
  }[action]();
  if (action === 'delete') saidWithUndo(ctx, 'warning', text, done);
  else ctx.prompts.notify('warning', text);
}
