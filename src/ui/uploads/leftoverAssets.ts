import * as vscode from 'vscode';
import * as path from 'node:path';
import type { FinishedUpload, InterruptedUploadSummary, Leftover, Upload, UploadQueue } from '../../upload';
import { reportError } from '../common/errorReporting';
import type { Prompts } from '../common/prompts';
import { quoted } from '../common/format';
import { DISCARD_AND_DELETE, DISCARD_KEEP_ASSET, REMOVE_AND_DELETE, REMOVE_KEEP_ASSET } from '../common/actions';

/**
 * After uploads were cancelled: asks once whether to delete the assets they left without a video.
 * Keeping them is the safe answer (Escape, or the first button).
 */
export async function offerToDeleteLeftovers(manager: UploadQueue, prompts: Prompts, leftovers: Leftover[]): Promise<boolean> {
  if (!leftovers.length) return false;
  const one = leftovers.length === 1;
  const names = leftovers.map((l) => `${quoted(l.name)}`).join(', ');
  const choice = await prompts.confirm(
    one ? vscode.l10n.t('Delete the unfinished asset from Studio?') : vscode.l10n.t('Delete the {0} unfinished assets from Studio?', leftovers.length),
    {
      detail: one ? vscode.l10n.t('The upload of {0} was cancelled, so its asset has no video.', names) : vscode.l10n.t('The uploads of {0} were cancelled, so their assets have no video.', names),
      safeLabel: one ? vscode.l10n.t('Keep Asset') : vscode.l10n.t('Keep Assets'),
    },
    { title: one ? vscode.l10n.t('Delete Asset') : vscode.l10n.t('Delete Assets') },
  );
  if (!choice) return false;
  try {
    await manager.history.deleteLeftovers(leftovers);
    return true;
  } catch (error) {
    reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not delete the unfinished asset: {0}', reason), error);
    return false;
  }
}

/**
 * Cancels uploads, then asks about the assets they leave. Until that is answered (the cancel itself
 * may take seconds) their rows say the asset is being decided, not that it was kept.
 */
export async function cancelAndAsk(manager: UploadQueue, prompts: Prompts, uploads: Upload[]): Promise<void> {
  const decided = manager.history.askingAbout(uploads.map((u) => u.id));
  try {
    await offerToDeleteLeftovers(manager, prompts, await manager.cancel(uploads));
  } finally {
    decided();
  }
}

/** Discards an interrupted or paused upload after one question, which also decides about its asset. Escape changes nothing. */
export async function discardWithQuestion(manager: UploadQueue, prompts: Prompts, entry: InterruptedUploadSummary, paused: boolean): Promise<boolean> {
  const percent = entry.totalBytes ? Math.floor((entry.bytesDone / entry.totalBytes) * 100) : 0;
  const choice = await prompts.confirm(
    vscode.l10n.t('Delete the unfinished asset from Studio?'),
    {
      detail: paused
        ? vscode.l10n.t('Discarding the paused upload of {0} (at {1}%) means it cannot be resumed, and its asset has no video. {2} is not touched.', quoted(entry.assetName), percent, path.basename(entry.filePath))
        : vscode.l10n.t('Discarding the interrupted upload of {0} (at {1}%) means it cannot be resumed, and its asset has no video. {2} is not touched.', quoted(entry.assetName), percent, path.basename(entry.filePath)),
    },
    DISCARD_KEEP_ASSET,
    DISCARD_AND_DELETE,
  );
  if (!choice) return false;
  try {
    await manager.discard(entry, choice === DISCARD_AND_DELETE);
    return true;
  } catch (error) {
    reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not discard the upload of {0}: {1}', path.basename(entry.filePath), reason), error);
    return false;
  }
}

/**
 * Removes a finished row. A failed upload's asset is asked about in one question (Escape changes
 * nothing); a cancelled one's has its own Delete Asset, and a deleted one is gone.
 */
export async function removeWithQuestion(manager: UploadQueue, prompts: Prompts, record: FinishedUpload): Promise<boolean> {
  let deleteAsset = false;
  if (record.assetId && !record.result && !record.cancelled && !record.assetDeleted) {
    const choice = await prompts.confirm(
      vscode.l10n.t('Delete the unfinished asset from Studio?'),
      { detail: vscode.l10n.t('The upload of {0} failed, so its asset has no video.', quoted(record.name)) },
      REMOVE_KEEP_ASSET,
      REMOVE_AND_DELETE,
    );
    if (!choice) return false;
    deleteAsset = choice === REMOVE_AND_DELETE;
  }
  try {
    await manager.history.remove(record, deleteAsset);
    return true;
  } catch (error) {
    reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not delete the asset of {0}: {1}', quoted(record.name), reason), error);
    return false;
  }
}
