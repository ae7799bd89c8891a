import * as vscode from 'vscode';
import type { UploadQueue } from '../../upload';
import { Disposable } from '../common/disposable';

/** "$(cloud-upload) 2" while uploads run (the tooltip counts the queue too); a click opens the Uploads view. */
export class UploadStatusBar extends Disposable {
  readonly item = this.register(vscode.window.createStatusBarItem('livepeer.uploads', vscode.StatusBarAlignment.Left, 10));

  constructor(private readonly manager: UploadQueue) {
    super();
    this.item.name = vscode.l10n.t('Livepeer Uploads');
    this.item.command = 'livepeer.uploads.focus';
    this.update();
    this.register(manager.onDidChange(() => this.update()));
  }

  private update(): void {
    const count = this.manager.runningUploads.length;
    const queued = this.manager.queuedUploads.length;
    this.item.text = `$(cloud-upload) ${count}`;
    this.item.tooltip = tooltipText(count, queued);
    if (count) this.item.show();
    else this.item.hide();
  }
}

function tooltipText(count: number, queued: number): string {
  if (count === 1) {
    return queued
      ? vscode.l10n.t('Livepeer: 1 upload running, {0} queued. Click to show the Uploads view.', queued)
      : vscode.l10n.t('Livepeer: 1 upload running. Click to show the Uploads view.');
  }
  return queued
    ? vscode.l10n.t('Livepeer: {0} uploads running, {1} queued. Click to show the Uploads view.', count, queued)
    : vscode.l10n.t('Livepeer: {0} uploads running. Click to show the Uploads view.', count);
}
