import * as vscode from 'vscode';
import type { Page } from '../../api';
import type { Account } from '../account/account';
import { Disposable } from './disposable';
import { isPassing, notifyIfTokenRejected } from './errorReporting';
import { onDidRecover } from './log';
import { MessageItem, loadErrorItem } from './messageItem';
import { PagedList, TOP_LEVEL_ROWS } from './pagedList';
import { PageGroupItem, PageGroups } from './pageGroups';
import type { Prompts } from './prompts';
import { ReadWhenShown } from './readWhenShown';
import { RetryWhileShown, type Shown } from './retryWhileShown';

export interface TreeModelOptions {
  session: Account;
  prompts: Prompts;
  /** The error row's words, a whole localised sentence ("Could not load streams"), also the token notice's. */
  couldNotLoad: string;
  /** Loads the view again: an error row's click. */
  refreshCommand: string;
  /** Besides the profile, what makes the view load anew (its filters). */
  reloadOn?: Array<vscode.Event<unknown>>;
}

/**
 * When a view loads anew — the profile or the filters changed, or the service answers again after
 * the view could not load (an outage, not a refusal) — and how it says that it could not.
 */
export class TreeModel<R extends vscode.TreeItem> extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<R | R[] | undefined>());
  /** Rows to draw again (undefined: the whole view). */
  readonly onDidChange = this.changed.event;
  private readonly resetting = this.register(new vscode.EventEmitter<void>());
  /** Everything loaded is dropped: the view drops what it keeps beside (sessions, names). */
  readonly onDidReset = this.resetting.event;
  /** A load failed for a passing reason: the next call its service answers loads the view again. */
  private failed = false;
  /** While the view shows and could not load, it is loaded again after a growing wait. */
  private readonly retry = this.register(new RetryWhileShown(() => this.reset()));

  constructor(protected readonly options: TreeModelOptions) {
    super();
    for (const event of [options.session.onDidChange, ...(options.reloadOn ?? [])]) this.register(event(() => this.reset()));
    this.register(
      onDidRecover((baseUrl) => {
        if (this.failed && baseUrl === options.session.profile?.baseUrl) this.reset();
      }),
    );
  }

  /** The tree that shows the view: a view that could not load is loaded again by itself only while it shows. */
  showIn(tree: Shown): void {
    this.retry.showIn(tree);
  }

  /** Draws `rows` again (none: the whole view). */
  fire(rows?: R | R[]): void {
    this.changed.fire(rows);
  }

  /** Drops what was loaded; the tree asks again. */
  reset(): void {
    this.failed = false;
    this.retry.reset();
    this.resetting.fire();
    this.changed.fire(undefined);
  }

  /**
   * The row saying that these rows or some under them could not load (`couldNotLoad`) and why, a click
   * retrying; a rejected token also gets a notification with the fix, and an outage ends when the service answers again.
   */
  errorRow(couldNotLoad: string, error: unknown): MessageItem {
    if (isPassing(error)) {
      this.failed = true;
      this.retry.failed();
    }
    notifyIfTokenRejected(this.options.prompts, (reason) => vscode.l10n.t('Livepeer: {0}: {1}', couldNotLoad, reason), error);
    return loadErrorItem(couldNotLoad, error, this.options.refreshCommand);
  }
}

export interface PagedTreeOptions<T> extends TreeModelOptions {
  /** The "Load more…" row's command. */
  loadMoreCommand: string;
  /** Reads one page: the first without a cursor (see PagedList). */
  fetchPage: (cursor: string | undefined, limit?: number) => Promise<Page<T>>;
  /** What a page needs before its rows show (see PagedList); `current()` turns false once the view is reset. */
  prepare?: (items: T[], current: () => boolean) => Promise<void>;
  /** A page group's words past the first 500 rows, a whole localised sentence ("Streams {0}–{1}": its first and last row's numbers). */
  groupLabel: (first: string, last: string) => string;
}

/**
 * The data of a view listed page by page, apart from how its rows look: the items (PagedList: paging,
 * read-ahead, re-reads) and one row object per item while its data stays the same. The view's
 * provider turns items into rows and announces changes through it.
 *
 * The first 500 rows are top-level rows; past them, rows 501–1,000 and then each 1,000 are under a
 * collapsed group row (PageGroups), so a Load more… there adds one top-level row: VS Code redraws the
 * whole top-level list on each change, and 5,000 flat rows cost what 5,000 rows cost on every click.
 */
export class PagedTreeModel<T extends { id: string }, R extends vscode.TreeItem> extends TreeModel<R> {
  readonly list: PagedList<T>;
  private readonly rows = new Map<string, R>();
  private readonly groups: PageGroups;
  private readonly firstPage = this.register(new vscode.EventEmitter<void>());
  /** A first page arrived (the tree asked for it, so no tree change is announced). */
  readonly onDidLoad = this.firstPage.event;
  /** The first page, read as the view first shows (see ReadWhenShown). */
  private readonly early = this.register(new ReadWhenShown(() => this.options.session.signedIn(), () => this.load()));

  constructor(private readonly paging: PagedTreeOptions<T>) {
    super(paging);
    this.list = new PagedList<T>(paging.fetchPage, paging.prepare);
    this.groups = new PageGroups(paging.groupLabel);
  }

  get items(): T[] {
    return this.list.items;
  }

  override showIn(tree: Shown): void {
    super.showIn(tree);
    this.early.showIn(tree);
  }

  override reset(): void {
    this.early.reset();
    this.list.reset();
    this.rows.clear();
    this.groups.clear();
    super.reset();
  }

  /** Loads the first page unless it is loaded. */
  async load(): Promise<void> {
    if (this.list.isLoaded) return;
    await this.list.load();
    if (this.list.isLoaded) this.firstPage.fire();
  }

  async loadMore(): Promise<void> {
    if (await this.list.loadMore()) this.fire();
  }

  /**
   * The view's top-level rows: none without a token (the welcome shows instead), a row saying why
   * they could not load, or a row per item (`rowOf`) of the first 500, a group row per page group
   * after them, and "Load more…" last. Under a group row (`parent`), its rows; under any other row, none.
   */
  async children(rowOf: (item: T) => R, parent?: vscode.TreeItem): Promise<Array<R | PageGroupItem | MessageItem>> {
    if (parent) return parent instanceof PageGroupItem ? this.items.slice(parent.from, parent.to).map(rowOf) : [];
    if (!(await this.options.session.signedIn())) return [];
    try {
      // The read started as the view showed, if any (its failure is this ask's), then what is still to load.
      await this.early.take();
      await this.load();
    } catch (error) {
      return [this.errorRow(this.options.couldNotLoad, error)];
    }
    const rows: Array<R | PageGroupItem | MessageItem> = this.items.slice(0, TOP_LEVEL_ROWS).map(rowOf);
    // Rows of items no longer listed go, so the cache holds what the tree shows.
    if (this.rows.size > this.items.length) {
      const listed = new Set(this.items.map((item) => item.id));
      for (const id of this.rows.keys()) if (!listed.has(id)) this.rows.delete(id);
    }
    rows.push(...this.groups.of(this.items.length));
    if (this.list.hasMore) rows.push(loadMoreRow(this.paging.loadMoreCommand));
    return rows;
  }

  /** The group row that holds item `id`'s row, for the view's getParent (a reveal expands it); undefined at the top level. */
  groupOf(id: string): PageGroupItem | undefined {
    const index = this.items.findIndex((item) => item.id === id);
    return index < 0 ? undefined : this.groups.holding(index, this.items.length);
  }

  /** The row of item `id`: the one kept while `fits` it, else a new one from `make`. */
  row(id: string, fits: (row: R) => boolean, make: () => R): R {
    const kept = this.rows.get(id);
    if (kept && fits(kept)) return kept;
    const fresh = make();
    this.rows.set(id, fresh);
    return fresh;
  }

  /** The row kept for item `id`, if any. */
  rowFor(id: string): R | undefined {
    return this.rows.get(id);
  }

  /** Forgets the row of item `id` (the next render makes a new one). */
  forget(id: string): void {
    this.rows.delete(id);
  }
}

/** The row after a page that has more: a click appends the next page. */
export function loadMoreRow(command: string, ...args: unknown[]): MessageItem {
  const label = vscode.l10n.t('Load more…');
  return new MessageItem(label, 'ellipsis', { command, title: label, arguments: args });
}
