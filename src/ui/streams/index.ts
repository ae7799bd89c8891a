import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext, StreamsOffer } from '../common/feature';
import { registerStreams } from './registerStreams';
import { StreamFilters } from './streamFilters';
import { StreamItem } from './streamItem';
import { resolveStream } from './streamPicker';
import { StreamsView } from './streamsView';

/** The Streams view with its filters, timer and details; its commands load with the first of them (streamCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, watcher } = context;
  const filters = new StreamFilters(context.extension.workspaceState);
  const view = new StreamsView(session, prompts, filters, watcher);
  const treeView = vscode.window.createTreeView('livepeer.streams', { treeDataProvider: view, showCollapseAll: true });
  view.showIn(treeView);
  const { ctx, disposables } = registerStreams(session, prompts, view, treeView);
  const streams: StreamsOffer = {
    registerChildRows: (provider) => view.registerChildRows(provider),
    refresh: () => view.refresh(),
    streamOf: (row) => (row instanceof StreamItem && !row.stream.parentId ? row.stream : undefined),
    pickStream: (row, placeHolder) => resolveStream(ctx, row instanceof StreamItem ? row : undefined, placeHolder),
  };
  // The filter context keys only drive the menus' check marks: activation does not wait for them.
  void filters.publishContext();
  return {
    disposables: [
      filters,
      view,
      treeView,
      ...disposables,
      registerOnFirstUse(Object.values(COMMANDS.streams), async () => {
        const { registerStreamCommands } = await import('./streamCommands.js');
        return () => registerStreamCommands(ctx);
      }),
    ],
    offers: { streams },
  };
}
