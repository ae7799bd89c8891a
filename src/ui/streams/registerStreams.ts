import * as vscode from 'vscode';
import { streamDetails } from '../../operations/streamDetails';
import type { Account } from '../account/account';
import { JsonDetails } from '../common/jsonDetails';
import type { Prompts } from '../common/prompts';
import { settings } from '../common/settings';
import type { StreamContext } from './streamPicker';
import type { StreamNode, StreamsView } from './streamsView';

/**
 * Refreshes the view on a timer while it is visible, when `livepeer.streams.autoRefreshSeconds` > 0;
 * a tick is skipped while the previous re-read still runs (thousands of rows on a slow link).
 */
function autoRefresh(treeView: vscode.TreeView<unknown>, view: StreamsView): vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void view.refresh().finally(() => (running = false));
  };
  const restart = () => {
    clearInterval(timer);
    const seconds = settings.streamsAutoRefreshSeconds();
    if (seconds > 0 && treeView.visible) timer = setInterval(tick, seconds * 1000);
  };
  restart();
  const subscriptions = [
    treeView.onDidChangeVisibility(restart),
    vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'streams.autoRefreshSeconds') && restart()),
  ];
  return { dispose: () => (clearInterval(timer), subscriptions.forEach((s) => void s.dispose())) };
}

/** The Streams view's description, timer and Show Details documents; the context its commands get. */
export function registerStreams(session: Account, prompts: Prompts, view: StreamsView, treeView: vscode.TreeView<StreamNode>): { ctx: StreamContext; disposables: vscode.Disposable[] } {
  // The key is a password for broadcasting: never put it in a document that may be shared or saved.
  // The rest goes through the same stripping as an asset's (credentials in nested fields and addresses).
  const details = new JsonDetails('livepeer-stream', (id) => streamDetails(session.client(), id), (stream) => stream);
  const ctx: StreamContext = { session, prompts, view, treeView, details, watcher: view.watcher };
  const describe = () => {
    treeView.description = view.filters.describe();
  };
  describe();
  return { ctx, disposables: [view.filters.onDidChange(describe), autoRefresh(treeView, view), details] };
}
