import type { Page } from '../../api';

/** The service's largest page: Load more… and a re-read ask for at most as many at once. */
export const MAX_PAGE = 1000;

/**
 * The rows a paged view shows as top-level rows; past them it groups its rows (pageGroups.ts):
 * 501–1,000, then by the service's page (1,001–2,000…). VS Code draws every top-level row again on
 * each Load more…, so this bounds a click's cost (1,000 rich rows cost ~200 ms on a 2-core machine).
 */
export const TOP_LEVEL_ROWS = 500;

/** Where the page group holding row `index` (from 0, at least TOP_LEVEL_ROWS) starts. */
export function groupStart(index: number): number {
  return index < MAX_PAGE ? TOP_LEVEL_ROWS : index - (index % MAX_PAGE);
}

/** Where the page group starting at row `from` ends (excluded). */
export function groupEnd(from: number): number {
  return from < MAX_PAGE ? MAX_PAGE : from + MAX_PAGE;
}

/**
 * How long a page read ahead for Load more… is used as it is. Older, it is read again when clicked:
 * its rows may have changed since (a stream went live, an asset finished processing).
 */
export const READ_AHEAD_FRESH_MS = 60_000;

/** The rows before and after a re-read; rows whose data did not change keep their object. */
export interface Reread<T> {
  before: T[];
  after: T[];
  /** Nothing to draw again: the same rows, each with the same data, and Load more… as before. */
  same: boolean;
}

/**
 * The rows of a view that the service lists page by page: the first page when the tree first asks
 * (callers meanwhile share that request), the next one on "Load more…". `reset` drops them all, and a
 * page asked for before a reset (under the old token or filters) is dropped when it arrives.
 *
 * Once a page shows, the next one is read ahead, so Load more… costs no request of its own: the
 * click only re-renders (past TOP_LEVEL_ROWS rows, one group row more: see pageGroups.ts).
 */
export class PagedList<T extends { id: string }> {
  private loaded: Page<T> | undefined;
  private loading: Promise<void> | undefined;
  private ahead: { cursor: string; page: Promise<Page<T>>; readAt: number } | undefined;
  private generation = 0;

  /**
   * @param fetchPage reads one page: the first without a cursor, and with the view's page size unless `limit` says otherwise.
   * @param prepare what a page needs before its rows are shown; `current()` turns false once the list is reset.
   */
  constructor(
    private readonly fetchPage: (cursor: string | undefined, limit?: number) => Promise<Page<T>>,
    private readonly prepare: (items: T[], current: () => boolean) => Promise<void> = () => Promise.resolve(),
    private readonly clock: () => number = Date.now,
  ) {}

  get items(): T[] {
    return this.loaded?.items ?? [];
  }

  get isLoaded(): boolean {
    return !!this.loaded;
  }

  get hasMore(): boolean {
    return !!this.loaded?.nextCursor;
  }

  /** A check that turns false once the list is reset: for the view's own work on the rows loaded now. */
  guard(): () => boolean {
    const generation = this.generation;
    return () => generation === this.generation;
  }

  reset(): void {
    this.generation++;
    this.loaded = undefined;
    this.loading = undefined;
    this.ahead = undefined;
  }

  /** Loads the first page unless it is loaded. */
  load(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    const current = this.guard();
    this.loading ??= this.fetchPage(undefined)
      .then(async (page) => {
        if (!current()) return;
        await this.prepare(page.items, current);
        if (!current()) return;
        this.loaded = page;
        this.readAhead();
      })
      .catch((error: unknown) => {
        // A failure under the old token or filters says nothing about the list now.
        if (current()) throw error;
      })
      .finally(() => {
        if (current()) this.loading = undefined;
      });
    return this.loading;
  }

  /**
   * Appends the next page: as many rows as are shown up to the service's largest page, then that
   * page's worth, so that thousands of rows take a few clicks and each click past the first 1,000
   * rows fills one group of them (see nextLimit). False when there is no next page or the list was reset meanwhile.
   */
  async loadMore(): Promise<boolean> {
    const cursor = this.loaded?.nextCursor;
    if (!cursor) return false;
    const current = this.guard();
    const page = await this.nextPage(cursor).catch((error: unknown) => {
      if (current()) throw error;
    });
    if (!page || !current()) return false;
    await this.prepare(page.items, current);
    if (!current() || !this.loaded) return false;
    // A row added or changed meanwhile may also be on this page: keep the copy already shown.
    const known = new Set(this.items.map((item) => item.id));
    this.loaded = { items: [...this.items, ...page.items.filter((item) => !known.has(item.id))], nextCursor: page.nextCursor };
    this.readAhead();
    return true;
  }

  /** The page at `cursor`: the one read ahead when it is for this cursor and fresh (read again if it failed). */
  private nextPage(cursor: string): Promise<Page<T>> {
    const ahead = this.ahead;
    this.ahead = undefined;
    const read = () => this.fetchPage(cursor, this.nextLimit());
    return ahead?.cursor === cursor && this.clock() - ahead.readAt < READ_AHEAD_FRESH_MS ? ahead.page.catch(read) : read();
  }

  /** Starts reading the page after the loaded rows. */
  private readAhead(): void {
    const cursor = this.loaded?.nextCursor;
    if (!cursor) return;
    const page = this.fetchPage(cursor, this.nextLimit());
    // Its failure is met again, and reported, by the click that reads the page anew.
    page.catch(() => undefined);
    this.ahead = { cursor, page, readAt: this.clock() };
  }

  /**
   * Up to TOP_LEVEL_ROWS rows, as many again as shown (50, 100, 200, 400, then the 100 to 500); past
   * them, the rows to the end of the next page group (to 1,000, then 1,000 a click), so that each
   * click fills one group and the groups already shown stay as they were.
   */
  private nextLimit(): number | undefined {
    const shown = this.items.length;
    if (!shown) return undefined;
    return shown < TOP_LEVEL_ROWS ? Math.min(shown, TOP_LEVEL_ROWS - shown) : groupEnd(groupStart(shown)) - shown;
  }

  /**
   * Reads the loaded rows again (as many as are shown, in the service's largest pages; to the end when
   * all were shown) and replaces them, keeping "Load more…" after them. A row whose data is the same
   * keeps its object, so the view can tell what changed by identity. Undefined when nothing was
   * loaded, or the rows changed meanwhile (a reset, Load more…, an update): the newer state stays.
   */
  async reread(): Promise<Reread<T> | undefined> {
    const before = this.loaded;
    if (!before) return undefined;
    const current = () => this.loaded === before;
    const wanted = before.nextCursor ? before.items.length : Infinity;
    const fresh: T[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.fetchPage(cursor, Math.max(1, Math.min(MAX_PAGE, wanted - fresh.length)));
      if (!current()) return undefined;
      fresh.push(...page.items);
      cursor = page.items.length ? page.nextCursor : undefined;
    } while (cursor && fresh.length < wanted);
    await this.prepare(fresh, current);
    if (!current()) return undefined;
    const old = new Map(before.items.map((item) => [item.id, item]));
    const seen = new Set<string>();
    const items = fresh
      .filter((item) => !seen.has(item.id) && seen.add(item.id))
      .map((item) => {
        const was = old.get(item.id);
        return was && JSON.stringify(was) === JSON.stringify(item) ? was : item;
      });
    this.loaded = { items, nextCursor: cursor };
    const same = !before.nextCursor === !cursor && items.length === before.items.length && items.every((item, i) => item === before.items[i]);
    return { before: before.items, after: items, same };
  }

  /** Replaces the loaded rows (one added, changed or removed by the view); false before the first page, which brings them anyway. */
  update(change: (items: T[]) => T[]): boolean {
    if (!this.loaded) return false;
    this.loaded = { ...this.loaded, items: change(this.loaded.items) };
    return true;
  }
}
