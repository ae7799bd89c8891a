/** A filter's value as JSON.parse gives it (undefined when the filter has none). */
export type FilterValue = string | number | boolean | null | object | undefined;

/**
 * Parses the `filters` query parameter of a list route, a JSON array of `{ id, value }`, with the
 * service's reasons for refusing it (the route answers 400 `error parsing filters: <reason>`).
 * Like the service, the text is URL-decoded a second time before JSON.parse: a bare `%` is
 * `URIError: URI malformed`, and `%25` arrives as `%`.
 * `entry` turns one filter into a matcher, says why its value is wrong, or ignores an unknown id (undefined).
 */
export function parseFilters<F extends object>(raw: string | null, entry: (id: unknown, value: FilterValue) => F | string | undefined): F[] | string {
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch (error) {
    // The service reports `${error}`: "URIError: URI malformed", "SyntaxError: Unexpected token …".
    return String(error);
  }
  if (!Array.isArray(parsed)) return 'filters must be an array';
  const filters: F[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'each filter must be an object with id and value';
    const { id, value } = item as { id?: unknown; value?: FilterValue };
    const filter = entry(id, value);
    if (typeof filter === 'string') return filter;
    if (filter) filters.push(filter);
  }
  return filters;
}

/**
 * The service's name match, `ILIKE '%' || value || '%'`: one case-insensitive substring in which
 * `%` is any run of characters, `_` any one character, and `\` makes the next character literal.
 */
export function likeMatcher(value: string): (text: string | undefined) => boolean {
  const like = `%${value}%`;
  let pattern = '';
  for (let i = 0; i < like.length; i++) {
    const char = like[i] ?? '';
    if (char === '\\') pattern += escapeRegExp(like[++i] ?? '');
    else if (char === '%') pattern += '.*';
    else if (char === '_') pattern += '.';
    else pattern += escapeRegExp(char);
  }
  const regex = new RegExp(`^${pattern}$`, 'is');
  return (text) => regex.test(text ?? '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Range = { gt?: number; lt?: number; gte?: number; lte?: number };

/** A filter value that is a number (exact) or a `{gt, lt, gte, lte}` range, as a test of a number; or why it is neither. */
export function rangeMatcher(value: unknown, id: string): ((n: number) => boolean) | string {
  const range: Range | null = typeof value === 'number' ? { gte: value, lte: value } : (value as Range | null);
  if (typeof range !== 'object' || range === null) return `value of filter ${id} must be a number or a range`;
  return (n) =>
    (range.gt === undefined || n > range.gt) && (range.lt === undefined || n < range.lt) && (range.gte === undefined || n >= range.gte) && (range.lte === undefined || n <= range.lte);
}
