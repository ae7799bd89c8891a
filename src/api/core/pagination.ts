import * as l10n from '@vscode/l10n';
import { listAnswer, type Shape } from './answerShape';
import { StudioApiError } from './errors';
import type { StudioHttp } from './http';

/** One page of a list, and the cursor of the next page when the service says there is one. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * Reads the cursor of the RFC 8288 `rel="next"` link. Only the cursor is kept: the next request is
 * rebuilt on the configured base URL, so the token is never sent to a host named by a response.
 */
export function nextCursor(linkHeader: string | string[] | undefined): string | undefined {
  const header = Array.isArray(linkHeader) ? linkHeader.join(',') : linkHeader;
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match || !/;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?(;|$)/i.test(match[2])) continue;
    let cursor: string | null;
    try {
      cursor = new URL(match[1], 'http://base.invalid').searchParams.get('cursor');
    } catch {
      return undefined;
    }
    // The real signing-key list sends a next link with cursor=undefined on its last page.
    return cursor && cursor !== 'undefined' && cursor !== 'null' ? cursor : undefined;
  }
  return undefined;
}

/**
 * Bounds of one list read. The service pages at most 1000 rows, and no account holds anywhere near
 * these numbers, so reaching one means a service (or proxy) that keeps pointing at more: stop with
 * an error rather than loop or grow without end.
 */
export const MAX_PAGES = 1000;
export const MAX_ITEMS = 100_000;

/**
 * Fetches pages until the service stops pointing at a new, non-empty next page. `path` names the
 * list in the error when a bound is reached.
 */
export async function collectPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, path?: string): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(cursor);
    if (all.length + page.items.length > MAX_ITEMS) throw tooLong(path, l10n.t('the service listed more than {0} items, so reading the list stopped: try again later, and check livepeer.baseURL if it persists', MAX_ITEMS.toLocaleString('en')));
    // One push per item: spreading a huge page into push() overflows the call stack.
    for (const item of page.items) all.push(item);
    if (!page.items.length || !page.nextCursor || seen.has(page.nextCursor)) return all;
    if (pages >= MAX_PAGES) throw tooLong(path, l10n.t('the service still linked a next page after {0} pages, so reading the list stopped: try again later, and check livepeer.baseURL if it persists', MAX_PAGES.toLocaleString('en')));
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

function tooLong(path: string | undefined, summary: string): StudioApiError {
  return new StudioApiError('server', summary, {
    method: 'GET',
    path,
  });
}

/** One page of the list at `path`, each row with the fields `shape` names, and the cursor of the next page from its `Link`. */
export async function fetchPage<T>(
  http: StudioHttp,
  path: string,
  shape: Shape,
  what: string,
  query: Record<string, string | undefined>,
  cursor: string | undefined,
  limit: number | undefined,
  signal: AbortSignal | undefined,
): Promise<Page<T>> {
  const response = await http.call('GET', path, { query: { ...query, limit: limit?.toString(), cursor }, signal });
  return { items: listAnswer<T>(response, shape, what, { method: 'GET', path }), nextCursor: nextCursor(response.headers.link) };
}
