/**
 * Parses the `filters` query parameter of a list route, a JSON array of `{ id, value }`, with the
 * service's reasons for refusing it (the route answers 400 `error parsing filters: <reason>`).
 * `entry` turns one filter into a matcher, says why its value is wrong, or ignores an unknown id (undefined).
 */
export function parseFilters<F extends object>(raw: string | null, entry: (id: unknown, value: unknown) => F | string | undefined): F[] | string {
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return (error as Error).message;
  }
  if (!Array.isArray(parsed)) return 'filters must be an array';
  const filters: F[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'each filter must be an object with id and value';
    const { id, value } = item as { id?: unknown; value?: unknown };
    const filter = entry(id, value);
    if (typeof filter === 'string') return filter;
    if (filter) filters.push(filter);
  }
  return filters;
}
