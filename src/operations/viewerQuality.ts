import type { StudioClient } from '../api';
import type { Usage } from '../api/usage/client';
import type { Breakdown, BreakdownRow, Quality, ViewsOf } from '../api/viewership/client';

// How viewers watch and what it costs, for a period a person names: the Quality and usage panel
// and the assistant tools ask through these (one copy of the period rules and the meanings).

export type PeriodName = 'last7Days' | 'last30Days' | 'thisMonth' | 'lastMonth';

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
    case 'thisMonth':
      return { from: monthStart, to: Math.max(now, monthStart + 1) };
    case 'lastMonth':
      return { from: Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1), to: monthStart };
  }
}

export interface ViewerQualityReport {
  period: { from: number; to: number };
  by?: Breakdown;
  /** Most viewed first; one row (group "") without a breakdown. */
  rows: BreakdownRow[];
}

/** Views, watch time and QoE of an asset, a stream or a playback id over a named period, broken down by `by`. */
export async function viewerQuality(client: Pick<StudioClient, 'viewership'>, input: { of: ViewsOf; period: PeriodName; by?: Breakdown; now?: number }): Promise<ViewerQualityReport> {
  const period = periodOf(input.period, input.now);
  return { period, by: input.by, rows: await client.viewership.viewsOver(input.of, period, input.by) };
}

export interface UsageReport {
  period: { from: number; to: number };
  usage: Usage;
  /** The current month so far. */
  thisMonth: Usage;
}

/** The account's delivery, transcode and storage minutes over a named period, and this month's totals. */
export async function accountUsage(client: Pick<StudioClient, 'usage'>, input: { period: PeriodName; now?: number }): Promise<UsageReport> {
  const period = periodOf(input.period, input.now);
  const [usage, thisMonth] = await Promise.all([client.usage.query(period), client.usage.query(periodOf('thisMonth', input.now))]);
  return { period, usage, thisMonth };
}
