import type * as vscode from 'vscode';

type Translate = { t(message: string, ...args: Array<string | number | boolean>): string };

/**
 * `vscode.l10n` for the few modules the unit tests load in plain Node, where there is no `vscode`
 * module: in the extension it is VS Code's own; in Node, the English text with its {0} filled in.
 */
export const l10n: Translate = load();

function load(): Translate {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only where it exists (not in plain Node)
    return (require('vscode') as typeof vscode).l10n;
  } catch {
    return { t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, index: string) => String(args[Number(index)] ?? whole)) };
  }
}
