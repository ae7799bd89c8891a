import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isVideoFile } from '../../upload';
import { byteSize, quoted } from '../common/format';
import type { Prompts } from '../common/prompts';
import { UPLOAD } from '../common/actions';

/** What a selection with folders holds: the videos in it (every level down), and the other files left out. */
export interface FolderSelection {
  videos: vscode.Uri[];
  bytes: number;
  skipped: number;
  folders: string[];
}

/**
 * The selection with each folder replaced by the video files inside it, every level down. Links to
 * folders are not followed (a link back up would never end); a file that cannot be read is skipped.
 */
export async function expandFolders(uris: vscode.Uri[]): Promise<FolderSelection> {
  const found: FolderSelection = { videos: [], bytes: 0, skipped: 0, folders: [] };
  const seen = new Set<string>();
  const addFile = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile() || !isVideoFile(file)) {
      found.skipped++;
      return;
    }
    found.videos.push(vscode.Uri.file(file));
    found.bytes += stat.size;
  };
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() || entry.isSymbolicLink()) await addFile(child);
    }
  };
  for (const uri of uris) {
    const stat = uri.scheme === 'file' ? await fs.promises.stat(uri.fsPath).catch(() => undefined) : undefined;
    if (stat?.isDirectory()) {
      found.folders.push(path.basename(uri.fsPath));
      await walk(uri.fsPath);
    } else if (stat) await addFile(uri.fsPath);
  }
  return found;
}

/** The one question before a folder's videos are uploaded: how many, how large, what is left out. Cancel is the safe answer. */
export async function confirmFolderUpload(prompts: Prompts, found: FolderSelection): Promise<boolean> {
  const where = found.folders.map(quoted).join(', ');
  if (!found.videos.length) {
    prompts.notify('warning', vscode.l10n.t('Livepeer: there are no video files in {0}, so nothing was uploaded.', where));
    return false;
  }
  const message =
    found.videos.length === 1
      ? vscode.l10n.t('Upload 1 video ({0}) from {1}?', byteSize(found.bytes), where)
      : vscode.l10n.t('Upload {0} videos ({1}) from {2}?', found.videos.length, byteSize(found.bytes), where);
  const detail =
    found.skipped === 0
      ? vscode.l10n.t('Each video becomes an asset named after its file.')
      : found.skipped === 1
        ? vscode.l10n.t('1 file that is not a video is skipped. Each video becomes an asset named after its file.')
        : vscode.l10n.t('{0} files that are not videos are skipped. Each video becomes an asset named after its file.', found.skipped);
  return (await prompts.confirm(message, { detail }, UPLOAD)) === UPLOAD;
}
