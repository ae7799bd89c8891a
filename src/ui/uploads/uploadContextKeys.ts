import * as vscode from 'vscode';
import type { UploadQueue } from '../../upload';

/**
 * Context keys read by the command palette's `when` clauses, so Pause, Cancel, Resume, Discard and
 * Resume All are offered only while there is an upload they apply to.
 */
export function publishUploadContextKeys(manager: UploadQueue): vscode.Disposable {
  const set = (key: string, value: boolean) => vscode.commands.executeCommand('setContext', `livepeer.uploads.${key}`, value);
  const update = async () => {
    const running = manager.runningUploads;
    // Queued files can be cancelled and paused (held) too; held files are resumed like interrupted ones.
    const queued = manager.queuedUploads.length > 0;
    const interrupted = (await manager.interrupted()).length > 0;
    await Promise.all([
      set('running', running.length > 0 || queued),
      set('pausable', queued || running.some((upload) => upload.method === 'tus')),
      set('interrupted', interrupted),
      set('resumable', interrupted || manager.heldUploads.length > 0),
    ]);
  };
  void update();
  return manager.onDidChange(() => void update());
}

/** Ticks the walkthrough's "Upload a video" when an upload succeeds, not when one is only started. */
export function tickUploadStep(manager: UploadQueue): vscode.Disposable {
  return manager.onDidEnd(({ outcome }) => {
    if (outcome.status === 'done') void vscode.commands.executeCommand('setContext', 'livepeer.walkthrough.uploaded', true);
  });
}
