import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { VIDEO_EXTENSIONS } from '../../upload';
import type { Prompts } from '../common/prompts';
import { byteSize } from '../common/format';
import { videoGlob } from '../common/videoFiles';

/** Enough for any real project; keeps a huge media folder from stalling the picker. */
const MAX_FILES = 500;

type FileItem = vscode.QuickPickItem & { uri?: vscode.Uri };

/**
 * One of the workspace's video files (most recently modified first), or with "Browse…" any
 * files on disk. Resolves undefined when dismissed.
 */
export async function pickVideoFiles(prompts: Prompts): Promise<vscode.Uri[] | undefined> {
  const found = await vscode.workspace.findFiles(videoGlob(), '**/node_modules/**', MAX_FILES);
  const files = await Promise.all(
    found
      .filter((uri) => uri.scheme === 'file')
      .map(async (uri) => ({ uri, stat: await fs.promises.stat(uri.fsPath).catch(() => undefined) })),
  );
  const items: FileItem[] = files
    .filter((f): f is { uri: vscode.Uri; stat: fs.Stats } => !!f.stat)
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)
    .map(({ uri, stat }) => ({
      label: vscode.workspace.asRelativePath(uri),
      description: `${byteSize(stat.size)} · ${new Date(stat.mtimeMs).toLocaleString()}`,
      uri,
    }));
  const browse: FileItem = { label: vscode.l10n.t('$(folder-opened) Browse…'), description: vscode.l10n.t('any video file on this machine'), alwaysShow: true };
  const picked = await prompts.pick([...items, browse], {
    title: vscode.l10n.t('Livepeer: Upload Video'),
    placeHolder: items.length ? vscode.l10n.t('Select the video file to upload, newest first') : vscode.l10n.t('No video files in the workspace: Browse…'),
    matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.uri) return [picked.uri];
  const browsed = await prompts.openDialog({
    title: vscode.l10n.t('Livepeer: Upload Video'),
    canSelectMany: true,
    openLabel: vscode.l10n.t('Upload'),
    filters: { Videos: [...VIDEO_EXTENSIONS] },
  });
  return browsed?.length ? browsed : undefined;
}
