export interface PageOptions {
  defaultLimit: number;
  /** Absolute origin of the API server, for the Link header. */
  origin: string;
  /**
   * The real signing-key list also links a "next" page from its last page, with
   * `cursor=undefined`, which reads as the first page again. Reproduced so clients must guard.
   */
  linkPastLastPage?: boolean;
  /**
   * The real stream list links a next page whenever a page is full, so a full last page is followed
   * by an empty page without a link. Reproduced so clients must stop on an empty page.
   */
  linkEveryFullPage?: boolean;
  /**
   * The real webhook and webhook-log lists link a next page from every non-empty page (so the last
   * is followed by an empty page without a link); without `limit` that link has `cursor=undefined`.
   */
  linkEveryNonEmptyPage?: boolean;
}

const MAX_LIMIT = 1000;

/** Cuts one page out of `rows` per the request's limit/cursor and builds the paging headers. */
export function paginate<T>(rows: T[], url: URL, options: PageOptions): { page: T[]; headers: Record<string, string> } {
  const skip = Number(/^skip(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0);
  const askedLimit = Number.parseInt(url.searchParams.get('limit') ?? '', 10);
  const limit = Number.isFinite(askedLimit) && askedLimit > 0 ? Math.min(askedLimit, MAX_LIMIT) : options.defaultLimit;
  const page = rows.slice(skip, skip + limit);
  const headers: Record<string, string> = {};

  const limitAsked = Number.isFinite(askedLimit) && askedLimit > 0;
  const hasMore = options.linkEveryNonEmptyPage
    ? page.length > 0 && limitAsked
    : skip + limit < rows.length || (!!options.linkEveryFullPage && page.length === limit);
  if (hasMore || options.linkPastLastPage || (options.linkEveryNonEmptyPage && page.length > 0)) {
    const next = new URL(url.pathname + url.search, options.origin);
    next.searchParams.set('cursor', hasMore ? `skip${skip + limit}` : 'undefined');
    headers.Link = `<${next.href}>; rel="next"`;
  }
  if (url.searchParams.get('count') === '1' || url.searchParams.get('count') === 'true') {
    headers['X-Total-Count'] = String(rows.length);
  }
  return { page, headers };
}
