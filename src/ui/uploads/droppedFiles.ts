import * as path from 'node:path';
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
 * Uploads the dropped videos through Upload to Livepeer (the same questions, queue and refusals of
 * files that are not videos); a folder is refused in words.
 */
export async function uploadDropped(prompts: Prompts, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
  const dropped = await droppedUris(data);
  const files: vscode.Uri[] = [];
  for (const uri of dropped) {
    const stat = uri.scheme === 'file' ? await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined) : undefined;
    if (stat && stat.type & vscode.FileType.Directory) {
      prompts.notify('warning', vscode.l10n.t('Livepeer: “{0}” is a folder, so it was not uploaded. Drop the video files in it instead.', path.basename(uri.fsPath)));
    } else files.push(uri);
  }
  if (!dropped.length) prompts.notify('warning', vscode.l10n.t('Livepeer: nothing to upload in what was dropped: drop video files.'));
  if (!files.length || token.isCancellationRequested) return;
  await vscode.commands.executeCommand(COMMANDS.uploads.upload, files[0], files);
}
