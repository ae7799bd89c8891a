import * as vscode from 'vscode';
import type { Stream } from '../../api';
import { notifyIfTokenRejected } from '../errors';
import { dateTime, md, timeAgo } from '../format';
import { MessageItem, loadErrorItem } from '../messageItem';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import type { StreamFilters } from './streamFilters';

const PAGE_SIZE = 50;

export class StreamItem extends vscode.TreeItem {
  constructor(
    readonly stream: Stream,
    readonly sessions: Stream[],
  ) {
    super(stream.name || stream.id, sessions.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    this.id = stream.id;
    const isSession = !!stream.parentId;
    const seen = timeAgo(stream.lastSeen);
    this.description = [
      stream.isActive ? 'live' : 'idle',
      stream.record ? 'recording' : undefined,
      sessions.length ? `${sessions.length} session${sessions.length > 1 ? 's' : ''}` : undefined,
      seen ? `seen ${seen}` : 'never seen',
    ]
      .filter(Boolean)
      .join(' · ');
    this.iconPath = isSession
      ? new vscode.ThemeIcon('history')
      : stream.isActive
        ? new vscode.ThemeIcon('broadcast', new vscode.ThemeColor('charts.red'))
        : new vscode.ThemeIcon('circle-outline');
    this.contextValue = isSession ? 'stream.session' : 'stream';
    // The stream key is a secret: it is never part of the label, description or tooltip.
    this.tooltip = new vscode.MarkdownString(
      [
        `**${md(stream.name || stream.id)}** — ${stream.isActive ? 'live' : 'idle'}${stream.record ? ', recording' : ''}${isSession ? ' (session)' : ''}`,
        '',
        `ID: \`${stream.id}\``,
        `Playback ID: ${stream.playbackId ? `\`${stream.playbackId}\`` : '—'}`,
        `Created: ${dateTime(stream.createdAt)}`,
        `Last seen: ${stream.lastSeen ? dateTime(stream.lastSeen) : 'never'}`,
        ...(isSession ? [`Parent stream: \`${stream.parentId}\``] : []),
      ].join('  \n'),
    );
  }
}

type Node = StreamItem | MessageItem;

/**
 * Parents at the top level with their sessions nested under them; sessions whose parent is not
 * loaded (another page, or filtered out) stay at the top level so nothing is hidden.
 */
function arrangeStreams(streams: Stream[]): StreamItem[] {
  const ids = new Set(streams.map((s) => s.id));
  const sessionsByParent = new Map<string, Stream[]>();
  for (const stream of streams) {
    if (stream.parentId && ids.has(stream.parentId)) {
      const list = sessionsByParent.get(stream.parentId) ?? [];
      list.push(stream);
      sessionsByParent.set(stream.parentId, list);
    }
  }
  return streams
    .filter((s) => !(s.parentId && ids.has(s.parentId)))
    .map((s) => new StreamItem(s, sessionsByParent.get(s.id) ?? []));
}

/** Lists stream objects page by page, with a "Load more…" row while the service has more. */
export class StreamsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private loaded: { streams: Stream[]; nextCursor?: string } | undefined;
  private loading: Promise<void> | undefined;
  /** Bumped by refresh, so a page requested under the old filters is dropped when it arrives. */
  private generation = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly prompts: Prompts,
    readonly filters: StreamFilters,
  ) {
    this.subscriptions = [session.onDidChange(() => this.refresh()), filters.onDidChange(() => this.refresh())];
  }

  /** Streams currently loaded (for the palette pickers). */
  get streams(): Stream[] {
    return this.loaded?.streams ?? [];
  }

  refresh(): void {
    this.generation++;
    this.loaded = undefined;
    this.loading = undefined;
    this.changed.fire();
  }

  async loadMore(): Promise<void> {
    const cursor = this.loaded?.nextCursor;
    if (!cursor) return;
    const generation = this.generation;
    const page = await this.session.client().listStreamsPage(this.filters.query(), cursor, PAGE_SIZE);
    if (generation !== this.generation) return;
    this.loaded = { streams: [...this.streams, ...page.items], nextCursor: page.nextCursor };
    this.changed.fire();
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) return node instanceof StreamItem ? node.sessions.map((s) => new StreamItem(s, [])) : [];
    if (!this.session.hasToken) return [];
    try {
      await this.ensureLoaded();
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading streams', error);
      return [loadErrorItem('streams', error, 'livepeer.streams.refresh')];
    }
    const items: Node[] = arrangeStreams(this.streams);
    if (this.loaded?.nextCursor) {
      items.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.streams.loadMore', title: 'Load More Streams' }));
    }
    return items;
  }

  private ensureLoaded(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    const generation = this.generation;
    this.loading ??= this.session
      .client()
      .listStreamsPage(this.filters.query(), undefined, PAGE_SIZE)
      .then((page) => {
        if (generation === this.generation) this.loaded = { streams: page.items, nextCursor: page.nextCursor };
      })
      .finally(() => {
        if (generation === this.generation) this.loading = undefined;
      });
    return this.loading;
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
