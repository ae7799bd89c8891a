/**
 * The comparator of a list's `order=field-true|false,...` (true: descending), as the service's lists
 * take it; unknown fields are ignored, and `fallback` is used when none is given.
 */
export function orderBy<T>(raw: string | null, fields: Record<string, (row: T) => number | string>, fallback: string): (a: T, b: T) => number {
  const keys = (raw || fallback)
    .split(',')
    .map((part) => /^(\w+)-(true|false)$/.exec(part.trim()))
    .filter((match): match is RegExpExecArray => !!match && !!fields[match[1] ?? ''])
    .map((match) => ({ read: fields[match[1] ?? ''], descending: match[2] === 'true' }));
  return (a, b) => {
    for (const { read, descending } of keys) {
      const x = read(a);
      const y = read(b);
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  };
}
