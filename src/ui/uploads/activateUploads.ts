import * as vscode from 'vscode';
import type { Asset, AssetWatcher } from '../../api';
import { UploadQueue, type Event, type KeyValueStore } from '../../upload';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { publishUploadContextKeys } from './uploadContextKeys';
import { UploadFeedback, offerResume } from './uploadFeedback';
import { uploadDrop } from './uploadDrop';
import { uploadSettings } from '../common/uploadSettings';
import { UploadStatusBar } from './uploadStatusBar';
import { UploadsView } from './uploadsView';

export interface UploadsDeps {
  session: Account;
  prompts: Prompts;
  /** Where interrupted uploads are kept: globalState, so they outlive the window. */
  storage: KeyValueStore;
  log: vscode.LogOutputChannel;
  /** Follows the assets of finished uploads (shared with the Assets view). */
  watcher: AssetWatcher;
  /** Waits between tus retries; the engine's defaults when absent. */
  retryDelaysMs?: readonly number[];
}

/** The upload state and what shows it, without registering anything with VS Code. */
export interface Uploads extends vscode.Disposable {
  manager: UploadQueue;
  view: UploadsView;
  feedback: UploadFeedback;
  /** A new upload's asset, right after request-upload created it (before any byte is sent). */
  onDidCreateAsset: Event<Asset>;
  /** Drops of video files on the Uploads and Assets views. */
  drop: vscode.TreeDragAndDropController<unknown>;
}

/**
 * Builds the upload state over `storage` as a window starts: lists the interrupted uploads found
 * there and offers to resume them.
 */
function createUploads(deps: UploadsDeps): Uploads {
  const manager = new UploadQueue({
    ...deps,
    chunkSizeMiB: uploadSettings.chunkSizeMiB,
    concurrency: uploadSettings.concurrency,
  });
  // With several profiles each row names its upload's (with one, it would only repeat it).
  const { session } = deps;
  const view = new UploadsView(manager, (account) => (account && session.profiles.all().length > 1 ? session.profileOf(account)?.name : undefined));
  const feedback = new UploadFeedback(manager, deps.prompts, deps.session);
  void offerResume(manager, deps.prompts);
  return {
    manager,
    view,
    feedback,
    onDidCreateAsset: manager.onDidCreateAsset,
    drop: uploadDrop(deps.prompts),
    dispose: () => [feedback, view, manager].forEach((d) => d.dispose()),
  };
}

/** createUploads plus the Uploads view, status bar item and menu context. */
export function activateUploads(deps: UploadsDeps): { uploads: Uploads; disposables: vscode.Disposable[] } {
  const uploads = createUploads(deps);
  const treeView = vscode.window.createTreeView('livepeer.uploads', { treeDataProvider: uploads.view, dragAndDropController: uploads.drop });
  const statusBar = new UploadStatusBar(uploads.manager);
  return {
    uploads,
    disposables: [uploads, treeView, statusBar, publishUploadContextKeys(uploads.manager)],
  };
}
