import * as vscode from 'vscode';
import { messageOf } from '../../api';
import type { Action } from './actions';

export type PromptRequest =
  | { kind: 'input'; options: vscode.InputBoxOptions; /** Why the previous answer was refused (the box stays open). */ rejected?: string }
  | { kind: 'pick'; items: readonly vscode.QuickPickItem[]; options: vscode.QuickPickOptions }
  | { kind: 'message'; severity: 'info' | 'warning' | 'error'; message: string; modal: boolean; detail?: string; actions: string[] }
  | { kind: 'saveDialog'; options: vscode.SaveDialogOptions }
  | { kind: 'openDialog'; options: vscode.OpenDialogOptions }
  | { kind: 'openExternal'; uri: vscode.Uri }
  | { kind: 'progress'; title: string; /** What the notification has said so far. */ reports: string[]; cancel(): void };

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

  /**
   * An input box that stays open while `check` runs (busy) and, when `check` returns a reason, shows
   * it as the validation message and lets the person correct the value. Resolves with the accepted
   * value, or undefined when the box is dismissed.
   */
  async inputChecked(options: vscode.InputBoxOptions, check: (value: string) => Promise<string | undefined>): Promise<string | undefined> {
    if (this.responder) {
      let rejected: string | undefined;
      for (;;) {
        const value = (await this.responder({ kind: 'input', options, rejected })) as string | undefined;
        if (value === undefined) return undefined;
        rejected = await check(value);
        if (rejected === undefined) return value;
      }
    }
    return checkedInputBox(options, check);
  }

  async pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    if (this.responder) return this.responder({ kind: 'pick', items, options }) as T | undefined;
    return vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options });
  }

  async pickMany<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Promise<T[] | undefined> {
    if (this.responder) return this.responder({ kind: 'pick', items, options: { ...options, canPickMany: true } }) as T[] | undefined;
    return vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...options, canPickMany: true });
  }

  /** A modal question or a notification; resolves with the chosen action itself (undefined when dismissed). */
  async message<A extends Action>(
    severity: 'info' | 'warning' | 'error',
    message: string,
    options: { modal?: boolean; detail?: string },
    ...actions: A[]
  ): Promise<A | undefined> {
    const modal = options.modal ?? false;
    if (this.responder) {
      const titles = actions.map((action) => action.title);
      const answer = this.responder({ kind: 'message', severity, message, modal, detail: options.detail, actions: titles });
      return actions[titles.indexOf(answer as string)];
    }
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show<A>(message, { modal, detail: options.detail }, ...actions);
  }

  /** A notification that offers nothing to choose: nobody waits for it to be closed. */
  notify(severity: 'info' | 'warning' | 'error', message: string, options: { detail?: string } = {}): void {
    void this.message(severity, message, options);
  }

  /**
   * A modal question before a destructive or irreversible action. The safe answer must be what
   * Enter and Escape give; resolves with the chosen action, undefined for the safe answer.
   */
  async confirm<A extends Action>(message: string, options: { detail?: string; safeLabel?: string }, ...actions: A[]): Promise<A | undefined> {
    if (this.responder) return this.message('warning', message, { detail: options.detail, modal: true }, ...actions);
    // A VS Code modal focuses its first item (Enter) and puts its own Cancel last (Escape), whatever
    // the items say: a safe first item makes both keys safe.
    const safe: Action = { title: options.safeLabel ?? vscode.l10n.t('Go Back') };
    const choice = await vscode.window.showWarningMessage<Action>(message, { modal: true, detail: options.detail }, safe, ...actions);
    return choice === safe ? undefined : (choice as A | undefined);
  }

  /**
   * A cancellable progress notification while `task` runs. Under a responder it is announced as a
   * `progress` request (not answered: the task runs), whose `cancel` presses Cancel.
   */
  async progress<T>(title: string, task: (report: (message: string) => void, cancelled: vscode.CancellationToken) => Promise<T>): Promise<T> {
    if (this.responder) {
      const source = new vscode.CancellationTokenSource();
      const request: PromptRequest = { kind: 'progress', title, reports: [], cancel: () => source.cancel() };
      this.responder(request);
      try {
        return await task((message) => request.reports.push(message), source.token);
      } finally {
        source.dispose();
      }
    }
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
      task((message) => progress.report({ message }), token),
    );
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
      subscriptions.forEach((s) => void s.dispose());
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
