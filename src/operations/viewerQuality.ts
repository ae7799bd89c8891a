import type { StudioClient } from '../api';
import type { Usage } from '../api/usage/client';
import type { Breakdown, BreakdownRow, Quality, ViewsOf } from '../api/viewership/client';

// How viewers watch and what it costs, for a period a person names: the Quality and usage panel
// and the assistant tools ask through these (one copy of the period rules and the meanings).

export type PeriodName = 'last7Days' | 'last30Days' | 'last90Days' | 'thisMonth' | 'lastMonth';
/** A named period, or one a person chose: [from, to) in Unix milliseconds. */
export type Period = PeriodName | { from: number; to: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** What each quality-of-experience figure means, in one line. */
export const QUALITY_MEANINGS: Record<keyof Quality, string> = {
  ttffMs: 'Time to first frame: how long viewers wait, after pressing play, before the video starts.',
  rebufferRatio: 'Rebuffer ratio: the share of watch time spent waiting for the video to load again.',
  errorRate: 'Error rate: the share of views that hit a playback error.',
  exitsBeforeStart: 'Exits before start: the share of viewers who left before the first frame.',
};

/** The period a name stands for, in UTC: [from, to) in Unix milliseconds, `to` at most `now`. */
export function periodOf(name: PeriodName, now = Date.now()): { from: number; to: number } {
  const today = new Date(now);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  switch (name) {
    case 'last7Days':
      return { from: now - 7 * DAY_MS, to: now };
    case 'last30Days':
      return { from: now - 30 * DAY_MS, to: now };
    case 'last90Days':
      return { from: now - 90 * DAY_MS, to: now };
    case 'thisMonth':
      return { from: monthStart, to: Math.max(now, monthStart + 1) };
    case 'lastMonth':
      return { from: Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1), to: monthStart };
  }
}

function rangeOf(period: Period, now?: number): { from: number; to: number } {
  return typeof period === 'string' ? periodOf(period, now) : period;
}

export interface ViewerQualityReport {
  period: { from: number; to: number };
  by?: Breakdown;
  /** Most viewed first; one row (group "") without a breakdown. */
  rows: BreakdownRow[];
}

/** Views, watch time and QoE of an asset, a stream or a playback id over a named period, broken down by `by`. */
export async function viewerQuality(client: Pick<StudioClient, 'viewership'>, input: { of: ViewsOf; period: Period; by?: Breakdown; now?: number; signal?: AbortSignal }): Promise<ViewerQualityReport> {
  const period = rangeOf(input.period, input.now);
  return { period, by: input.by, rows: await client.viewership.viewsOver(input.of, period, input.by, input.signal) };
}

export interface UsageReport {
  period: { from: number; to: number };
  usage: Usage;
  /** The current month so far. */
  thisMonth: Usage;
}

/** The account's delivery, transcode and storage minutes over a named period, and this month's totals. */
export async function accountUsage(client: Pick<StudioClient, 'usage'>, input: { period: Period; now?: number; signal?: AbortSignal }): Promise<UsageReport> {
  const period = rangeOf(input.period, input.now);
  const [usage, thisMonth] = await Promise.all([client.usage.query(period, input.signal), client.usage.query(periodOf('thisMonth', input.now), input.signal)]);
  return { period, usage, thisMonth };
}
