import * as vscode from 'vscode';
import type { AssetWatcher, Page, Session as StreamSession, Stream } from '../../api';
import { Disposable } from '../common/disposable';
import { MessageItem } from '../common/messageItem';
import { TOP_LEVEL_ROWS, type Reread } from '../common/pagedList';
import { PageGroupItem } from '../common/pageGroups';
import { PagedTreeModel, loadMoreRow } from '../common/pagedTreeModel';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { ChildSessionItem, ParentNames, SessionItem } from './sessionItems';
import type { ClipRows } from './clipRows';
import type { Shown } from '../common/retryWhileShown';
import type { StreamFilters } from './streamFilters';
import { StreamItem, liveSince, streamTooltip } from './streamItem';
import { tickWhenHeld } from '../common/walkthrough';
import { COMMANDS } from '../common/commandIds';
import type { StreamChildRows } from '../common/feature';

export { ChildSessionItem, SessionItem } from './sessionItems';
export { StreamItem, liveWords } from './streamItem';

const PAGE_SIZE = 50;
const SESSIONS_PAGE_SIZE = 20;

export type StreamNode = StreamItem | SessionItem | ChildSessionItem | MessageItem | vscode.TreeItem;
type Node = StreamNode;
type Row = StreamItem | ChildSessionItem;
type SessionPages = { items: StreamSession[]; nextCursor?: string };

/**
 * Lists streams page by page ("Load more…"); a stream's sessions come from
 * GET /stream/{id}/sessions when it is expanded (live streams' first page right after the list, for "live for").
 * Each stream keeps one row object, so a render after Load more… or a refresh reuses the rows that
 * did not change (VS Code keeps a node per row object it was given).
 */
export class StreamsView extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly model: PagedTreeModel<Stream, Row>;
  readonly onDidChangeTreeData: vscode.Event<Node | Node[] | undefined>;
  private rereading = false;
  private readonly sessions = new Map<string, SessionPages>();
  /** Rows other features add under a stream (multistream targets): see registerChildRows. */
  private readonly childRows = new Set<StreamChildRows>();
  private clipRows: ClipRows | undefined;
  /** The tree that shows this view: clips are followed only while it is visible. */
  private tree: Shown | undefined;

  constructor(
    private readonly session: Account,
    prompts: Prompts,
    readonly filters: StreamFilters,
    /** Follows clips still processing to ready: the watcher the Assets view shares. */
    readonly watcher: AssetWatcher,
  ) {
    super();
    this.model = this.register(
      new PagedTreeModel<Stream, Row>({
        session,
        prompts,
        couldNotLoad: vscode.l10n.t('Could not load streams'),
        refreshCommand: COMMANDS.streams.refresh,
        loadMoreCommand: COMMANDS.streams.loadMore,
        reloadOn: [filters.onDidChange],
        groupLabel: (first, last) => vscode.l10n.t('Streams {0}–{1}', first, last),
        fetchPage: (cursor, limit) => session.client().streams.listPage(filters.query(), cursor, limit ?? PAGE_SIZE),
        // Rows show from the list's answer, live ones as "live" until their sessions say since when
        // ("live 1h 20m": read for top-level rows, and a group's once expanded); a re-read waits for them.
        prepare: (streams, current) => (this.rereading ? this.loadLiveSessions(streams, current) : this.showLiveSinceLater(streams.filter((_, i) => this.list.items.length + i < TOP_LEVEL_ROWS))),
      }),
    );
    this.onDidChangeTreeData = this.model.onDidChange;
    this.register(this.model.onDidReset(() => this.sessions.clear()));
  }

  private get list() {
    return this.model.list;
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
    this.model.fire();
    return this.rowOf(stream, new ParentNames([])) as StreamItem;
  }

  /**
   * Reads the loaded rows again and updates only the rows that changed (none: no tree update); the
   * pages loaded with Load more… stay. A failure resets the view, which then shows it in a row.
   */
  async refresh(): Promise<void> {
    if (!this.list.isLoaded) return this.model.reset();
    const hadMore = this.list.hasMore;
    this.rereading = true;
    try {
      const reread = await this.list.reread();
      if (reread) this.showReread(reread, hadMore, await this.rereadSessions(reread.after));
    } catch {
      this.model.reset();
    } finally {
      this.rereading = false;
    }
  }

  /** A clip was made: expanded Clips and session rows read their lists again. */
  /** The tree that shows this view (made from the view, so it comes after): see TreeModel.showIn. */
  /** Adds `provider`'s rows under the streams it applies to, until disposed. */
  registerChildRows(provider: StreamChildRows): vscode.Disposable {
    this.childRows.add(provider);
    // Rows not made yet need no redraw (at activation it cost VS Code ~15 ms).
    const redraw = () => this.list.isLoaded && this.model.fire();
    redraw();
    return new vscode.Disposable(() => this.childRows.delete(provider) && redraw());
  }

  showIn(tree: Shown): void {
    this.tree = tree;
    this.model.showIn(tree);
  }

  clipsChanged(): void {
    this.model.fire();
  }

  loadMore(): Promise<void> {
    return this.model.loadMore();
  }

  async loadMoreSessions(streamId: string): Promise<void> {
    const pages = this.sessions.get(streamId);
    if (!pages?.nextCursor) return;
    const current = this.list.guard();
    const page = await this.sessionsPage(streamId, pages.nextCursor);
    if (!current()) return;
    this.sessions.set(streamId, { items: [...pages.items, ...page.items], nextCursor: page.nextCursor });
    this.model.fire();
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

  /** Lets the tree reveal a session row (the tree expands its stream) and a row past the first 1,000 (the tree expands its group). */
  getParent(node: Node): Node | undefined {
    if (node instanceof SessionItem) return this.model.rowFor(node.parent.id) ?? new StreamItem(node.parent, this.sessions.get(node.parent.id)?.items);
    return node instanceof StreamItem || node instanceof ChildSessionItem ? this.model.groupOf(node.stream.id) : undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node instanceof StreamItem) {
      const { stream } = node;
      const providers = [...this.childRows].filter((provider) => provider.applies(stream));
      // Only a stream that went live may have clips.
      const [extra, sessions, clips] = await Promise.all([
        Promise.all(providers.map((provider) => provider.rows(stream))),
        this.sessionRows(stream),
        stream.isActive || stream.lastSeen ? this.clips().then((c) => c.clipsRow(stream)) : [],
      ]);
      return [...extra.flat(), ...clips, ...sessions];
    }
    if (node instanceof SessionItem || node?.contextValue === 'clips') return (await this.clips()).of(node);
    const parentNames = new ParentNames(this.list.items);
    const rows = await this.model.children((stream) => this.rowOf(stream, parentNames), node);
    if (node instanceof PageGroupItem) void this.showLiveSinceLater(rows.flatMap((row) => (row instanceof StreamItem && !this.sessions.has(row.stream.id) ? [row.stream] : [])));
    if (this.list.isLoaded) tickWhenHeld('Stream', this.list.items.length);
    return rows;
  }

  /** The row of a loaded stream: the same object while its data is the same. */
  private rowOf(stream: Stream, parentNames: ParentNames): Row {
    const parentName = stream.parentId ? parentNames.of(stream.parentId, stream.name) : '';
    return this.model.row(
      stream.id,
      (row) => row.stream === stream && (!(row instanceof ChildSessionItem) || row.parentName === parentName),
      () => (stream.parentId ? new ChildSessionItem(stream, parentName) : new StreamItem(stream, this.sessions.get(stream.id)?.items)),
    );
  }

  /**
   * After a re-read: the same rows in the same order update in place, and only those that changed
   * (their data, their sessions, or their words such as "seen 5 minutes ago") are announced; rows
   * added, removed or moved re-render the list, reusing the unchanged rows.
   */
  private showReread({ before, after }: Reread<Stream>, hadMore: boolean, sessionsChanged: Set<string>): void {
    const sameRows = hadMore === this.list.hasMore && before.length === after.length && after.every((s, i) => s.id === before[i]?.id);
    if (!sameRows || after.some((s, i) => s.parentId && s !== before[i])) return this.model.fire();
    const now = Date.now();
    const changed = after.flatMap((stream, i) => {
      const row = this.model.rowFor(stream.id);
      if (!(row instanceof StreamItem)) return [];
      const looksNew = row.show(stream, this.sessions.get(stream.id)?.items, now);
      return looksNew || stream !== before[i] || sessionsChanged.has(stream.id) ? [row] : [];
    });
    if (changed.length) this.model.fire(changed);
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
        return [this.model.errorRow(vscode.l10n.t('Could not load sessions'), error)];
      }
      if (current()) this.sessions.set(stream.id, pages);
    }
    if (!pages.items.length) return [new MessageItem(vscode.l10n.t('No sessions with video yet'), 'info')];
    const rows: Node[] = pages.items.map((s) => new SessionItem(s, stream));
    if (pages.nextCursor) {
      rows.push(loadMoreRow(COMMANDS.streams.loadMoreSessions, stream.id));
    }
    return rows;
  }

  /** The clip rows: a bundle loaded by the first expand of a stream that went live. */
  private async clips(): Promise<ClipRows> {
    const { ClipRows } = await import('./clipRows.js');
    const tree = this.tree;
    if (!tree) throw new Error('the Streams view has no tree yet');
    return (this.clipRows ??= this.register(new ClipRows(this.session, this.watcher, tree, (row) => this.model.fire(row as vscode.TreeItem as Row), (error) => this.model.errorRow(vscode.l10n.t('Could not load clips'), error))));
  }

  private sessionsPage(streamId: string, cursor?: string): Promise<Page<StreamSession>> {
    return this.session.client().streams.listSessionsPage(streamId, { cursor, limit: SESSIONS_PAGE_SIZE });
  }

  /** Rows added by Load more… show at once, live ones saying "live"; how long each has been live follows on its row. */
  private showLiveSinceLater(streams: Stream[]): Promise<void> {
    const current = this.list.guard();
    void this.loadLiveSessions(streams, current).then(() => {
      if (!current()) return;
      const rows = streams.flatMap((stream) => {
        const row = this.model.rowFor(stream.id);
        return row instanceof StreamItem && row.stream === stream && row.show(stream, this.sessions.get(stream.id)?.items) ? [row] : [];
      });
      if (rows.length) this.model.fire(rows);
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
}
