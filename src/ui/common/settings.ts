import * as vscode from 'vscode';

const SECTION = 'livepeer';

/**
 * A contributed setting as VS Code reads it: unset means the manifest's `default` (the manifest
 * test checks that every setting has one of its type, so no `get()` fallback is needed or used).
 */
export function contributed<T>(section: string, key: string): T {
  return vscode.workspace.getConfiguration(section).get<T>(key) as T;
}

/** The value someone set for `key` in any scope, or undefined: never the default. */
export function explicitValue<T>(config: vscode.WorkspaceConfiguration, key: string): T | undefined {
  const inspected = config.inspect<T>(key);
  return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
}

/** Typed reads of the `livepeer.*` settings; always read fresh so changes apply without a reload. */
export const settings = {
  /** `livepeer.baseURL`; a value set under its old name `baseUrl` (titled "Base Url") counts until the new one is set. */
  baseUrl: (): string => {
    const config = vscode.workspace.getConfiguration(SECTION);
    return explicitValue<string>(config, 'baseURL') ?? explicitValue<string>(config, 'baseUrl') ?? contributed(SECTION, 'baseURL');
  },
  /** `livepeer.profile`: the profile this folder is pinned to, by name; empty = not pinned. */
  profilePin: (): string => contributed(SECTION, 'profile'),
  requestTimeoutMs: (): number => contributed<number>(SECTION, 'requestTimeoutSeconds') * 1000,
  streamsAutoRefreshSeconds: (): number => contributed(SECTION, 'streams.autoRefreshSeconds'),
  affects: (event: vscode.ConfigurationChangeEvent, key: string): boolean => event.affectsConfiguration(`${SECTION}.${key}`),
};
