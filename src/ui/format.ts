const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "just now"; `now` is a parameter so tests need no clock. */
export function timeAgo(ms: number | undefined, now = Date.now()): string | undefined {
  if (!ms) return undefined;
  const elapsed = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}

export function dateTime(ms: number | undefined): string {
  return ms ? new Date(ms).toLocaleString() : '—';
}

/** Escapes text for a MarkdownString tooltip, so names from the service cannot inject links. */
export function md(text: string | undefined): string {
  return (text ?? '').replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
