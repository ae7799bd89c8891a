// VS Code's own floor for the first rows (npm run bench:ui runs it in a window of its own, as the
// extension's is run): a container laid out as the Livepeer one, whose views answer at once with as
// many label-only rows as the extension's first pages show. The time from the command that opens it
// to its rows is VS Code's alone. Its manifest mirrors the Livepeer views' sizes and collapsed ones
// (run.ts checks it against package.json). Its exports resolve, per view, with when VS Code first
// asked it for rows (performance.now() of the extension host).
'use strict';
const { performance } = require('node:perf_hooks');
const vscode = require('vscode');

const FIRST_ROWS = { signingKeys: 8, streams: 51, uploads: 0, assets: 51, webhooks: 51, tasks: 51, multistreamTargets: 51 };

function activate(context) {
  const asked = {};
  for (const [view, count] of Object.entries(FIRST_ROWS)) {
    const rows = Array.from({ length: count }, (_, i) => Object.assign(new vscode.TreeItem(`Row ${i + 1}`), { contextValue: 'row' }));
    let answer;
    asked[view] = new Promise((resolve) => (answer = resolve));
    const provider = {
      getTreeItem: (item) => item,
      getChildren: (item) => {
        if (item) return [];
        answer(performance.now());
        return rows;
      },
    };
    context.subscriptions.push(vscode.window.createTreeView(`livepeerBenchFirstRows.${view}`, { treeDataProvider: provider }));
  }
  return { asked };
}

module.exports = { activate };
