import { bounded, redact, type Asset } from '../../api';
import { duration } from '../../upload/transferText';
import * as l10n from '@vscode/l10n';

export { byteSize, rate } from '../../upload/transferText';

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const UNITS: Array<[Unit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];
/** What English says for one unit back and ahead, where it has a word for it ("yesterday", "next week"). */
const ADJACENT: Partial<Record<Unit, [string, string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/**
 * "3 hours ago", "yesterday", "in 2 days", "just now" (English, as Intl.RelativeTimeFormat's 'en'
 * with numeric 'auto' says them: making that formatter loaded ICU's data, ~60 ms of a view's first
 * rows); `now` is a parameter so tests need no clock.
 */
export function timeAgo(ms: number | undefined, now = Date.now()): string | undefined {
  if (!ms) return undefined;
  const elapsed = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) < size) continue;
    const count = Math.round(elapsed / size);
    const adjacent = ADJACENT[unit];
    if (adjacent && Math.abs(count) === 1) return adjacent[count < 0 ? 0 : 1];
    const amount = `${Math.abs(count)} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
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

/** How long something lasted, in seconds, as a tree row says it ("1h 05m", "42m", "35s"; see duration); undefined when not known. */
export function rowDuration(seconds: number | undefined): string | undefined {
  return seconds === undefined || !Number.isFinite(seconds) || seconds < 0 ? undefined : duration(seconds * 1_000, true);
}

/** "Nov 23, 9:05 PM": a date and time without seconds or year, for a tree row. */
export function shortDateTime(ms: number | undefined): string {
  return ms ? new Date(ms).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : '—';
}

/** Names longer than this are shortened where they share a line with more (a row's state, a title, a message); tooltips and details have them whole. */
export const NAME_CHARS = 48;

/** `name` cut to `max` characters with an ellipsis (counted in code points, so no emoji is split). */
export function shortName(name: string, max = NAME_CHARS): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : name;
}

/**
 * How a resource from the service is named on screen (rows, pickers, titles, confirmations): its
 * name, else its id, with every secret blanked as in errors and logs (a stream named with its own
 * key, a multistream target named with the URL that holds one).
 */
export function shownName(resource: { name?: string | null; id: string }): string {
  return redact(resource.name || resource.id);
}

/** Characters of a service's message a row or a notice shows, and a tooltip. */
export const SERVICE_TEXT_CHARS = { line: 200, tooltip: 2_000 } as const;

/** A message of the service (a task's or asset's error) as rows and notices show it: blanked as errors are, and bounded. */
export function serviceText(text: string, max: number): string {
  return bounded(redact(text), max);
}

/** “name”, shortened (see shortName): how messages name a key, stream, asset, webhook or upload. */
export function quoted(name: string): string {
  return `“${shortName(name)}”`;
}

/** "a; b; c; d; e; and 3 more": a summary names at most five, the rest counted. */
export function listedSome(lines: readonly string[]): string {
  return [...lines.slice(0, 5), ...(lines.length > 5 ? [l10n.t('and {0} more', lines.length - 5)] : [])].join('; ');
}

/** The service's phase in words; a phase it adds later as it says it. */
export function phaseWords(phase: string): string {
  const words: Record<string, string> = {
    uploading: l10n.t('uploading'),
    waiting: l10n.t('waiting'),
    processing: l10n.t('processing'),
    ready: l10n.t('ready'),
    failed: l10n.t('failed'),
    deleting: l10n.t('deleting'),
    deleted: l10n.t('deleted'),
    uploaded: l10n.t('uploaded'),
    unknown: l10n.t('unknown'),
  };
  return words[phase] ?? phase;
}

/** An asset's phase as the service names it ('unknown' before it says one). */
export function phaseOf(asset: Pick<Asset, 'status'>): string {
  return asset.status?.phase ?? 'unknown';
}

/** "processing 40%" while processing, else the phase in words: the asset rows, the task and asset pickers. */
export function phaseText(asset: Pick<Asset, 'status'>): string {
  const progress = asset.status?.progress;
  return phaseOf(asset) === 'processing' && typeof progress === 'number' ? l10n.t('processing {0}%', Math.round(progress * 100)) : phaseWords(phaseOf(asset));
}
