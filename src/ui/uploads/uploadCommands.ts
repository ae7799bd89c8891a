import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { AUTO_TUS_THRESHOLD_BYTES, type InterruptedUploadSummary, type UploadMethodChoice } from '../../upload';
import { reportError } from '../errors';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import { setToken } from '../tokenCommands';
import { SHOW_UPLOAD_COMMAND } from './uploadFeedback';
import type { Upload, UploadManager, UploadOutcome } from './uploadManager';
import { isUploadMethod, uploadSettings } from './uploadSettings';
import { UploadItem, type UploadsView } from './uploadsView';
import { pickVideoFiles } from './videoPicker';
import { whyNotUploadable } from './videoFiles';

/** Optional third argument of `livepeer.uploads.upload`, so callers (tests, other extensions) can skip the questions. */
export interface UploadCommandOptions {
  /** Asset name; used when one file is uploaded. */
  name?: string;
  method?: UploadMethodChoice;
}

interface Deps {
  session: Session;
  prompts: Prompts;
  manager: UploadManager;
  view: UploadsView;
  treeView: vscode.TreeView<UploadItem>;
}

const METHOD_ITEMS: Array<vscode.QuickPickItem & { method: UploadMethodChoice }> = [
  { method: 'auto', label: 'Automatic', description: `resumable for files of ${AUTO_TUS_THRESHOLD_BYTES / 2 ** 20} MiB and more, direct below` },
  { method: 'tus', label: 'Resumable (tus)', description: 'in chunks; can be paused, and resumed after a failure or restart' },
  { method: 'direct', label: 'Direct', description: 'one request; a failure means starting over' },
];

export function registerUploadCommands(deps: Deps): vscode.Disposable[] {
  const { session, prompts, manager } = deps;

  async function chooseMethod(): Promise<UploadMethodChoice | undefined> {
    const configured = uploadSettings.method();
    if (!uploadSettings.askMethod()) return configured;
    const items = [...METHOD_ITEMS].sort((a, b) => Number(b.method === configured) - Number(a.method === configured));
    return (await prompts.pick(items, { title: 'Livepeer: Upload Method', placeHolder: `How to upload (setting: ${configured})` }))?.method;
  }

  async function askName(uri: vscode.Uri): Promise<string | undefined> {
    const file = path.basename(uri.fsPath);
    const name = await prompts.input({
      title: 'Livepeer: Upload Video',
      prompt: `Asset name for ${file}`,
      value: file,
      validateInput: (value) => (value.trim() ? undefined : 'Enter a name for the asset'),
    });
    return name?.trim() || undefined;
  }

  /** Each file becomes its own asset; with several files, each is named after its file rather than asking once per file. */
  async function upload(uris: vscode.Uri[], options: UploadCommandOptions): Promise<UploadOutcome[]> {
    const videos = uris.filter((uri) => {
      const why = whyNotUploadable(uri);
      if (why) void prompts.message('warning', `Livepeer: ${why}.`, {});
      return !why;
    });
    if (!videos.length) return [];
    if (!session.hasToken && !(await setToken(session, prompts))) return [];
    const method = options.method ?? (await chooseMethod());
    if (!method) return [];
    const single = videos.length === 1 ? (options.name?.trim() || (await askName(videos[0]))) : undefined;
    if (videos.length === 1 && !single) return [];
    const started = await Promise.all(
      videos.map((uri) =>
        manager.start({ filePath: uri.fsPath, name: single ?? path.basename(uri.fsPath), method }).catch((error: unknown) => {
          reportError(prompts, `could not upload ${path.basename(uri.fsPath)}`, error);
          return undefined;
        }),
      ),
    );
    return Promise.all(started.filter((u): u is Upload => !!u).map((u) => u.finished));
  }

  /** The item a command was invoked on, or one picked from those it applies to. */
  async function itemFor(arg: unknown, applies: (item: UploadItem) => boolean, what: string): Promise<UploadItem | undefined> {
    if (arg instanceof UploadItem) return arg;
    const items = (await deps.view.getChildren()).filter(applies);
    if (isEntry(arg)) return items.find((item) => item.entry?.id === arg.id);
    if (!items.length) {
      void prompts.message('info', `Livepeer: there is no upload to ${what}.`, {});
      return undefined;
    }
    const picked = await prompts.pick(
      items.map((item) => ({ label: String(item.label), description: String(item.description ?? ''), detail: item.filePath, item })),
      { title: `Livepeer: ${what[0].toUpperCase()}${what.slice(1)} Upload`, matchOnDetail: true },
    );
    return picked?.item;
  }

  const running = (item: UploadItem) => item.upload?.phase === 'running';
  const resumable = (item: UploadItem) => !!item.entry;

  async function discard(item: UploadItem | undefined): Promise<boolean> {
    const entry = item?.entry;
    if (!entry) return false;
    const choice = await prompts.message(
      'warning',
      `Discard the interrupted upload of “${entry.assetName}”?`,
      { modal: true, detail: `It can no longer be resumed. The asset ${entry.assetId} stays in Livepeer Studio without a video; ${path.basename(entry.filePath)} is not touched.` },
      'Discard',
    );
    if (choice !== 'Discard') return false;
    try {
      await manager.discard(entry);
      return true;
    } catch (error) {
      reportError(prompts, `could not discard the upload of ${path.basename(entry.filePath)}`, error);
      return false;
    }
  }

  async function revealFile(item: UploadItem | undefined): Promise<void> {
    if (!item) return;
    const uri = vscode.Uri.file(item.filePath);
    if (!fs.existsSync(item.filePath)) {
      void prompts.message('warning', `Livepeer: ${item.filePath} no longer exists.`, {});
      return;
    }
    // The Explorer only knows workspace files; anything else is shown by the operating system.
    await vscode.commands.executeCommand(vscode.workspace.getWorkspaceFolder(uri) ? 'revealInExplorer' : 'revealFileInOS', uri);
  }

  const copy = (field: 'assetId' | 'playbackId', label: string) => async (arg?: unknown) => {
    const item = arg instanceof UploadItem ? arg : undefined;
    const value = item?.[field];
    if (!item) return;
    if (!value) {
      void prompts.message('info', `Livepeer: the ${label} of “${item.label}” is not known yet.`, {});
      return;
    }
    await vscode.env.clipboard.writeText(value);
    vscode.window.setStatusBarMessage(`Livepeer: ${label} copied`, 3000);
  };

  return [
    vscode.commands.registerCommand('livepeer.uploads.upload', async (uri?: unknown, uris?: unknown, options?: unknown) => {
      // Explorer passes (clicked, selection); editor menus pass (uri, editor context); the palette nothing.
      const selection = Array.isArray(uris) && uris.every((u) => u instanceof vscode.Uri) ? uris : uri instanceof vscode.Uri ? [uri] : await pickVideoFiles(prompts);
      return selection ? upload(selection, commandOptions(options)) : [];
    }),
    vscode.commands.registerCommand('livepeer.uploads.uploadFromPicker', async (options?: unknown) => {
      const selection = await pickVideoFiles(prompts);
      return selection ? upload(selection, commandOptions(options)) : [];
    }),
    vscode.commands.registerCommand('livepeer.uploads.cancel', async (arg?: unknown) => {
      const upload = (await itemFor(arg, running, 'cancel'))?.upload;
      if (upload) manager.cancel(upload);
    }),
    vscode.commands.registerCommand('livepeer.uploads.pause', async (arg?: unknown) => {
      const upload = (await itemFor(arg, (item) => running(item) && item.upload?.method === 'tus', 'pause'))?.upload;
      if (upload) manager.pause(upload);
    }),
    vscode.commands.registerCommand('livepeer.uploads.resume', async (arg?: unknown) => {
      const entry = (await itemFor(arg, resumable, 'resume'))?.entry;
      if (!entry) return undefined;
      try {
        return await manager.resume(entry).finished;
      } catch (error) {
        reportError(prompts, `could not resume ${path.basename(entry.filePath)}`, error);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('livepeer.uploads.resumeAll', async () => {
      const started = await manager.resumeAll();
      if (!started.length) void prompts.message('info', 'Livepeer: there is no interrupted upload to resume.', {});
      return Promise.all(started.map((upload) => upload.finished));
    }),
    vscode.commands.registerCommand('livepeer.uploads.discard', async (arg?: unknown) => discard(await itemFor(arg, resumable, 'discard'))),
    vscode.commands.registerCommand('livepeer.uploads.revealFile', (arg?: unknown) => revealFile(arg instanceof UploadItem ? arg : undefined)),
    vscode.commands.registerCommand('livepeer.uploads.copyAssetId', copy('assetId', 'asset ID')),
    vscode.commands.registerCommand('livepeer.uploads.copyPlaybackId', copy('playbackId', 'playback ID')),
    vscode.commands.registerCommand(SHOW_UPLOAD_COMMAND, async (upload: Upload) => {
      await vscode.commands.executeCommand('livepeer.uploads.focus');
      const item = await deps.view.itemOf(upload);
      if (item) await deps.treeView.reveal(item, { select: true, focus: true });
    }),
  ];
}

function commandOptions(value: unknown): UploadCommandOptions {
  const given = (value ?? {}) as Record<string, unknown>;
  return {
    name: typeof given.name === 'string' ? given.name : undefined,
    method: isUploadMethod(given.method) ? given.method : undefined,
  };
}

function isEntry(value: unknown): value is InterruptedUploadSummary {
  const entry = value as Partial<InterruptedUploadSummary> | undefined;
  return typeof entry?.id === 'string' && typeof entry.assetId === 'string' && typeof entry.filePath === 'string';
}
