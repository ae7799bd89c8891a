import * as vscode from 'vscode';
import type { Stream } from '../../api';
import { reportError } from '../errors';
import { timeAgo } from '../format';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import { settings } from '../settings';
import { STREAM_TOGGLES, type StreamToggle } from './streamFilters';
import { StreamItem, type StreamsView } from './streamsView';

type StreamArgument = StreamItem | Stream | undefined;

async function resolveStream(session: Session, prompts: Prompts, view: StreamsView, arg: StreamArgument, placeHolder: string): Promise<Stream | undefined> {
  if (arg instanceof StreamItem) return arg.stream;
  if (arg?.id) return arg;
  const streams = view.streams.length ? view.streams : await session.client().listStreams(view.filters.query());
  const picked = await prompts.pick(
    streams.map((stream) => ({
      label: stream.name || stream.id,
      description: [stream.isActive ? 'live' : 'idle', timeAgo(stream.lastSeen)].filter(Boolean).join(' · '),
      detail: stream.id,
      stream,
    })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.stream;
}

/** One checkbox list for all filters: the palette's way to the same toggles as the view's Filter menu. */
async function pickFilters(view: StreamsView, prompts: Prompts): Promise<void> {
  const current = view.filters.current;
  const items = STREAM_TOGGLES.map((name) => ({ label: view.filters.label(name), picked: current[name], name }));
  const picked = await prompts.pickMany(items, { title: 'Livepeer: Filter Streams' });
  if (!picked) return;
  const chosen = new Set(picked.map((item) => item.name));
  if (chosen.has('activeOnly') && chosen.has('idleOnly')) {
    void prompts.message('warning', 'Livepeer: choose active or idle, not both; showing both.', {});
    chosen.delete('activeOnly');
    chosen.delete('idleOnly');
  }
  await view.filters.set(Object.fromEntries(STREAM_TOGGLES.map((name) => [name, chosen.has(name)])) as Record<StreamToggle, boolean>);
}

/** Refreshes the view on a timer while it is visible, when `livepeer.streams.autoRefreshSeconds` > 0. */
function autoRefresh(treeView: vscode.TreeView<unknown>, view: StreamsView): vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  const restart = () => {
    clearInterval(timer);
    const seconds = settings.streamsAutoRefreshSeconds();
    if (seconds > 0 && treeView.visible) timer = setInterval(() => view.refresh(), seconds * 1000);
  };
  restart();
  const subscriptions = [
    treeView.onDidChangeVisibility(restart),
    vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'streams.autoRefreshSeconds') && restart()),
  ];
  return { dispose: () => (clearInterval(timer), subscriptions.forEach((s) => s.dispose())) };
}

export function registerStreamCommands(session: Session, prompts: Prompts, view: StreamsView, treeView: vscode.TreeView<unknown>): vscode.Disposable[] {
  const copy = (field: 'id' | 'playbackId' | 'streamKey', label: string) => async (arg?: StreamArgument) => {
    try {
      const stream = await resolveStream(session, prompts, view, arg, `Select the stream whose ${label} to copy`);
      if (!stream) return;
      const value = stream[field];
      if (!value) {
        void prompts.message('info', `Livepeer: “${stream.name || stream.id}” has no ${label}.`, {});
        return;
      }
      await vscode.env.clipboard.writeText(value);
      vscode.window.setStatusBarMessage(`Livepeer: ${label} copied`, 3000);
    } catch (error) {
      reportError(prompts, `copying the ${label}`, error);
    }
  };
  const describe = () => {
    treeView.description = view.filters.describe();
  };
  describe();
  return [
    view.filters.onDidChange(describe),
    autoRefresh(treeView, view),
    vscode.commands.registerCommand('livepeer.streams.refresh', () => view.refresh()),
    vscode.commands.registerCommand('livepeer.streams.loadMore', () => view.loadMore().catch((error) => reportError(prompts, 'loading more streams', error))),
    vscode.commands.registerCommand('livepeer.streams.filter', () => pickFilters(view, prompts)),
    ...STREAM_TOGGLES.flatMap((name) => [
      vscode.commands.registerCommand(`livepeer.streams.toggle.${name}`, () => view.filters.toggle(name)),
      vscode.commands.registerCommand(`livepeer.streams.toggle.${name}.off`, () => view.filters.toggle(name)),
    ]),
    vscode.commands.registerCommand('livepeer.streams.copyId', copy('id', 'stream ID')),
    vscode.commands.registerCommand('livepeer.streams.copyPlaybackId', copy('playbackId', 'playback ID')),
    vscode.commands.registerCommand('livepeer.streams.copyStreamKey', copy('streamKey', 'stream key')),
  ];
}
