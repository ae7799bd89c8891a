import * as l10n from '@vscode/l10n';
import { StudioApiError } from './errors';

/**
 * `collection/id` with the id as exactly one path segment. An empty id, "." or ".." would address
 * the collection or its parent instead (URLs resolve dot segments), so they are refused unsent.
 */
export function resourcePath(collection: string, id: string): string {
  if (!id) throw StudioApiError.config(l10n.t('the id is empty'));
  if (id === '.' || id === '..') throw StudioApiError.config(l10n.t('"{0}" is not a valid id', id));
  return `${collection}/${encodeURIComponent(id)}`;
}
