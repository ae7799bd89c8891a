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

/** Fetches pages until the service stops pointing at a new, non-empty next page. */
export async function collectPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    all.push(...page.items);
    if (!page.items.length || !page.nextCursor || seen.has(page.nextCursor)) return all;
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}
