import * as vscode from 'vscode';
import { messageOf } from '../../api';

/**
 * Every question the extension asks goes through here, so a flow (create, rotate, delete…) is the
 * same code whether a person or a test answers it.
 */
export class Prompts {
  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  }

  /**
   * An input box that stays open while `check` runs (busy) and, when `check` returns a reason, shows
   * it as the validation message and lets the person correct the value. Resolves with the accepted
   * value, or undefined when the box is dismissed.
   */
  async inputChecked(options: vscode.InputBoxOptions, check: (value: string) => Promise<string | undefined>): Promise<string | undefined> {
    return checkedInputBox(options, check);
  }

  async pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    return vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options });
  }

  async pickMany<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T[] | undefined> {
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
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show(message, { modal, detail: options.detail }, ...actions);
  }

  /**
   * A modal question before a destructive or irreversible action. The safe answer must be what
   * Enter and Escape give; resolves with the chosen action, undefined for the safe answer.
   */
  async confirm(message: string, options: { detail?: string; safeLabel?: string }, ...actions: string[]): Promise<string | undefined> {
    // A VS Code modal focuses its first item (Enter) and puts its own Cancel last (Escape), whatever
    // the items say: a safe first item makes both keys safe.
    const safe = options.safeLabel ?? vscode.l10n.t('Go Back');
    const choice = await vscode.window.showWarningMessage(message, { modal: true, detail: options.detail }, safe, ...actions);
    return choice === safe ? undefined : choice;
  }

  /** A cancellable progress notification while `task` runs. */
  async progress<T>(title: string, task: (report: (message: string) => void, cancelled: vscode.CancellationToken) => Promise<T>): Promise<T> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
      task((message) => progress.report({ message }), token),
    );
  }

  async saveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    return vscode.window.showSaveDialog(options);
  }

  /** Opens a web page in the browser; VS Code may first ask whether to trust the site. Resolves whether it opened. */
  async openExternal(uri: vscode.Uri): Promise<boolean> {
    return vscode.env.openExternal(uri);
  }

  async openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    return vscode.window.showOpenDialog(options);
  }
}

function checkedInputBox(options: vscode.InputBoxOptions, check: (value: string) => Promise<string | undefined>): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  Object.assign(box, {
    title: options.title,
    prompt: options.prompt,
    placeholder: options.placeHolder,
    password: options.password ?? false,
    value: options.value ?? '',
    ignoreFocusOut: true,
  });
  return new Promise((resolve) => {
    let checking = false;
    const finish = (value: string | undefined) => {
      subscriptions.forEach((s) => s.dispose());
      box.dispose();
      resolve(value);
    };
    const subscriptions = [
      box.onDidChangeValue(async (value) => {
        box.validationMessage = (await options.validateInput?.(value)) ?? undefined;
      }),
      box.onDidAccept(async () => {
        if (checking) return;
        const value = box.value;
        const invalid = await options.validateInput?.(value);
        if (invalid) {
          box.validationMessage = invalid;
          return;
        }
        checking = true;
        box.busy = true;
        box.enabled = false;
        const reason = await check(value).catch(messageOf);
        checking = false;
        box.busy = false;
        box.enabled = true;
        if (reason === undefined) finish(value);
        else box.validationMessage = reason;
      }),
      box.onDidHide(() => finish(undefined)),
    ];
    box.show();
  });
}
