import * as vscode from 'vscode';

const SECTION = 'livepeer';

/** Typed reads of the `livepeer.*` settings; always read fresh so changes apply without a reload. */
export const settings = {
  baseUrl: (): string => vscode.workspace.getConfiguration(SECTION).get('baseUrl', 'https://livepeer.studio/api'),
  requestTimeoutMs: (): number => vscode.workspace.getConfiguration(SECTION).get('requestTimeoutSeconds', 30) * 1000,
  streamsAutoRefreshSeconds: (): number => vscode.workspace.getConfiguration(SECTION).get('streams.autoRefreshSeconds', 0),
  affects: (event: vscode.ConfigurationChangeEvent, key: string): boolean => event.affectsConfiguration(`${SECTION}.${key}`),
};
