import * as vscode from 'vscode';
import { reportError, type Failure } from './errorReporting';
import type { Prompts } from './prompts';

export interface Failures {
  prompts: Prompts;
  /** The notification when the command fails, given the reason (see Failure). */
  failed: Failure;
  /** Offers Retry, which runs the command again with the same arguments, when the failure may pass. */
  retry?: boolean;
}

/**
 * Registers command `id`. With `failures`, a failure becomes one notification naming the action
 * (see reportError); without, `run` reports its own.
 */
export function registerCommand<A extends unknown[]>(id: string, run: (...args: A) => unknown, failures?: Failures): vscode.Disposable {
  if (!failures) return vscode.commands.registerCommand(id, run as (...args: unknown[]) => unknown);
  const { prompts, failed, retry } = failures;
  const guarded = async (...args: A): Promise<unknown> => {
    try {
      return await run(...args);
    } catch (error) {
      reportError(prompts, failed, error, retry ? () => guarded(...args) : undefined);
      return undefined;
    }
  };
  return vscode.commands.registerCommand(id, guarded as (...args: unknown[]) => unknown);
}

/**
 * A command's action on the item it was given (a row, an object, an id) or, from the palette, the
 * one picked (`resolve` asks with `placeHolder`); nothing when the pick is dismissed.
 */
export function onItem<T, A>(resolve: (arg: A | undefined, placeHolder: string) => Promise<T | undefined>, placeHolder: string, act: (item: T) => unknown) {
  return async (arg?: A): Promise<unknown> => {
    const item = await resolve(arg, placeHolder);
    return item === undefined ? undefined : act(item);
  };
}

/**
 * Copies `value` and says so in the status bar for a few seconds with `copied`: a whole localised
 * sentence per thing copied ("Livepeer: playback ID copied."), never a name spliced into a template.
 */
export async function copyToClipboard(value: string, copied: string): Promise<void> {
  await vscode.env.clipboard.writeText(value);
  vscode.window.setStatusBarMessage(copied, 4000);
}

/**
 * Commands whose handlers live in a module loaded by the first of them to run (its own bundle: see
 * esbuild.mjs), so activation does not read them. Until then each id runs a stand-in; the first call
 * loads the module, puts its handlers in the stand-ins' place and hands the call on, arguments and
 * answer unchanged. `load` answers the registration (run at once, with no wait between the stand-ins
 * leaving and the handlers arriving); every id in `ids` must be among what it registers.
 */
export function registerOnFirstUse(ids: readonly string[], load: () => Promise<() => readonly vscode.Disposable[]>): vscode.Disposable {
  let registered: Promise<readonly vscode.Disposable[]> | undefined;
  let disposed = false;
  const register = async (): Promise<readonly vscode.Disposable[]> => {
    const registration = await load();
    if (disposed) return [];
    for (const standIn of standIns) standIn.dispose();
    return registration();
  };
  const standIns = ids.map((id) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      registered ??= register().catch((error: unknown) => {
        registered = undefined;
        throw error;
      });
      await registered;
      return vscode.commands.executeCommand(id, ...args);
    }),
  );
  return new vscode.Disposable(() => {
    disposed = true;
    for (const standIn of standIns) standIn.dispose();
    void registered?.then((disposables) => disposables.forEach((d) => void d.dispose()));
  });
}
