import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

/**
 * The words of the vscode-free layers (src/api, src/upload, src/tools…) and of the modules the unit
 * tests load in plain Node come from `@vscode/l10n`: in the extension it translates with the bundle
 * VS Code loaded for its display language, handed over here in memory (no file read at activation);
 * without one (English, or plain Node) it answers the English with its {0} filled in.
 */
export function translateWithVsCodeBundle(): void {
  const bundle = vscode.l10n.bundle;
  if (bundle) l10n.config({ contents: bundle });
}
