import * as vscode from 'vscode';
import type { Prompts } from '../common/prompts';
import { settings } from '../common/settings';

const OPEN_USER_SETTINGS = 'Open User Settings';
const KEYS = ['livepeer.baseURL', 'livepeer.baseUrl'];

/** Where a folder's value points, without a path or anything else it may carry (a password). */
function shownTarget(value: string): string {
  try {
    return new URL(value.trim()).origin;
  } catch {
    return 'an address';
  }
}

/** JSON with comments and trailing commas, as settings files are written, made plain JSON. */
export function plainJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (char === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) break;
      i++;
    } else if (char === ',' && /^\s*[}\]]/.test(stripLeadingComments(text.slice(i + 1, i + 4096)))) {
      continue;
    } else {
      out += char;
    }
  }
  return out;
}

function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

function stripLeadingComments(text: string): string {
  return text.replace(/^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*/, '');
}

/**
 * What the workspace's own settings files set for the base URL, read from the files: VS Code
 * leaves a folder's value of a machine setting out of what extensions read, so only the file tells.
 */
async function folderBaseUrl(): Promise<{ key: string; value: string } | undefined> {
  const files: Array<{ uri: vscode.Uri; section?: string }> = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({
    uri: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'),
  }));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled') files.push({ uri: workspaceFile, section: 'settings' });
  for (const { uri, section } of files) {
    let parsed: Record<string, unknown>;
    try {
      const json = JSON.parse(plainJson(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)))) as Record<string, unknown>;
      parsed = (section ? json[section] : json) as Record<string, unknown>;
    } catch {
      continue;
    }
    const key = KEYS.find((name) => typeof parsed?.[name] === 'string');
    if (key) return { key, value: parsed[key] as string };
  }
  return undefined;
}

/**
 * Says, once per window and value, that a workspace's `livepeer.baseURL` is ignored (settings.baseUrl
 * never reads it: a folder must not decide where the API token goes), and offers the user settings,
 * where it belongs.
 */
export function watchFolderBaseUrl(prompts: Prompts, log: vscode.LogOutputChannel): vscode.Disposable {
  let told: string | undefined;
  let checking = Promise.resolve();
  const check = () =>
    (checking = checking.then(async () => {
      const set = await folderBaseUrl();
      if (!set || `${set.key}=${set.value}` === told) return;
      told = `${set.key}=${set.value}`;
      const text = `This folder's settings set ${set.key} to ${shownTarget(set.value)}: ignored, because only your user settings decide where your API token is sent.`;
      log.warn(text);
      void prompts.message('warning', `Livepeer: ${text}`, {}, OPEN_USER_SETTINGS).then((choice) => {
        if (choice === OPEN_USER_SETTINGS) void vscode.commands.executeCommand('workbench.action.openGlobalSettings', { query: 'livepeer.baseURL' });
      });
    }));
  void check();
  const files = vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json');
  const subscriptions = [
    files,
    files.onDidCreate(check),
    files.onDidChange(check),
    vscode.workspace.onDidChangeWorkspaceFolders(check),
    vscode.workspace.onDidChangeConfiguration((event) => (settings.affects(event, 'baseURL') || settings.affects(event, 'baseUrl')) && check()),
  ];
  return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
}
