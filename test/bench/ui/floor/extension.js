// VS Code's own floor for the UI benchmark (npm run bench:ui loads it beside the extension in the
// browser run, inBrowser.ts): a bare provider with one flat list of label-only rows, "Load more…"
// last, growing per click as the extension's lists did before their page groups (50, then as many
// again as shown, at most 1,000 a click). What its clicks cost is VS Code's alone.
'use strict';
const vscode = require('vscode');

const ROWS = Number(process.env.LIVEPEER_BENCH_FLOOR_ROWS || 5000);
const FIRST = 50;
const MAX_PAGE = 1000;

function activate(context) {
  const changed = new vscode.EventEmitter();
  const rows = [];
  const grow = (count) => {
    for (let i = rows.length; i < Math.min(ROWS, count); i++) rows.push(Object.assign(new vscode.TreeItem(`Row ${i + 1}`), { contextValue: 'row' }));
  };
  grow(FIRST);
  const loadMore = new vscode.TreeItem('Load more…');
  loadMore.command = { command: 'livepeerBench.floor.loadMore', title: 'Load more…' };
  const provider = {
    onDidChangeTreeData: changed.event,
    getTreeItem: (item) => item,
    getChildren: (item) => (item ? [] : rows.length < ROWS ? [...rows, loadMore] : [...rows]),
  };
  context.subscriptions.push(
    changed,
    vscode.window.registerTreeDataProvider('livepeerBench.floor', provider),
    vscode.commands.registerCommand('livepeerBench.floor.loadMore', () => {
      grow(rows.length + Math.min(MAX_PAGE, rows.length));
      changed.fire();
    }),
  );
}

module.exports = { activate };
