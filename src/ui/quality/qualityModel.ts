import { NO_VIEWER_NUMBERS, StudioApiError } from '../../api';
import { NO_USAGE, type Usage } from '../../api/usage/client';
import type { BreakdownRow, Quality } from '../../api/viewership/client';
import type { UsageReport, ViewerQualityReport } from '../../operations/viewerQuality';
import * as l10n from '@vscode/l10n';
import type { PeriodChoice, QualityModel, QualityRow, QualitySection } from './qualityMessages';

// What the Quality and Usage panel shows, in words: the figures of the operations formatted and
// labelled, and what the service could not answer said as such. Plain Node (no vscode import).

const DAY_MS = 24 * 60 * 60 * 1000;

export type QualityTarget = { kind: 'asset' | 'stream'; id: string; name: string } | { kind: 'account'; name: string };

/** The figures of an asset or a stream: the period's totals, then by country, device and browser. */
export type ContentFigures = { kind: 'content'; totals: PromiseSettledResult<ViewerQualityReport>; breakdowns: Array<PromiseSettledResult<ViewerQualityReport>> };
export type AccountFigures = { kind: 'account'; usage: PromiseSettledResult<UsageReport> };

function day(ms: number): string {
  return new Date(ms).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** YYYY-MM-DD of a UTC day: the custom period's fields. */
export function dateField(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The custom period of two day fields, first and last day included (UTC), or why it is not one. */
export function customPeriod(from: string, to: string, now = Date.now()): { from: number; to: number } | string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Math.min(Date.parse(`${to}T00:00:00Z`) + DAY_MS, now);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return l10n.t('Choose both days of the period.');
  if (start >= end) return l10n.t('The period is empty: its first day must be on or before its last, and before now.');
  return { from: start, to: end };
}

export function periodLabels(): Record<PeriodChoice, string> {
  return { last7Days: l10n.t('7 days'), last30Days: l10n.t('30 days'), last90Days: l10n.t('90 days'), custom: l10n.t('Custom…') };
}

/** What the service could not answer, in words: no analytics, a refused period, or the failure itself. */
export function problemText(error: unknown): string {
  if (error instanceof StudioApiError) {
    if (error.message.startsWith(NO_VIEWER_NUMBERS)) return l10n.t('The service has no viewer numbers for this account (it answers no analytics), so there is nothing to show.');
    if (error.message.startsWith(NO_USAGE)) return l10n.t('The service has no usage figures for this account (it answers no analytics), so there is nothing to show.');
    if (error.status === 400 || error.status === 422) return l10n.t('The service refused this period: {0}. Choose a shorter or more recent one.', error.messages.join('; ') || error.message);
  }
  return l10n.t('Could not load the figures: {0}', error instanceof Error ? error.message : String(error));
}

const count = (n: number) => n.toLocaleString();
function minutes(mins: number): string {
  return mins >= 120 ? l10n.t('{0} h', (Math.round(mins / 6) / 10).toLocaleString()) : l10n.t('{0} min', (Math.round(mins * 10) / 10).toLocaleString());
}
const percent = (ratio: number) => `${(Math.round(ratio * 1000) / 10).toLocaleString()} %`;

function qualityRows(row: Quality | undefined): QualityRow[] {
  const none = l10n.t('no figure');
  const value = <K extends keyof Quality>(key: K, format: (n: number) => string) => (row?.[key] === undefined ? none : format(row[key]));
  return [
    { label: l10n.t('Time to first frame'), value: value('ttffMs', (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`)), hint: l10n.t('How long viewers wait, after pressing play, before the video starts.') },
    { label: l10n.t('Rebuffer ratio'), value: value('rebufferRatio', percent), hint: l10n.t('The share of watch time spent waiting for the video to load again.') },
    { label: l10n.t('Error rate'), value: value('errorRate', percent), hint: l10n.t('The share of views that hit a playback error.') },
    { label: l10n.t('Exits before start'), value: value('exitsBeforeStart', percent), hint: l10n.t('The share of viewers who left before the first frame.') },
  ];
}

function breakdownSection(heading: string, result: PromiseSettledResult<ViewerQualityReport>): QualitySection {
  if (result.status === 'rejected') return { heading, rows: [], problem: problemText(result.reason) };
  const rows = result.value.rows;
  const most = Math.max(1, ...rows.map((row: BreakdownRow) => row.viewCount));
  return {
    heading,
    rows: rows.map((row) => ({ label: row.group || l10n.t('unknown'), value: l10n.t('{0} views · {1}', count(row.viewCount), minutes(row.playtimeMins)), bar: row.viewCount / most })),
    ...(rows.length ? {} : { problem: l10n.t('No views in this period.') }),
  };
}

function usageRows(usage: Usage): QualityRow[] {
  return [
    { label: l10n.t('Delivery'), value: l10n.t('{0} minutes', count(usage.deliveryMins)), hint: l10n.t('Minutes of video delivered to viewers.') },
    { label: l10n.t('Transcode'), value: l10n.t('{0} minutes', count(usage.transcodeMins)), hint: l10n.t('Minutes of video transcoded into renditions.') },
    { label: l10n.t('Storage'), value: l10n.t('{0} minutes', count(usage.storageMins)), hint: l10n.t('Minutes of video stored, summed over the period.') },
  ];
}

/** The sections of an asset's or a stream's figures, or of the account's usage. */
export function sectionsOf(figures: ContentFigures | AccountFigures, now = Date.now()): Pick<QualityModel, 'sections' | 'problem'> {
  if (figures.kind === 'account') {
    if (figures.usage.status === 'rejected') return { sections: [], problem: problemText(figures.usage.reason) };
    const { usage, thisMonth } = figures.usage.value;
    const month = new Date(now).toLocaleDateString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { sections: [{ heading: l10n.t('Usage in this period'), rows: usageRows(usage) }, { heading: l10n.t('This month so far ({0})', month), rows: usageRows(thisMonth) }] };
  }
  if (figures.totals.status === 'rejected') return { sections: [], problem: problemText(figures.totals.reason) };
  const [total] = figures.totals.value.rows;
  const [country, device, browser] = figures.breakdowns;
  const sections: QualitySection[] = [
    { heading: l10n.t('Views and watch time'), rows: [{ label: l10n.t('Views'), value: count(total?.viewCount ?? 0) }, { label: l10n.t('Watch time'), value: minutes(total?.playtimeMins ?? 0) }] },
    { heading: l10n.t('Quality of experience'), rows: qualityRows(total) },
  ];
  if (country) sections.push(breakdownSection(l10n.t('By country'), country));
  if (device) sections.push(breakdownSection(l10n.t('By device'), device));
  if (browser) sections.push(breakdownSection(l10n.t('By browser'), browser));
  return { sections };
}

/** The period in words: its first and last day (UTC). */
export function periodText(range: { from: number; to: number }): string {
  return `${day(range.from)} – ${day(range.to - 1)}`;
}
