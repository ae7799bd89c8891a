import * as vscode from 'vscode';
import { messageOf } from '../../api';
import type { Upload, UploadQueue } from '../../upload';
import type { FolderFile } from '../../operations/folderFile';
import type { UploadStarted } from '../../tools/definition';
import { uploadSettings } from '../common/uploadSettings';
import { whyNotUploadable } from '../common/videoFiles';
import type { Account } from '../account/account';

/** The open folders' paths on this machine (remote or virtual folders hold no file a tool could send). */
export function openFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath);
}

/** Resolves once the upload has its asset, has ended, or the call was cancelled. */
function started(queue: UploadQueue, upload: Upload, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const subscriptions = [queue.onDidCreateAsset(() => upload.assetId && done()), queue.onDidEnd(() => upload.phase === 'ended' && done())];
    const abort = () => done();
    function done(): void {
      subscriptions.forEach((subscription) => subscription.dispose());
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    signal?.addEventListener('abort', abort);
    if (upload.assetId || upload.phase === 'ended' || signal?.aborted) done();
  });
}

/**
 * An assistant's upload: the same queue as the Explorer's "Upload to Livepeer" (its progress in the
 * Uploads view and status bar, pause and resume there), the configured method without asking (the
 * tool's confirmation asked already), for the current profile. Answers once the asset exists.
 */
export async function uploadForTool(queue: UploadQueue, session: Account, file: FolderFile, name: string, signal?: AbortSignal): Promise<UploadStarted> {
  const why = whyNotUploadable(vscode.Uri.file(file.path));
  if (why) throw new Error(why);
  if (!session.profile) throw new Error(session.noProfileProblem());
  const [upload] = await queue.enqueue([{ filePath: file.path, name, method: uploadSettings.method(), account: session.profile.id }]);
  if (!upload) throw new Error(`${file.path} was not queued`);
  await started(queue, upload, signal);
  const outcome = upload.outcome;
  if (outcome?.status === 'failed') return { assetId: upload.assetId, name, state: 'failed', problem: messageOf(outcome.error) };
  return { assetId: upload.assetId, name, state: outcome?.status ?? (upload.assetId ? 'uploading' : 'queued') };
}
