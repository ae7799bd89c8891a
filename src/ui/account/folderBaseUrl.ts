import * as vscode from 'vscode';
import { OPEN_USER_SETTINGS } from '../common/actions';
import type { Prompts } from '../common/prompts';
import { settings } from '../common/settings';

const KEY = 'livepeer.baseURL';

/** Where a folder's value points, without a path or anything else it may carry (a password). */
function shownTarget(value: string): string {
  try {
    return new URL(value.trim()).origin;
  } catch {
    return vscode.l10n.t('an address');
  }
}

/**
 * The value a settings file's text gives `key`, comments left out: enough to tell the user (VS Code
 * itself never hands this value to the extension, see folderBaseUrl).
 */
function settingInText(text: string, key: string): string | undefined {
  const uncommented = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new RegExp(`"${key.replace(/\./g, '\\.')}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(uncommented);
  return found?.[1];
}

/**
 * What the workspace's own settings files set for the base URL, read from the files: VS Code
 * leaves a folder's value of a machine setting out of what extensions read, so only the file tells.
 */
async function folderBaseUrl(): Promise<string | undefined> {
  const files = (vscode.workspace.workspaceFolders ?? []).map((folder) => vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled') files.push(workspaceFile);
  for (const uri of files) {
    const text = await vscode.workspace.fs.readFile(uri).then((bytes) => new TextDecoder().decode(bytes), () => '');
    const value = settingInText(text, KEY);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Says that a workspace's `livepeer.baseURL` is ignored (settings.baseUrl never reads it: a folder
 * must not decide where the API token goes), and offers the user settings, where it belongs: at the
 * start, and each time a settings file written meanwhile sets it anew (added again after it was
 * removed, or to another value).
 */
export function watchFolderBaseUrl(prompts: Prompts, log: vscode.LogOutputChannel): vscode.Disposable {
  let last: string | undefined;
  let checking = Promise.resolve();
  const check = () =>
    (checking = checking.then(async () => {
      const value = await folderBaseUrl();
      const changed = value !== last;
      last = value;
      if (value === undefined || !changed) return;
      const text = vscode.l10n.t("This folder's settings set {0} to {1}: ignored, because only your user settings decide where your API token is sent.", KEY, shownTarget(value));
      log.warn(text);
      void prompts.message('warning', vscode.l10n.t('Livepeer: {0}', text), {}, OPEN_USER_SETTINGS).then((choice) => {
        if (choice === OPEN_USER_SETTINGS) void vscode.commands.executeCommand('workbench.action.openGlobalSettings', { query: KEY });
      });
    }));
  void check();
  const files = vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json');
  const subscriptions = [
    files,
    files.onDidCreate(check),
    files.onDidChange(check),
    files.onDidDelete(check),
    vscode.workspace.onDidChangeWorkspaceFolders(check),
    vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'baseURL') && check()),
  ];
  return { dispose: () => subscriptions.forEach((s) => void s.dispose()) };
}
