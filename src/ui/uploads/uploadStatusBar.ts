import * as vscode from 'vscode';
import type { UploadQueue } from '../../upload';
import { Disposable } from '../common/disposable';

/** "$(cloud-upload) 2" while uploads run (the tooltip counts the queue too); a click opens the Uploads view. */
export class UploadStatusBar extends Disposable {
  readonly item = this.register(vscode.window.createStatusBarItem('livepeer.uploads', vscode.StatusBarAlignment.Left, 10));

  constructor(private readonly manager: UploadQueue) {
    super();
    this.item.name = 'Livepeer Uploads';
    this.item.command = 'livepeer.uploads.focus';
    this.update();
    this.register(manager.onDidChange(() => this.update()));
  }

  private update(): void {
    const count = this.manager.runningUploads.length;
    const queued = this.manager.queuedUploads.length;
    this.item.text = `$(cloud-upload) ${count}`;
    const waiting = queued ? `, ${queued} queued` : '';
    this.item.tooltip = `Livepeer: ${count} upload${count === 1 ? '' : 's'} running${waiting}. Click to show the Uploads view.`;
    if (count) this.item.show();
    else this.item.hide();
  }
}
