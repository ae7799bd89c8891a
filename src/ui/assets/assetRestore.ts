import * as vscode from 'vscode';
import { StudioApiError, messageOf, type Asset } from '../../api';
import { restoreAsset, type RestoreAnswer } from '../../operations/restoreAsset';
import { SHOW_ASSET } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { reportError } from '../common/errorReporting';
import { listedSome, phaseWords, quoted, shownName } from '../common/format';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import type { AssetsView } from './assetsView';

// Loaded at the first Undo after a Delete (see assetCalls.ts) or the first Restore Deleted Asset….

export interface RestoreContext {
  session: Account;
  prompts: Prompts;
  view: AssetsView;
}

/** The service's asset ids are UUIDs. */
const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a restored asset really holds, in one sentence: the service marks it ready whatever it was,
 * so one that was not ready when deleted (or never processed) is said to maybe hold nothing.
 */
function holdsWords(name: string, { empty, seconds, why }: RestoreAnswer): string {
  if (!empty) return seconds ? vscode.l10n.t('Livepeer: {0} is restored: {1} s of video, ready to play.', name, Math.round(seconds)) : vscode.l10n.t('Livepeer: {0} is restored, ready to play.', name);
  if (why && 'was' in why) {
    return vscode.l10n.t('Livepeer: {0} is restored and the service marks it ready, but it was {1} when it was deleted: its source and playback may not be there. If it does not play, upload the file again.', name, phaseWords(why.was));
  }
  if (!why || why.task === 'none') return vscode.l10n.t('Livepeer: {0} is restored and the service marks it ready, but it has no task: it may hold nothing to play. If it does not play, upload the file again.', name);
  return vscode.l10n.t('Livepeer: {0} is restored and the service marks it ready, but its task is {1}: it may hold nothing to play. If it does not play, upload the file again.', name, why.task);
}

/** Restores through the operation and puts the row back (an upload's row no longer says its asset was deleted). */
async function restoreOne(ctx: RestoreContext, assetId: string, before: Asset | undefined): Promise<RestoreAnswer> {
  const answer = await restoreAsset(ctx.session.client(), assetId, before);
  ctx.view.restored(answer.asset);
  return answer;
}

/** The service's refusals, each with what to do next; anything else names the action, with Retry where it may pass. */
function refused(ctx: RestoreContext, assetId: string, error: unknown, retry: () => unknown): void {
  if (error instanceof StudioApiError && error.messages.includes('asset is not deleted')) {
    const text = vscode.l10n.t('Livepeer: asset {0} is not deleted, so there is nothing to restore. Show Asset finds it in the Assets view.', assetId);
    void ctx.prompts.message('info', text, {}, SHOW_ASSET).then((choice) => choice === SHOW_ASSET && vscode.commands.executeCommand(COMMANDS.assets.reveal, assetId));
  } else if (error instanceof StudioApiError && error.kind === 'not-found') {
    const text = vscode.l10n.t('Livepeer: this account has no deleted asset {0}. Check the ID; an asset deleted with another profile is restored from that profile.', assetId);
    ctx.prompts.notify('warning', text);
  } else reportError(ctx.prompts, (reason) => vscode.l10n.t('Livepeer: restoring the asset: {0}', reason), error, retry);
}

async function restoreAndSay(ctx: RestoreContext, assetId: string, before: Asset | undefined): Promise<RestoreAnswer | undefined> {
  try {
    const answer = await restoreOne(ctx, assetId, before);
    ctx.prompts.notify(answer.empty ? 'warning' : 'info', holdsWords(quoted(shownName(answer.asset)), answer));
    return answer;
  } catch (error) {
    refused(ctx, assetId, error, () => restoreAndSay(ctx, assetId, before));
    return undefined;
  }
}

/** Undo of a Delete: restores the assets as they were when deleted, and says what they hold. */
export async function restoreDeleted(ctx: RestoreContext, deleted: readonly Asset[]): Promise<void> {
  if (deleted.length === 1) {
    await restoreAndSay(ctx, deleted[0].id, deleted[0]);
    return;
  }
  const [restored, failed]: [RestoreAnswer[], string[]] = [[], []];
  await ctx.prompts.progress(vscode.l10n.t('Livepeer: restoring {0} assets', deleted.length), async (report) => {
    for (const [index, asset] of deleted.entries()) {
      report(`${index + 1}/${deleted.length} ${quoted(shownName(asset))}`);
      await restoreOne(ctx, asset.id, asset).then(
        (answer) => restored.push(answer),
        (error: unknown) => failed.push(`${quoted(shownName(asset))}: ${messageOf(error)}`),
      );
    }
  });
  const unsure = restored.filter((answer) => answer.empty).map(({ asset, why }) => (why && 'was' in why ? vscode.l10n.t('{0} (was {1})', quoted(shownName(asset)), phaseWords(why.was)) : quoted(shownName(asset))));
  if (restored.length && !unsure.length) ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} assets restored, ready to play.', restored.length));
  if (unsure.length) {
    const text = vscode.l10n.t('Livepeer: {0} assets restored. The service marks them ready, but these were not ready when deleted, so their source and playback may not be there: {1}. If one does not play, upload its file again.', restored.length, listedSome(unsure));
    ctx.prompts.notify('warning', text);
  }
  if (failed.length) ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: {0} of {1} assets were not restored: {2}', failed.length, deleted.length, listedSome(failed)));
}

function idProblem(ctx: RestoreContext, value: string): string | undefined {
  const id = value.trim();
  if (!id) return vscode.l10n.t('Enter the ID of the deleted asset.');
  if (!ASSET_ID.test(id)) return vscode.l10n.t('An asset ID is 36 characters, hexadecimal digits in groups of 8-4-4-4-12 joined by dashes.');
  if (ctx.view.assets.some((asset) => asset.id === id)) return vscode.l10n.t('This asset is in the Assets view: it is not deleted.');
  return undefined;
}

/** Restore Deleted Asset…: asks for the id (checked in the box), restores it and says what it holds. */
export async function restoreAssetCommand(ctx: RestoreContext): Promise<RestoreAnswer | undefined> {
  const id = (
    await ctx.prompts.input({
      title: vscode.l10n.t('Livepeer: Restore Deleted Asset'),
      prompt: vscode.l10n.t('ID of the deleted asset: the Livepeer log shows it in the DELETE /asset/<ID> line of its deletion.'),
      validateInput: (value) => idProblem(ctx, value),
    })
  )?.trim();
  if (!id) return undefined;
  return restoreAndSay(ctx, id, ctx.view.asDeleted(id));
}
