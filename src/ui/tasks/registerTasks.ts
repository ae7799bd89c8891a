import type * as vscode from 'vscode';
import type { UploadQueue } from '../../upload';
import type { Account } from '../account/account';
import type { AssetsView } from '../assets/assetsView';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import type { Prompts } from '../common/prompts';
import type { ResultDocuments } from '../common/resultDocuments';

export interface TaskFeatureDeps {
  session: Account;
  prompts: Prompts;
  results: ResultDocuments;
  assets: AssetsView;
  /** What this machine's uploads left (Why Is This Not Ready? reads it). */
  uploads: UploadQueue;
}

/**
 * Import from URL, Why Is This Not Ready? and Retry: only their ids here, on the activation path;
 * the handlers are a bundle of their own, loaded at the first use.
 */
export function registerTaskCommands(deps: TaskFeatureDeps): vscode.Disposable[] {
  const commands = () => import('./taskCommands.js');
  return [
    registerCommand(COMMANDS.assets.importFromUrl, async (arg?: unknown) => (await commands()).importFromUrlCommand(deps, arg)),
    registerCommand(COMMANDS.assets.whyNotReady, async (arg?: unknown) => (await commands()).whyNotReadyCommand(deps, arg)),
    registerCommand(COMMANDS.assets.retry, async (arg?: unknown) => (await commands()).retryAssetCommand(deps, arg)),
  ];
}
