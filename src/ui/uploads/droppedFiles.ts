import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import type { Prompts } from '../common/prompts';

// Loaded at the first drop on the Uploads or Assets view (see uploadDrop.ts).

/** The files a drop carries: the Explorer's `text/uri-list` lines and the OS's files, each once. */
async function droppedUris(data: vscode.DataTransfer): Promise<vscode.Uri[]> {
  const found = new Map<string, vscode.Uri>();
  const list = await data.get('text/uri-list')?.asString();
  for (const line of (list ?? '').split(/\r?\n/)) {
    const text = line.trim();
    if (!text || text.startsWith('#')) continue;
    try {
      const uri = vscode.Uri.parse(text, true);
      found.set(uri.toString(), uri);
    } catch {
      // Not a URI: nothing to upload from this line.
    }
  }
  data.forEach((item) => {
    const uri = item.asFile()?.uri;
    if (uri) found.set(uri.toString(), uri);
  });
  return [...found.values()];
}

/**
 * Uploads what was dropped through Upload to Livepeer, as a right-click on the same selection: a
 * folder stands for the videos inside it (one question first), a file that is not a video is refused.
 */
export async function uploadDropped(prompts: Prompts, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
  const dropped = await droppedUris(data);
  if (!dropped.length) {
    prompts.notify('warning', vscode.l10n.t('Livepeer: nothing to upload in what was dropped: drop video files or folders.'));
    return;
  }
  if (token.isCancellationRequested) return;
  await vscode.commands.executeCommand(COMMANDS.uploads.upload, dropped[0], dropped);
}
