import * as vscode from 'vscode';

const SECTION = 'livepeer';

/**
 * A contributed setting as VS Code reads it: unset means the manifest's `default` (the manifest
 * test checks that every setting has one of its type, so no `get()` fallback is needed or used).
 */
export function contributed<T>(section: string, key: string): T {
  return vscode.workspace.getConfiguration(section).get<T>(key) as T;
}

/**
 * The value the user set for themselves (user settings, or a remote machine's), else the default:
 * a workspace or folder value never counts, whatever scope the manifest declares (VS Code still
 * applies some folder values of machine settings, and not every host enforces workspace trust).
 */
export function userValue<T>(section: string, key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(section).inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/** A number setting within the manifest's bounds, whichever scope set it (a folder may set these, not outside them). */
function within(key: string, min: number, max: number): number {
  const value = Number(contributed<number>(SECTION, key));
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}

/** What assistants may do with the Livepeer tools, loosest first. */
export const ASSISTANT_MODES = ['ask', 'readOnly', 'off'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

/**
 * `livepeer.assistantTools`: the strictest of the user's, the workspace's and the folder's values (a
 * folder may tighten it, never loosen it: a cloned repository must not let assistants change an account).
 */
function assistantMode(): AssistantMode {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<string>('assistantTools');
  const values = [inspected?.defaultValue, inspected?.globalValue, inspected?.workspaceValue, inspected?.workspaceFolderValue];
  const ranks = values.map((value) => ASSISTANT_MODES.indexOf(value as AssistantMode)).filter((rank) => rank >= 0);
  return ASSISTANT_MODES[Math.max(0, ...ranks)] ?? 'ask';
}

/** Typed reads of the `livepeer.*` settings; always read fresh so changes apply without a reload. */
export const settings = {
  /** `livepeer.baseURL` from the user's own settings only: where the API token goes is never a folder's choice. */
  baseUrl: (): string => userValue<string>(SECTION, 'baseURL') as string,
  /** `livepeer.profile`: the profile this folder is pinned to, by name; empty = not pinned. It picks among the user's own profiles only. */
  profilePin: (): string => contributed(SECTION, 'profile'),
  requestTimeoutMs: (): number => within('requestTimeoutSeconds', 1, 600) * 1000,
  /** 0 = off; otherwise at least a second, so no folder makes the view poll the account in a loop. */
  streamsAutoRefreshSeconds: (): number => {
    const seconds = within('streams.autoRefreshSeconds', 0, 3600);
    return seconds > 0 ? Math.max(1, seconds) : 0;
  },
  assistantTools: assistantMode,
  /** `livepeer.player.accessKeys` (playback id → access key) from the user's own settings: no folder hands the player a key. */
  playerAccessKeys: (): Record<string, string> => userValue<Record<string, string>>(SECTION, 'player.accessKeys') ?? {},
  affects: (event: vscode.ConfigurationChangeEvent, key: string): boolean => event.affectsConfiguration(`${SECTION}.${key}`),
};
