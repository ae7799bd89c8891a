import type * as vscode from 'vscode';

/**
 * What the extension asked or announced, as the harness saw it through the `vscode` API (see
 * harness.ts). A modal's `actions` are its buttons as VS Code shows them, the product's safe first
 * button included (VS Code adds its own Cancel).
 */
export type PromptRequest =
  | { kind: 'input'; options: vscode.InputBoxOptions; /** Why the previous answer was refused (the box stays open). */ rejected?: string }
  | { kind: 'pick'; items: readonly vscode.QuickPickItem[]; options: vscode.QuickPickOptions }
  | { kind: 'message'; severity: 'info' | 'warning' | 'error'; message: string; modal: boolean; detail?: string; actions: string[] }
  | { kind: 'saveDialog'; options: vscode.SaveDialogOptions }
  | { kind: 'openDialog'; options: vscode.OpenDialogOptions }
  | { kind: 'openExternal'; uri: vscode.Uri }
  | { kind: 'progress'; title: string; /** What the notification has said so far. */ reports: string[]; cancel(): void };

export type Message = Extract<PromptRequest, { kind: 'message' }>;
export type Progress = Extract<PromptRequest, { kind: 'progress' }>;
/** Answers one request: the reply a person would give (a label, an item, a string, a Uri…; undefined for Escape). */
export type Responder = (request: PromptRequest) => unknown;
