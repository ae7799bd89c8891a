import * as vscode from 'vscode';

/**
 * `@vscode/l10n` as the extension's bundles have it (esbuild.mjs aliases the package here): VS Code's
 * own l10n, which translates with the bundle VS Code loaded for its display language, so the words
 * of the vscode-free layers (src/api, src/upload, src/tools…) and of the modules the unit tests load
 * in plain Node come from the same bundle as the rest, with no copy of the package and nothing to
 * configure at activation. In plain Node (unit tests, dist/mcp.js) the package itself answers.
 */
export const t = (...args: unknown[]): string => (vscode.l10n.t as (...all: unknown[]) => string)(...args);
