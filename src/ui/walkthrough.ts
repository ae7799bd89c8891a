import * as vscode from 'vscode';
import type { UploadManager } from './uploads/uploadManager';

/** What the walkthrough's buttons pass to their command (the links in package.json end in `?"walkthrough"`). */
const FROM_WALKTHROUGH = 'walkthrough';

/**
 * A walkthrough button runs its command while the Welcome editor has the focus. When a quick input
 * closes with Enter, the focus returns there, and the key's release selects the walkthrough step,
 * which takes the focus from the next input box a moment later (typing then goes nowhere). Started
 * from the walkthrough, a flow therefore first moves the focus to the view where its result shows.
 */
export async function leaveWalkthrough(arg: unknown, view: string): Promise<void> {
  if (arg === FROM_WALKTHROUGH) await vscode.commands.executeCommand(`${view}.focus`);
}

/** Ticks the walkthrough's "Upload a video" when an upload succeeds, not when one is only started. */
export function tickUploadStep(manager: UploadManager): vscode.Disposable {
  return manager.onDidEnd(({ outcome }) => {
    if (outcome.status === 'done') void vscode.commands.executeCommand('setContext', 'livepeer.walkthrough.uploaded', true);
  });
}
