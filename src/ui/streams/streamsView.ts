import * as vscode from 'vscode';
import type { Page, Session, Stream } from '../../api';
import { notifyIfTokenRejected } from '../common/errorReporting';
import { MessageItem, loadErrorItem } from '../common/messageItem';
import { PagedList, type Reread } from '../common/pagedList';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { ChildSessionItem, SessionItem } from './sessionItems';
import type { StreamFilters } from './streamFilters';
import { StreamItem, liveSince, streamTooltip } from './streamItem';
import { tickWhenHeld } from '../common/walkthrough';

export { ChildSessionItem, SessionItem } from './sessionItems';
export { StreamItem, liveWords } from './streamItem';

const PAGE_SIZE = 50;
const SESSIONS_PAGE_SIZE = 20;

export type StreamNode = StreamItem | SessionItem | ChildSessionItem | MessageItem;
type Node = StreamNode;
type SessionPages = { items: Session[]; nextCursor?: string };

/**
 * Lists streams page by page ("Load more…"); a stream's sessions come from
 * GET /stream/{id}/sessions when it is expanded (live streams' first page at once, for "live for").
 * Each stream keeps one row object, so a render after Load more… or a refresh reuses the rows that
 * did not change (VS Code keeps a node per row object it was given).
 */
export class StreamsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly list: PagedList<Stream> = new PagedList<Stream>(
    (cursor, limit) => this.session.client().streams.listPage(this.filters.query(), cursor, limit ?? PAGE_SIZE),
    // The first page and a re-read show their rows with "live 1h 20m"; after Load more… the rows show at once.
    (streams, current): Promise<void> => (this.list.isLoaded && !this.rereading ? this.showLiveSinceLater(streams) : this.loadLiveSessions(streams, current)),
  );
  private rereading = false;
  private readonly sessions = new Map<string, SessionPages>();
  private readonly rows = new Map<string, StreamItem | ChildSessionItem>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Account,
    private readonly prompts: Prompts,
    readonly filters: StreamFilters,
  ) {
    this.subscriptions = [session.onDidChange(() => this.reset()), filters.onDidChange(() => this.reset())];
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
    const streams = (await this.session.client().streams.list({ ...this.filters.query(), streamsOnly: true })).filter((s) => !s.parentId);
    await this.loadLiveSessions(streams, this.list.guard());
    return streams;
  }

  /** Shows a stream just created at the top (the service lists it last: never seen) and returns its row. */
  async showCreated(stream: Stream): Promise<StreamItem | undefined> {
    await this.list.load();
    if (!this.list.update((streams) => [stream, ...streams.filter((s) => s.id !== stream.id)])) return undefined;
    this.changed.fire(undefined);
    return this.rowOf(stream, new Map()) as StreamItem;
  }

  /**
   * Reads the loaded rows again and updates only the rows that changed (none: no tree update); the
   * pages loaded with Load more… stay. A failure resets the view, which then shows it in a row.
   */
  async refresh(): Promise<void> {
    if (!this.list.isLoaded) return this.reset();
    const hadMore = this.list.hasMore;
    this.rereading = true;
    try {
      const reread = await this.list.reread();
      if (reread) this.showReread(reread, hadMore, await this.rereadSessions(reread.after));
    } catch {
      this.reset();
    } finally {
      this.rereading = false;
    }
  }

  async loadMore(): Promise<void> {
    if (await this.list.loadMore()) this.changed.fire(undefined);
  }

  async loadMoreSessions(streamId: string): Promise<void> {
    const pages = this.sessions.get(streamId);
    if (!pages?.nextCursor) return;
    const current = this.list.guard();
    const page = await this.sessionsPage(streamId, pages.nextCursor);
    if (!current()) return;
    this.sessions.set(streamId, { items: [...pages.items, ...page.items], nextCursor: page.nextCursor });
    this.changed.fire(undefined);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  /** Builds a row's tooltip on hover; a live stream's with its current viewers (one call per hover, not per render). */
  async resolveTreeItem(item: vscode.TreeItem, node: Node): Promise<vscode.TreeItem> {
    if (node instanceof StreamItem) {
      const { stream } = node;
      const viewers = stream.isActive && stream.playbackId ? await this.session.client().viewership.viewersNow(stream.playbackId).catch(() => undefined) : undefined; // without the count the tooltip is still worth showing
      item.tooltip = streamTooltip(stream, this.sessions.get(stream.id)?.items, Date.now(), viewers);
    } else if (node instanceof SessionItem || node instanceof ChildSessionItem) item.tooltip = node.tooltipText();
    return item;
  }

  /** Lets the tree reveal a session row (the tree expands its stream). */
  getParent(node: Node): Node | undefined {
    return node instanceof SessionItem ? (this.rows.get(node.parent.id) ?? new StreamItem(node.parent, this.sessions.get(node.parent.id)?.items)) : undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node instanceof StreamItem) return this.sessionRows(node.stream);
    if (node || !(await this.session.signedIn())) return [];
    try {
      await this.list.load();
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading streams', error);
      return [loadErrorItem('streams', error, 'livepeer.streams.refresh')];
    }
    tickWhenHeld('Stream', this.list.items.length);
    const names = new Map(this.list.items.map((s) => [s.id, s.name || s.id]));
    const items: Node[] = this.list.items.map((stream) => this.rowOf(stream, names));
    // Rows of streams no longer listed go, so the map holds what the tree shows.
    if (this.rows.size > this.list.items.length) {
      const listed = new Set(this.list.items.map((s) => s.id));
      for (const id of this.rows.keys()) if (!listed.has(id)) this.rows.delete(id);
    }
    if (this.list.hasMore) {
      items.push(new MessageItem('Load more…', 'ellipsis', { command: 'livepeer.streams.loadMore', title: 'Load More Streams' }));
    }
    return items;
  }

  /** The row of a loaded stream: the same object while its data is the same. */
  private rowOf(stream: Stream, names: Map<string, string>): StreamItem | ChildSessionItem {
    const parentName = stream.parentId ? (names.get(stream.parentId) ?? stream.name ?? stream.parentId) : '';
    const row = this.rows.get(stream.id);
    if (row?.stream === stream && (!(row instanceof ChildSessionItem) || row.parentName === parentName)) return row;
    const fresh = stream.parentId ? new ChildSessionItem(stream, parentName) : new StreamItem(stream, this.sessions.get(stream.id)?.items);
    this.rows.set(stream.id, fresh);
    return fresh;
  }

  private reset(): void {
    this.list.reset();
    this.sessions.clear();
    this.rows.clear();
    this.changed.fire(undefined);
  }

  /**
   * After a re-read: the same rows in the same order update in place, and only those that changed
   * (their data, their sessions, or their words such as "seen 5 minutes ago") are announced; rows
   * added, removed or moved re-render the list, reusing the unchanged rows.
   */
  private showReread({ before, after }: Reread<Stream>, hadMore: boolean, sessionsChanged: Set<string>): void {
    const sameRows = hadMore === this.list.hasMore && before.length === after.length && after.every((s, i) => s.id === before[i]?.id);
    if (!sameRows || after.some((s, i) => s.parentId && s !== before[i])) return this.changed.fire(undefined);
    const now = Date.now();
    const changed = after.flatMap((stream, i) => {
      const row = this.rows.get(stream.id);
      if (!(row instanceof StreamItem)) return [];
      const looksNew = row.show(stream, this.sessions.get(stream.id)?.items, now);
      return looksNew || stream !== before[i] || sessionsChanged.has(stream.id) ? [row] : [];
    });
    if (changed.length) this.changed.fire(changed);
  }

  /** Reads again the first sessions page of the streams whose sessions were loaded and not just re-read (live ones); the ids whose sessions changed. */
  private async rereadSessions(streams: Stream[]): Promise<Set<string>> {
    const current = this.list.guard();
    const changed = new Set<string>();
    const kept = streams.filter((s) => !s.isActive && this.sessions.has(s.id));
    await Promise.all(
      kept.map(async ({ id }) => {
        // A failed read keeps what is shown; the next refresh tries again.
        const page = await this.sessionsPage(id).catch(() => undefined);
        const pages = this.sessions.get(id);
        if (!page || !current() || !pages || JSON.stringify(page.items) === JSON.stringify(pages.items.slice(0, page.items.length))) return;
        this.sessions.set(id, page);
        changed.add(id);
      }),
    );
    return changed;
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

  private sessionsPage(streamId: string, cursor?: string): Promise<Page<Session>> {
    return this.session.client().streams.listSessionsPage(streamId, { cursor, limit: SESSIONS_PAGE_SIZE });
  }

  /** Rows added by Load more… show at once, live ones saying "live"; how long each has been live follows on its row. */
  private showLiveSinceLater(streams: Stream[]): Promise<void> {
    const current = this.list.guard();
    void this.loadLiveSessions(streams, current).then(() => {
      if (!current()) return;
      const rows = streams.flatMap((stream) => {
        const row = this.rows.get(stream.id);
        return row instanceof StreamItem && row.stream === stream && row.show(stream, this.sessions.get(stream.id)?.items) ? [row] : [];
      });
      if (rows.length) this.changed.fire(rows);
    });
    return Promise.resolve();
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
