import type { Page } from '../../api';

/**
 * The rows of a view that the service lists page by page: the first page when the tree first asks
 * (callers meanwhile share that request), the next one on "Load more…". `reset` drops them all, and a
 * page asked for before a reset (under the old token or filters) is dropped when it arrives.
 */
export class PagedList<T extends { id: string }> {
  private loaded: Page<T> | undefined;
  private loading: Promise<void> | undefined;
  private generation = 0;

  /**
   * @param fetchPage reads one page: the first without a cursor.
   * @param prepare what a page needs before its rows are shown; `current()` turns false once the list is reset.
   */
  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
    private readonly prepare: (items: T[], current: () => boolean) => Promise<void> = () => Promise.resolve(),
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
  }

  /** Loads the first page unless it is loaded. */
  load(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    const current = this.guard();
    this.loading ??= this.fetchPage(undefined)
      .then(async (page) => {
        if (!current()) return;
        await this.prepare(page.items, current);
        if (current()) this.loaded = page;
      })
      .finally(() => {
        if (current()) this.loading = undefined;
      });
    return this.loading;
  }

  /** Appends the next page; false when there is none or the list was reset meanwhile. */
  async loadMore(): Promise<boolean> {
    const cursor = this.loaded?.nextCursor;
    if (!cursor) return false;
    const current = this.guard();
    const page = await this.fetchPage(cursor);
    if (!current()) return false;
    await this.prepare(page.items, current);
    if (!current() || !this.loaded) return false;
    // A row added or changed meanwhile may also be on this page: keep the copy already shown.
    const known = new Set(this.items.map((item) => item.id));
    this.loaded = { items: [...this.items, ...page.items.filter((item) => !known.has(item.id))], nextCursor: page.nextCursor };
    return true;
  }

  /** Replaces the loaded rows (one added, changed or removed by the view); false before the first page, which brings them anyway. */
  update(change: (items: T[]) => T[]): boolean {
    if (!this.loaded) return false;
    this.loaded = { ...this.loaded, items: change(this.loaded.items) };
    return true;
  }
}
