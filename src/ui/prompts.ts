import * as vscode from 'vscode';

export type PromptRequest =
  | { kind: 'input'; options: vscode.InputBoxOptions }
  | { kind: 'pick'; items: readonly vscode.QuickPickItem[]; options: vscode.QuickPickOptions }
  | { kind: 'message'; severity: 'info' | 'warning' | 'error'; message: string; modal: boolean; detail?: string; actions: string[] }
  | { kind: 'saveDialog'; options: vscode.SaveDialogOptions }
  | { kind: 'openDialog'; options: vscode.OpenDialogOptions }
  | { kind: 'openExternal'; uri: vscode.Uri };

/** Answers prompts instead of a person: lets the extension-host tests walk the same flows. */
export type PromptResponder = (request: PromptRequest) => unknown;

/**
 * Every question the extension asks goes through here, so a flow (create, rotate, delete…) is the
 * same code whether a person or a test answers it.
 */
export class Prompts {
  responder: PromptResponder | undefined;

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    if (this.responder) return this.responder({ kind: 'input', options }) as string | undefined;
    return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  }

  async pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    if (this.responder) return this.responder({ kind: 'pick', items, options }) as T | undefined;
    return vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options });
  }

  async pickMany<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T[] | undefined> {
    if (this.responder) return this.responder({ kind: 'pick', items, options: { ...options, canPickMany: true } }) as T[] | undefined;
    return vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options, canPickMany: true });
  }

  /** A modal question or a notification; resolves with the chosen action (undefined when dismissed). */
  async message(
    severity: 'info' | 'warning' | 'error',
    message: string,
    options: { modal?: boolean; detail?: string },
    ...actions: string[]
  ): Promise<string | undefined> {
    const modal = options.modal ?? false;
    if (this.responder) return this.responder({ kind: 'message', severity, message, modal, detail: options.detail, actions }) as string | undefined;
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show(message, { modal, detail: options.detail }, ...actions);
  }

  /**
   * A modal question before a destructive or irreversible action. The safe answer must be what
   * Enter and Escape give; resolves with the chosen action, undefined for the safe answer.
   */
  async confirm(message: string, options: { detail?: string }, ...actions: string[]): Promise<string | undefined> {
    return this.message('warning', message, { ...options, modal: true }, ...actions);
  }

  async saveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    if (this.responder) return this.responder({ kind: 'saveDialog', options }) as vscode.Uri | undefined;
    return vscode.window.showSaveDialog(options);
  }

  /** Opens a web page in the browser; VS Code may first ask whether to trust the site. Resolves whether it opened. */
  async openExternal(uri: vscode.Uri): Promise<boolean> {
    if (this.responder) return this.responder({ kind: 'openExternal', uri }) as boolean;
    return vscode.env.openExternal(uri);
  }

  async openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    if (this.responder) return this.responder({ kind: 'openDialog', options }) as vscode.Uri[] | undefined;
    return vscode.window.showOpenDialog(options);
  }
}
