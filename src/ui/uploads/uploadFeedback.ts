import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StudioApiError } from '../../api';
import { EstimateGate, type FinishedUpload, type Upload, type UploadEnd, type UploadQueue, type UploadResult } from '../../upload';
import { reportError } from '../common/errorReporting';
import type { Account } from '../account/account';
import type { Prompts } from '../common/prompts';
import { cancelAndAsk } from './leftoverAssets';
import { byteSize, quoted } from '../common/format';
import { describeBatch } from './progressText';
import { Disposable } from '../common/disposable';
import { COMMANDS } from '../common/commandIds';
import { COPY_PLAYBACK_ID, DISCARD, RESUME_ALL, SHOW, SHOW_ASSET, SHOW_LOG, SHOW_UPLOADS } from '../common/actions';

/** The Assets view's command that reveals and selects one asset (registered by the Assets view). */
const REVEAL_ASSET_COMMAND = COMMANDS.assets.reveal;

/** Shows the asset in the Assets view; `account`, the profile it was uploaded for, when it is not the current one, is said first. */
export function revealAsset(assetId: string, account: string | undefined): Thenable<unknown> {
  return vscode.commands.executeCommand(REVEAL_ASSET_COMMAND, assetId, account);
}

/** Uploads queued while one progress notification shows; it closes when all of them ended. */
interface Batch {
  uploads: Upload[];
  ends: UploadEnd[];
  cancelled: boolean;
}

/**
 * What people see of uploads outside the Uploads view: one cancellable progress notification for
 * a batch (every upload queued while it shows joins it), then one message for how it ended, with
 * the next step on it.
 */
export class UploadFeedback extends Disposable {
  private batch: Batch | undefined;

  constructor(
    private readonly manager: UploadQueue,
    private readonly prompts: Prompts,
    private readonly session: Account,
  ) {
    super();
    this.register(manager.onDidQueue((upload) => this.join(upload)));
    this.register(manager.onDidEnd((end) => this.batchOf(end.upload)?.ends.push(end)));
    this.register(manager.history.onDidSettle((record) => this.announceProcessing(record)));
  }

  private batchOf(upload: Upload): Batch | undefined {
    return this.batch?.uploads.includes(upload) ? this.batch : undefined;
  }

  private join(upload: Upload): void {
    if (this.batch && !this.batch.cancelled) {
      this.batch.uploads.push(upload);
      return;
    }
    const batch: Batch = { uploads: [upload], ends: [], cancelled: false };
    this.batch = batch;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Livepeer: uploading'), cancellable: true }, async (progress, token) => {
      token.onCancellationRequested(() => void this.cancelBatch(batch));
      // `increment` is relative and cannot go back; a retry or a file joining the batch just waits.
      let shown = 0;
      const gate = new EstimateGate();
      const report = () => {
        const { text, percent } = describeBatch(batch.uploads, gate);
        progress.report({ increment: Math.max(0, percent - shown), message: text });
        shown = Math.max(shown, percent);
      };
      report();
      const subscriptions = [this.manager.onDidProgress((u) => batch.uploads.includes(u) && report()), this.manager.onDidChange(report)];
      try {
        for (let open = batch.uploads; open.length; open = batch.uploads.filter((u) => u.phase !== 'ended')) await Promise.race(open.map((u) => u.finished));
      } finally {
        subscriptions.forEach((s) => s.dispose());
        if (this.batch === batch) this.batch = undefined;
      }
      if (!batch.cancelled) this.announce(batch);
    });
  }

  /** The notification's Cancel: stops the whole batch, then asks once about the assets left without a video. */
  async cancelBatch(batch = this.batch): Promise<void> {
    if (!batch) return;
    batch.cancelled = true;
    if (this.batch === batch) this.batch = undefined;
    await cancelAndAsk(this.manager, this.prompts, batch.uploads.filter((u) => u.phase !== 'ended'));
  }

  private announce(batch: Batch): void {
    if (batch.ends.length === 1) {
      const [{ upload, outcome, finished }] = batch.ends;
      // A paused or cancelled upload was stopped on purpose and its row already shows that.
      if (outcome.status === 'done') this.announceSuccess(upload, outcome.result);
      else if (outcome.status === 'failed') void this.announceFailure(upload, outcome.error, finished);
      return;
    }
    const done = batch.ends.filter((e) => e.outcome.status === 'done').length;
    const failed = batch.ends.filter((e) => e.outcome.status === 'failed');
    const paused = batch.ends.filter((e) => e.outcome.status === 'paused');
    if (!done && !failed.length && !paused.length) return;
    const failedFiles = failed.map((e) => path.basename(e.upload.filePath)).join(', ');
    // Paused is not an end: say what is left, and how to go on.
    const left = byteSize(paused.reduce((sum, e) => sum + e.upload.progress.totalBytes - e.upload.progress.bytesSent, 0));
    const all = batch.ends.length;
    let message: string;
    if (paused.length) {
      message = failed.length
        ? vscode.l10n.t('Livepeer: uploads paused with {0} left: {1} of {2} videos uploaded, {3} paused; {4} failed ({5}).', left, done, all, paused.length, failed.length, failedFiles)
        : vscode.l10n.t('Livepeer: uploads paused with {0} left: {1} of {2} videos uploaded, {3} paused.', left, done, all, paused.length);
    } else {
      message = failed.length
        ? vscode.l10n.t('Livepeer: {0} of {1} videos uploaded; {2} failed ({3}).', done, all, failed.length, failedFiles)
        : vscode.l10n.t('Livepeer: {0} of {1} videos uploaded.', done, all);
    }
    const actions = [...(paused.length ? [RESUME_ALL] : []), SHOW_UPLOADS, ...(failed.length ? [SHOW_LOG] : [])];
    void this.prompts.message(failed.length ? 'error' : 'info', message, {}, ...actions).then((action) => {
      if (action === RESUME_ALL) void vscode.commands.executeCommand(COMMANDS.uploads.resumeAll);
      else if (action === SHOW_UPLOADS) void vscode.commands.executeCommand('livepeer.uploads.focus');
      else if (action === SHOW_LOG) void vscode.commands.executeCommand(COMMANDS.showLog);
    });
  }

  private announceSuccess(upload: Upload, result: UploadResult): void {
    const actions = result.playbackId ? [COPY_PLAYBACK_ID, SHOW_ASSET] : [SHOW_ASSET];
    const file = path.basename(upload.filePath);
    // Say the file once: its name only when the asset is called something else.
    const renamed = result.assetName !== file;
    const message = renamed
      ? result.resumed
        ? vscode.l10n.t('Livepeer: uploaded {0} as {1} (resumed); the service is processing it.', file, quoted(result.assetName))
        : vscode.l10n.t('Livepeer: uploaded {0} as {1}; the service is processing it.', file, quoted(result.assetName))
      : result.resumed
        ? vscode.l10n.t('Livepeer: uploaded {0} (resumed); the service is processing it.', quoted(file))
        : vscode.l10n.t('Livepeer: uploaded {0}; the service is processing it.', quoted(file));
    void this.prompts.message('info', message, {}, ...actions).then(async (action) => {
      if (action === COPY_PLAYBACK_ID && result.playbackId) await vscode.env.clipboard.writeText(result.playbackId);
      else if (action === SHOW_ASSET) await revealAsset(result.assetId, upload.account);
    });
  }

  private async announceFailure(upload: Upload, error: unknown, record: FinishedUpload | undefined): Promise<void> {
    const file = path.basename(upload.filePath);
    const entry = upload.resumedEntry;
    const change = error instanceof StudioApiError && error.kind === 'config' ? await fileChange(upload) : undefined;
    if (change) {
      // The details (path, sizes) are in the log; the notification says what happened and what to do.
      const message = entry
        ? change === 'removed'
          ? vscode.l10n.t('Livepeer: {0} was removed since its upload stopped, so it cannot be resumed. Discard it and upload the file again.', file)
          : vscode.l10n.t('Livepeer: {0} changed since its upload stopped, so it cannot be resumed. Discard it and upload the file again.', file)
        : change === 'removed'
          ? vscode.l10n.t('Livepeer: {0} was removed during the upload, so the upload stopped. Upload it again once the file is complete.', file)
          : vscode.l10n.t('Livepeer: {0} changed during the upload, so the upload stopped. Upload it again once the file is complete.', file);
      const actions = entry ? [DISCARD, SHOW_LOG] : [SHOW_LOG];
      const action = await this.prompts.message('error', message, {}, ...actions);
      if (action === DISCARD && entry) void vscode.commands.executeCommand(COMMANDS.uploads.discard, entry);
      else if (action === SHOW_LOG) void vscode.commands.executeCommand(COMMANDS.showLog);
      return;
    }
    const what = `could not upload ${file}`;
    const again = record ? () => this.manager.retry(record) : () => this.manager.resumeLeftEntry(upload);
    reportError(this.prompts, what, error, () => again().catch((failure: unknown) => reportError(this.prompts, what, failure)));
  }

  /** The asset of an upload of this machine is ready or failed: said once, as imports and clips are. */
  private announceProcessing(record: FinishedUpload): void {
    if (!record.assetId) return;
    const asset = { id: record.assetId, name: record.name, playbackId: record.playbackId, status: record.assetStatus };
    void import('../tasks/taskEnd.js').then(({ announceEnd }) => announceEnd({ prompts: this.prompts, session: this.session }, 'upload', asset, record.account));
  }
}

/** "changed" or "removed" when the file is no longer what the upload started with. */
async function fileChange(upload: Upload): Promise<'changed' | 'removed' | undefined> {
  const stat = await fs.promises.stat(upload.filePath).catch(() => undefined);
  if (!stat) return 'removed';
  return stat.size !== upload.file.size || stat.mtimeMs !== upload.file.mtimeMs ? 'changed' : undefined;
}

/** At startup: one notification when uploads were interrupted (by a closed window, a lost network…). */
export async function offerResume(manager: UploadQueue, prompts: Prompts): Promise<void> {
  // Uploads the user paused stay listed without a reminder.
  const entries = (await manager.interrupted()).filter((entry) => !manager.isPaused(entry));
  if (!entries.length) return;
  const names = entries.map((e) => `${quoted(e.assetName)}`).join(', ');
  const message = entries.length === 1 ? vscode.l10n.t('Livepeer: an upload was interrupted and can be resumed: {0}.', names) : vscode.l10n.t('Livepeer: {0} uploads were interrupted and can be resumed: {1}.', entries.length, names);
  const action = await prompts.message('info', message, {}, RESUME_ALL, SHOW);
  if (action === RESUME_ALL) await manager.resumeAll();
  else if (action === SHOW) await vscode.commands.executeCommand('livepeer.uploads.focus');
}
