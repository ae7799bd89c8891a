import * as vscode from 'vscode';
import type { UploadManager } from './uploadManager';

/**
 * Context keys read by the command palette's `when` clauses, so Pause, Cancel, Resume, Discard and
 * Resume All are offered only while there is an upload they apply to.
 */
export function publishUploadContextKeys(manager: UploadManager): vscode.Disposable {
  const set = (key: string, value: boolean) => vscode.commands.executeCommand('setContext', `livepeer.uploads.${key}`, value);
  const update = async () => {
    const running = manager.runningUploads;
    const interrupted = await manager.interrupted();
    await Promise.all([
      set('running', running.length > 0),
      set('pausable', running.some((upload) => upload.method === 'tus')),
      set('interrupted', interrupted.length > 0),
    ]);
  };
  void update();
  return manager.onDidChange(() => void update());
}
