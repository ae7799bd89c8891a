import * as vscode from 'vscode';
import type { Page, Session as StreamSession, Stream } from '../../api';
import { notifyIfTokenRejected } from '../common/errorReporting';
import { dateTime, duration, md, timeAgo } from '../common/format';
import { MessageItem, loadErrorItem } from '../common/messageItem';
import { PagedList } from '../common/pagedList';
import type { PlaybackTarget } from '../common/playbackTarget';
import type { Prompts } from '../common/prompts';
import type { Session } from '../account/session';
import { ChildSessionItem, SessionItem } from './sessionItems';
import type { StreamFilters } from './streamFilters';

export { ChildSessionItem, SessionItem } from './sessionItems';

const PAGE_SIZE = 50;
const SESSIONS_PAGE_SIZE = 20;

/** When the stream went live: the start of its live session (sessions come newest first). */
function liveSince(stream: Stream, sessions: StreamSession[] | undefined): number | undefined {
  if (!stream.isActive) return undefined;
  return (sessions?.find((s) => s.isActive) ?? sessions?.[0])?.createdAt;
}

/** "live 1h 20m" from the start of its live session, or just "live" when that is not known. */
export function liveWords(since: number | undefined, now = Date.now()): string {
  return since ? `live ${duration((now - since) / 1000)}` : 'live';
}

function health(stream: Stream): string | undefined {
  if (!stream.isActive || stream.isHealthy === undefined || stream.isHealthy === null) return undefined;
  return stream.isHealthy ? 'healthy' : 'unhealthy';
}

export class StreamItem extends vscode.TreeItem {
  readonly playback: PlaybackTarget | undefined;
  private readonly since: number | undefined;
  private readonly now: number;

  constructor(
    readonly stream: Stream,
    sessions: StreamSession[] | undefined,
    now = Date.now(),
  ) {
    super(stream.name || stream.id, vscode.TreeItemCollapsibleState.Collapsed);
    this.id = stream.id;
    const since = liveSince(stream, sessions);
    const seen = timeAgo(stream.lastSeen, now);
    const signed = stream.playbackPolicy?.type === 'jwt';
    // Short enough for the default sidebar width: the icon already says live / idle / healthy, so
    // the row names only what differs (how long live, unhealthy, suspended, recording, last seen).
    this.description = [
      stream.isActive ? liveWords(since, now) : stream.suspended ? 'suspended' : undefined,
      stream.isActive && stream.isHealthy === false ? 'unhealthy' : undefined,
      stream.record ? 'recording' : undefined,
      stream.isActive ? undefined : seen ? `seen ${seen}` : 'never seen',
    ]
      .filter(Boolean)
      .join(' · ');
    this.iconPath = stream.suspended
      ? new vscode.ThemeIcon('debug-pause', new vscode.ThemeColor('disabledForeground'))
      : stream.isActive
        ? stream.isHealthy === false
          ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('charts.yellow'))
          : new vscode.ThemeIcon('broadcast', new vscode.ThemeColor('charts.red'))
        : new vscode.ThemeIcon('circle-outline');
    // Words menus match on: live/idle, suspended, recording, signed (the keys helper's contract).
    this.contextValue = ['stream', stream.isActive ? 'live' : 'idle', stream.suspended && 'suspended', stream.record && 'recording', signed && 'signed']
      .filter(Boolean)
      .join(' ');
    this.playback = stream.playbackId ? { playbackId: stream.playbackId, name: stream.name, policy: stream.playbackPolicy ?? null } : undefined;
    this.since = since;
    this.now = now;
    // A live stream's tooltip is built on hover (resolveTreeItem), with its current viewers: VS Code
    // only resolves properties left undefined here.
    if (!this.showsViewers) this.tooltip = this.tooltipWith(undefined);
  }

  /** Live streams with a playback id show their current viewers in the tooltip. */
  get showsViewers(): boolean {
    return !!this.stream.isActive && !!this.stream.playbackId;
  }

  /** The tooltip, with the current viewers once known. The stream key is a secret: never part of it. */
  tooltipWith(viewers: number | undefined): vscode.MarkdownString {
    const { stream, since, now } = this;
    const signed = stream.playbackPolicy?.type === 'jwt';
    const state = stream.suspended ? 'suspended' : stream.isActive ? 'live' : 'idle';
    const issues = stream.isActive ? (stream.issues ?? []) : [];
    return new vscode.MarkdownString(
      [
        `**${md(stream.name || stream.id)}** — ${state}${health(stream) ? `, ${health(stream)}` : ''}`,
        ...issues.map((issue) => `- ${md(issue)}`),
        '',
        ...(since ? [`Live since: ${dateTime(since)} (${duration((now - since) / 1000)})`] : []),
        ...(viewers !== undefined ? [`Viewers now: ${viewers}`] : []),
        `Recording: ${stream.record ? 'on' : 'off'}`,
        `Playback: ${signed ? 'signed (JWT)' : (stream.playbackPolicy?.type ?? 'public')}`,
        `ID: \`${stream.id}\``,
        `Playback ID: ${stream.playbackId ? `\`${stream.playbackId}\`` : '—'}`,
        `Created: ${dateTime(stream.createdAt)}`,
        `Last seen: ${stream.lastSeen ? dateTime(stream.lastSeen) : 'never'}`,
      ].join('  \n'),
    );
  }
}

export type StreamNode = StreamItem | SessionItem | ChildSessionItem | MessageItem;
type Node = StreamNode;
type SessionPages = { items: StreamSession[]; nextCursor?: string };

/**
 * Lists streams page by page ("Load more…"); a stream's sessions come from
 * GET /stream/{id}/sessions when it is expanded (live streams' first page at once, for "live for").
 */
export class StreamsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list = new PagedList<Stream>(
    (cursor) => this.session.client().listStreamsPage(this.filters.query(), cursor, PAGE_SIZE),
    (streams, current) => this.loadLiveSessions(streams, current),
  );
  private readonly sessions = new Map<string, SessionPages>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly prompts: Prompts,
    readonly filters: StreamFilters,
  ) {
    this.subscriptions = [session.onDidChange(() => this.refresh()), filters.onDidChange(() => this.refresh())];
  }

  /** Streams currently loaded, without child session objects (for the palette pickers). */
  get streams(): Stream[] {
    return this.list.items.filter((s) => !s.parentId);
  }

  /** When a loaded live stream went live (the start of its live session), when known. */
  liveSince(stream: Stream): number | undefined {
    return liveSince(stream, this.sessions.get(stream.id)?.items);
  }

  /** Every stream (all pages) for a palette picker when the view has loaded none; live ones learn since when. */
  async loadAllForPicker(): Promise<Stream[]> {
    const streams = (await this.session.client().listStreams({ ...this.filters.query(), streamsOnly: true })).filter((s) => !s.parentId);
    await this.loadLiveSessions(streams, this.list.guard());
    return streams;
  }

  /** Shows a stream just created at the top (the service lists it last: never seen) and returns its row. */
  async showCreated(stream: Stream): Promise<StreamItem | undefined> {
    await this.list.load();
    if (!this.list.update((streams) => [stream, ...streams.filter((s) => s.id !== stream.id)])) return undefined;
    this.changed.fire();
    return new StreamItem(stream, undefined);
  }

  refresh(): void {
    this.list.reset();
    this.sessions.clear();
    this.changed.fire();
  }

  async loadMore(): Promise<void> {
    if (await this.list.loadMore()) this.changed.fire();
  }

  async loadMoreSessions(streamId: string): Promise<void> {
    const pages = this.sessions.get(streamId);
    if (!pages?.nextCursor) return;
    const current = this.list.guard();
    const page = await this.sessionsPage(streamId, pages.nextCursor);
    if (!current()) return;
    this.sessions.set(streamId, { items: [...pages.items, ...page.items], nextCursor: page.nextCursor });
    this.changed.fire();
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  /** Builds a live stream's tooltip on hover, with its current viewers (one call per row shown, not per render). */
  async resolveTreeItem(item: vscode.TreeItem, node: Node): Promise<vscode.TreeItem> {
    if (!(node instanceof StreamItem) || !node.showsViewers) return item;
    const viewers = await this.session
      .client()
      .getViewersNow(node.stream.playbackId ?? '')
      .catch(() => undefined); // The tooltip without the count is still worth showing.
    item.tooltip = node.tooltipWith(viewers);
    return item;
  }

  /** Lets the tree reveal a session row (the tree expands its stream). */
  getParent(node: Node): Node | undefined {
    return node instanceof SessionItem ? new StreamItem(node.parent, this.sessions.get(node.parent.id)?.items) : undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node instanceof StreamItem) return this.sessionRows(node.stream);
    if (node || !this.session.hasToken) return [];
    try {
      await this.list.load();
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading streams', error);
      return [loadErrorItem('streams', error, 'livepeer.streams.refresh')];
    }
    const names = new Map(this.list.items.map((s) => [s.id, s.name || s.id]));
    const items: Node[] = this.list.items.map((stream) =>
      stream.parentId
        ? new ChildSessionItem(stream, names.get(stream.parentId) ?? stream.name ?? stream.parentId)
        : new StreamItem(stream, this.sessions.get(stream.id)?.items),
    );
    if (this.list.hasMore) {
      items.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.streams.loadMore', title: 'Load More Streams' }));
    }
    return items;
  }

  private async sessionRows(stream: Stream): Promise<Node[]> {
    let pages = this.sessions.get(stream.id);
    if (!pages) {
      const current = this.list.guard();
      try {
        pages = await this.sessionsPage(stream.id);
      } catch (error) {
        notifyIfTokenRejected(this.prompts, 'loading sessions', error);
        return [loadErrorItem('sessions', error, 'livepeer.streams.refresh')];
      }
      if (current()) this.sessions.set(stream.id, pages);
    }
    if (!pages.items.length) return [new MessageItem('No sessions with video yet', 'info')];
    const rows: Node[] = pages.items.map((s) => new SessionItem(s, stream));
    if (pages.nextCursor) {
      rows.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.streams.loadMoreSessions', title: 'Load More Sessions', arguments: [stream.id] }));
    }
    return rows;
  }

  private sessionsPage(streamId: string, cursor?: string): Promise<Page<StreamSession>> {
    return this.session.client().listSessionsPage(streamId, { cursor, limit: SESSIONS_PAGE_SIZE });
  }

  /** Live rows say how long they have been live: the start of their newest session. */
  private async loadLiveSessions(streams: Stream[], current: () => boolean): Promise<void> {
    await Promise.all(
      streams
        .filter((s) => s.isActive && !s.parentId)
        .map(async (s) => {
          // Without it the row just says "live"; the load itself must not fail for it.
          const page = await this.sessionsPage(s.id).catch(() => undefined);
          if (page && current()) this.sessions.set(s.id, page);
        }),
    );
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
