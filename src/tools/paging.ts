import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import type { Page } from '../api';

/** Rows a list answers when the model does not say; at most MAX_ROWS, so no account floods a context. */
export const DEFAULT_ROWS = 20;
export const MAX_ROWS = 50;

/** The input of every list tool: a page size and the cursor of the page asked for. */
export const PAGE_INPUT = {
  limit: z.int().min(1).max(MAX_ROWS).default(DEFAULT_ROWS).describe(`Rows on this page (default ${DEFAULT_ROWS}, at most ${MAX_ROWS}).`),
  cursor: z.string().max(500).optional().describe('The nextCursor of the previous answer, to read the next page.'),
};

/** The service's cursors (`skip20`); it reads any other text as no cursor and answers the first page again. */
const CURSOR = /^skip\d+$/;

/** The page asked for; a cursor the service did not give is refused, not read as page 1. */
export function pageRequest(input: { limit: number; cursor?: string | undefined }): { limit: number; cursor: string | undefined } {
  const cursor = input.cursor || undefined;
  if (cursor !== undefined && !CURSOR.test(cursor)) {
    throw new Error(l10n.t('cursor is not one a list answered (they look like "skip20"): pass the nextCursor of the previous answer as it is, or leave cursor out for the first page'));
  }
  return { limit: input.limit, cursor };
}

export interface PageAnswer<T> {
  count: number;
  items: T[];
  /** Present when more rows follow. */
  nextCursor?: string;
  more: string;
}

/**
 * One page as a tool answers it: how many rows, the rows (cut to the limit, whatever the service
 * sent), and how to ask for the next page.
 */
export function pageAnswer<R, T>(page: Page<R>, limit: number, row: (item: R) => T): PageAnswer<T> {
  const items = page.items.slice(0, limit).map(row);
  const nextCursor = page.nextCursor && items.length ? page.nextCursor : undefined;
  const more = nextCursor ? `more rows follow: call again with cursor "${nextCursor}"` : 'this is the last page';
  return { count: items.length, items, ...(nextCursor ? { nextCursor } : {}), more };
}
