import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { AUTO_TUS_THRESHOLD_BYTES, type InterruptedUploadSummary, type Upload, type UploadMethodChoice, type UploadOutcome, type UploadQueue } from '../../upload';
import { reportError } from '../common/errorReporting';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { setToken } from '../account/tokenCommands';
import { cancelAndAsk, discardWithQuestion, offerToDeleteLeftovers, removeWithQuestion } from './leftoverAssets';
import { revealAsset } from './uploadFeedback';
import { isUploadMethod, uploadSettings } from '../common/uploadSettings';
import { UploadItem, type UploadsView } from './uploadsView';
import { pickVideoFiles } from './videoPicker';
import { confirmFolderUpload, expandFolders } from './folderVideos';
import { whyNotUploadable } from '../common/videoFiles';
import { leaveWalkthrough } from '../common/walkthrough';
import { quoted } from '../common/format';
import { copyToClipboard, registerCommand } from '../common/commands';
import { COMMANDS } from '../common/commandIds';

/** Optional third argument of `livepeer.uploads.upload`, so callers (tests, other extensions) can skip the questions. */
export interface UploadCommandOptions {
  /** Asset name; used when one file is uploaded. */
  name?: string;
  method?: UploadMethodChoice;
}

interface Deps {
  session: Account;
  prompts: Prompts;
  manager: UploadQueue;
  view: UploadsView;
}

const METHOD_ITEMS: Array<vscode.QuickPickItem & { method: UploadMethodChoice }> = [
  { method: 'auto', label: vscode.l10n.t('Automatic'), description: vscode.l10n.t('resumable for files of {0} MiB and more, direct below', AUTO_TUS_THRESHOLD_BYTES / 2 ** 20) },
  { method: 'tus', label: vscode.l10n.t('Resumable (tus)'), description: vscode.l10n.t('in chunks; can be paused, and resumed after a failure or restart') },
  { method: 'direct', label: vscode.l10n.t('Direct'), description: vscode.l10n.t('one request; a failure means starting over') },
];

export function registerUploadCommands(deps: Deps): vscode.Disposable[] {
  const { session, prompts, manager } = deps;

  async function chooseMethod(): Promise<UploadMethodChoice | undefined> {
    const configured = uploadSettings.method();
    if (!uploadSettings.askMethod()) return configured;
    const items = [...METHOD_ITEMS].sort((a, b) => Number(b.method === configured) - Number(a.method === configured));
    return (await prompts.pick(items, { title: vscode.l10n.t('Livepeer: Upload Method'), placeHolder: vscode.l10n.t('How to upload (setting: {0})', configured) }))?.method;
  }

  async function askName(uri: vscode.Uri): Promise<string | undefined> {
    const file = path.basename(uri.fsPath);
    const name = await prompts.input({
      title: vscode.l10n.t('Livepeer: Upload Video'),
      prompt: vscode.l10n.t('Asset name for {0}', file),
      value: file,
      validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter a name for the asset')),
    });
    return name?.trim() || undefined;
  }

  /** Each file becomes its own asset; with several files, each is named after its file rather than asking once per file. */
  async function upload(selected: vscode.Uri[], options: UploadCommandOptions): Promise<UploadOutcome[]> {
    // A folder in the selection stands for every video in it, after one question naming them.
    const found = await expandFolders(selected);
    if (found.folders.length && !(await confirmFolderUpload(prompts, found))) return [];
    const uris = found.folders.length ? found.videos : selected;
    const videos = uris.filter((uri) => {
      const why = whyNotUploadable(uri);
      if (why) prompts.notify('warning', vscode.l10n.t('Livepeer: {0}.', why));
      return !why;
    });
    if (!videos.length) return [];
    if (!(await session.signedIn()) && !(await setToken(session, prompts))) return [];
    const method = options.method ?? (await chooseMethod());
    if (!method) return [];
    // One file picked by itself is named by the person; a folder's videos, like several files, by their files.
    const naming = videos.length === 1 && !found.folders.length;
    const single = naming ? (options.name?.trim() || (await askName(videos[0]))) : undefined;
    if (naming && !single) return [];
    const queued: Upload[] = [];
    for (const uri of videos) {
      try {
        queued.push(...(await manager.enqueue([{ filePath: uri.fsPath, name: single ?? path.basename(uri.fsPath), method, account: session.profile?.id }])));
      } catch (error) {
        reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not upload {0}: {1}', path.basename(uri.fsPath), reason), error);
      }
    }
    return Promise.all(queued.map((u) => u.finished));
  }

  /** What the picker of each action says: its title, and the message when no upload fits. */
  const PICKS = {
    cancel: { title: vscode.l10n.t('Livepeer: Cancel Upload'), none: vscode.l10n.t('Livepeer: there is no upload to cancel.') },
    pause: { title: vscode.l10n.t('Livepeer: Pause Upload'), none: vscode.l10n.t('Livepeer: there is no upload to pause.') },
    resume: { title: vscode.l10n.t('Livepeer: Resume Upload'), none: vscode.l10n.t('Livepeer: there is no upload to resume.') },
    discard: { title: vscode.l10n.t('Livepeer: Discard Upload'), none: vscode.l10n.t('Livepeer: there is no upload to discard.') },
    retry: { title: vscode.l10n.t('Livepeer: Retry Upload'), none: vscode.l10n.t('Livepeer: there is no upload to retry.') },
    remove: { title: vscode.l10n.t('Livepeer: Remove Upload'), none: vscode.l10n.t('Livepeer: there is no upload to remove.') },
  };

  /** The item a command was invoked on, or one picked from those it applies to. */
  async function itemFor(arg: unknown, applies: (item: UploadItem) => boolean, what: keyof typeof PICKS): Promise<UploadItem | undefined> {
    if (arg instanceof UploadItem) return arg;
    const items = (await deps.view.getChildren()).filter(applies);
    if (isEntry(arg)) return items.find((item) => item.entry?.id === arg.id);
    if (!items.length) {
      prompts.notify('info', PICKS[what].none);
      return undefined;
    }
    const picked = await prompts.pick(
      items.map((item) => ({ label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''), description: String(item.description ?? ''), detail: item.filePath, item })),
      { title: PICKS[what].title, matchOnDetail: true },
    );
    return picked?.item;
  }

  const is = (...values: string[]) => (item: UploadItem) => values.includes(item.contextValue ?? '');
  const cancellable = is('upload queued', 'upload running tus', 'upload running direct');
  const pausable = is('upload queued', 'upload running tus');
  const resumable = is('upload interrupted', 'upload paused', 'upload held');
  const stored = is('upload interrupted', 'upload paused');
  const failed = is('upload failed');

  async function revealFile(item: UploadItem | undefined): Promise<void> {
    if (!item) return;
    const uri = vscode.Uri.file(item.filePath);
    if (!fs.existsSync(item.filePath)) {
      prompts.notify('warning', vscode.l10n.t('Livepeer: {0} no longer exists.', item.filePath));
      return;
    }
    // The Explorer only knows workspace files; anything else is shown by the operating system.
    await vscode.commands.executeCommand(vscode.workspace.getWorkspaceFolder(uri) ? 'revealInExplorer' : 'revealFileInOS', uri);
  }

  const copy = (field: 'assetId' | 'playbackId') => async (arg?: unknown) => {
    const item = arg instanceof UploadItem ? arg : undefined;
    const value = item?.[field];
    if (!item) return;
    if (!value) {
      const name = quoted(typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
      const text = field === 'assetId' ? vscode.l10n.t('Livepeer: the asset ID of {0} is not known yet.', name) : vscode.l10n.t('Livepeer: the playback ID of {0} is not known yet.', name);
      prompts.notify('info', text);
      return;
    }
    await copyToClipboard(value, field === 'assetId' ? vscode.l10n.t('Livepeer: asset ID copied.') : vscode.l10n.t('Livepeer: playback ID copied.'));
  };

  return [
    registerCommand(COMMANDS.uploads.upload, async (uri?: unknown, uris?: unknown, options?: unknown) => {
      // Explorer passes (clicked, selection); editor menus pass (uri, editor context); the palette nothing.
      const selection = Array.isArray(uris) && uris.every((u) => u instanceof vscode.Uri) ? uris : uri instanceof vscode.Uri ? [uri] : await pickVideoFiles(prompts);
      return selection ? upload(selection, commandOptions(options)) : [];
    }),
    registerCommand(COMMANDS.uploads.uploadFromPicker, async (options?: unknown) => {
      await leaveWalkthrough(options, 'livepeer.uploads');
      const selection = await pickVideoFiles(prompts);
      return selection ? upload(selection, commandOptions(options)) : [];
    }),
    registerCommand(COMMANDS.uploads.cancel, async (arg?: unknown) => {
      const upload = (await itemFor(arg, cancellable, 'cancel'))?.upload;
      if (upload) await cancelAndAsk(manager, prompts, [upload]);
    }),
    registerCommand(COMMANDS.uploads.pause, async (arg?: unknown) => {
      const upload = (await itemFor(arg, pausable, 'pause'))?.upload;
      if (!upload) return;
      manager.pause(upload);
      // Stopped before the server held any byte, nothing can be resumed: that is a cancel.
      const outcome = await upload.finished;
      if (outcome.status === 'cancelled' && outcome.leftover) await offerToDeleteLeftovers(manager, prompts, [outcome.leftover]);
    }),
    registerCommand(COMMANDS.uploads.pauseAll, async () => {
      if (!manager.runningUploads.length && !manager.queuedUploads.length) prompts.notify('info', vscode.l10n.t('Livepeer: there is no upload to pause.'));
      await manager.pauseAll();
    }),
    registerCommand(COMMANDS.uploads.resume, async (arg?: unknown) => {
      const item = await itemFor(arg, resumable, 'resume');
      if (!item || (!item.entry && !item.upload)) return undefined;
      try {
        return await (item.entry ? manager.resume(item.entry) : manager.continueHeld(item.upload!)).finished;
      } catch (error) {
        reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not resume {0}: {1}', path.basename(item.filePath), reason), error);
        return undefined;
      }
    }),
    registerCommand(COMMANDS.uploads.resumeAll, async () => {
      const started = await manager.resumeAll();
      if (!started.length) prompts.notify('info', vscode.l10n.t('Livepeer: there is no paused or interrupted upload to resume.'));
      return Promise.all(started.map((upload) => upload.finished));
    }),
    registerCommand(COMMANDS.uploads.discard, async (arg?: unknown) => {
      const entry = (await itemFor(arg, stored, 'discard'))?.entry;
      return entry ? discardWithQuestion(manager, prompts, entry, manager.isPaused(entry)) : false;
    }),
    registerCommand(COMMANDS.uploads.retry, async (arg?: unknown) => {
      const record = (await itemFor(arg, failed, 'retry'))?.finished;
      if (!record) return [];
      try {
        return await Promise.all((await manager.retry(record)).map((u) => u.finished));
      } catch (error) {
        reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not upload {0}: {1}', path.basename(record.filePath), reason), error);
        return [];
      }
    }),
    registerCommand(COMMANDS.uploads.remove, async (arg?: unknown) => {
      const item = await itemFor(arg, is('upload failed', 'upload held', 'upload cancelled', 'upload deleted'), 'remove');
      if (item?.finished) return removeWithQuestion(manager, prompts, item.finished);
      if (item?.upload) manager.dropHeld(item.upload);
      return !!item;
    }),
    registerCommand(COMMANDS.uploads.clearFinished, () => manager.history.clearFinished()),
    registerCommand(COMMANDS.uploads.deleteAsset, async (arg?: unknown) => {
      // Only on the row of a cancelled upload (the palette does not offer it).
      const record = arg instanceof UploadItem && arg.contextValue === 'upload cancelled' ? arg.finished : undefined;
      if (!record?.assetId) return false;
      try {
        await manager.history.deleteLeftovers([{ assetId: record.assetId, name: record.name, account: record.account }]);
        return true;
      } catch (error) {
        reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not delete the asset of {0}: {1}', quoted(record.name), reason), error);
        return false;
      }
    }),
    registerCommand(COMMANDS.uploads.showAsset, async (arg?: unknown) => {
      const item = arg instanceof UploadItem ? arg : undefined;
      if (item?.finished?.assetDeleted) prompts.notify('info', vscode.l10n.t('Livepeer: the asset of {0} was deleted.', quoted(item.finished.name)));
      else if (item?.assetId) await revealAsset(item.assetId, item.finished?.account ?? item.entry?.account ?? item.upload?.account);
    }),
    registerCommand(COMMANDS.uploads.revealFile, (arg?: unknown) => revealFile(arg instanceof UploadItem ? arg : undefined)),
    registerCommand(COMMANDS.uploads.copyAssetId, copy('assetId')),
    registerCommand(COMMANDS.uploads.copyPlaybackId, copy('playbackId')),
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
