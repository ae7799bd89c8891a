import { StudioApiError } from './errors';

/**
 * `collection/id` with the id as exactly one path segment. An empty id, "." or ".." would address
 * the collection or its parent instead (URLs resolve dot segments), so they are refused unsent.
 */
export function resourcePath(collection: string, id: string, what: string): string {
  if (!id) throw StudioApiError.config(`${what} id is empty`);
  if (id === '.' || id === '..') throw StudioApiError.config(`"${id}" is not a ${what} id`);
  return `${collection}/${encodeURIComponent(id)}`;
}
