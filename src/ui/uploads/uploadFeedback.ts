import * as path from 'node:path';
import * as vscode from 'vscode';
import { StudioApiError } from '../../api';
import type { UploadResult } from '../../upload';
import { reportError } from '../errors';
import type { Prompts } from '../prompts';
import { describeProgress } from './progressText';
import type { Upload, UploadManager, UploadOutcome } from './uploadManager';

/** Hidden command that focuses the Uploads view on one upload (registered with the view). */
export const SHOW_UPLOAD_COMMAND = 'livepeer.uploads.showUpload';

/**
 * What people see of an upload outside the Uploads view: a cancellable progress notification
 * while it runs, then one message for how it ended, with the next step on it.
 */
export class UploadFeedback implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly manager: UploadManager,
    private readonly prompts: Prompts,
  ) {
    this.subscriptions = [
      manager.onDidStart((upload) => this.showProgress(upload)),
      manager.onDidEnd(({ upload, outcome }) => this.announce(upload, outcome)),
      manager.onDidSettle((upload) => this.announceProcessing(upload)),
    ];
  }

  private showProgress(upload: Upload): void {
    const title = `Livepeer: uploading “${upload.name}”`;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      token.onCancellationRequested(() => this.manager.cancel(upload));
      // `increment` is relative and cannot go back; a tus retry that restarts lower just waits.
      let shown = 0;
      const report = () => {
        const percent = upload.progress.fraction * 100;
        progress.report({ increment: Math.max(0, percent - shown), message: describeProgress(upload.progress) });
        shown = Math.max(shown, percent);
      };
      report();
      const subscription = this.manager.onDidProgress((u) => u === upload && report());
      try {
        await upload.finished;
      } finally {
        subscription.dispose();
      }
    });
  }

  private announce(upload: Upload, outcome: UploadOutcome): void {
    // A paused or cancelled upload was stopped on purpose and its row already shows that.
    if (outcome.status === 'done') this.announceSuccess(upload, outcome.result);
    else if (outcome.status === 'failed') this.announceFailure(upload, outcome.error);
  }

  private announceSuccess(upload: Upload, result: UploadResult): void {
    const actions = result.playbackId ? ['Copy Playback ID', 'Show Asset'] : ['Show Asset'];
    const message = `Livepeer: uploaded “${result.assetName}” from ${path.basename(upload.filePath)}${result.resumed ? ' (resumed)' : ''}; the service is processing it.`;
    void this.prompts.message('info', message, {}, ...actions).then(async (action) => {
      if (action === 'Copy Playback ID' && result.playbackId) await vscode.env.clipboard.writeText(result.playbackId);
      else if (action === 'Show Asset') await vscode.commands.executeCommand(SHOW_UPLOAD_COMMAND, upload);
    });
  }

  private announceFailure(upload: Upload, error: unknown): void {
    const entry = upload.resumedEntry;
    if (entry && error instanceof StudioApiError && error.kind === 'config') {
      // The file changed or vanished: resuming cannot work, so offer to drop the entry.
      void this.prompts.message('error', `Livepeer: ${error.message}`, {}, 'Discard', 'Show Log').then((action) => {
        if (action === 'Discard') void vscode.commands.executeCommand('livepeer.uploads.discard', entry);
        else if (action === 'Show Log') void vscode.commands.executeCommand('livepeer.showLog');
      });
      return;
    }
    const what = `could not upload ${path.basename(upload.filePath)}`;
    reportError(this.prompts, what, error, () => this.manager.retry(upload).catch((again: unknown) => reportError(this.prompts, what, again)));
  }

  private announceProcessing(upload: Upload): void {
    const status = upload.asset?.status;
    if (status?.phase !== 'failed') return;
    void this.prompts
      .message('error', `Livepeer: “${upload.name}” was uploaded but the service could not process it: ${status.errorMessage ?? 'no reason given'}`, {}, 'Show Log')
      .then((action) => action === 'Show Log' && vscode.commands.executeCommand('livepeer.showLog'));
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}

/** At startup: one notification when uploads were interrupted (by a closed window, a lost network…). */
export async function offerResume(manager: UploadManager, prompts: Prompts): Promise<void> {
  const entries = await manager.interrupted();
  if (!entries.length) return;
  const names = entries.map((e) => `“${e.assetName}”`).join(', ');
  const message = `Livepeer: ${entries.length === 1 ? 'an upload was' : `${entries.length} uploads were`} interrupted and can be resumed: ${names}.`;
  const action = await prompts.message('info', message, {}, 'Resume All', 'Show');
  if (action === 'Resume All') await manager.resumeAll();
  else if (action === 'Show') await vscode.commands.executeCommand('livepeer.uploads.focus');
}
