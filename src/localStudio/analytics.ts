import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendErrors, sendJson } from './http';
import type { Store } from './store';

// The analytics backend's breakdowns, quality of experience and usage (studio-api.md, "usage"),
// from seeded numbers: the same playback id, day and group give the same figures in every run.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest period one query may cover, as the backend bounds its scans. */
const MAX_DAYS = 366;
/** The groups of each breakdown the emulator's viewers fall into. */
export const BREAKDOWNS: Record<string, string[]> = {
  country: ['US', 'BR', 'DE', 'IN', 'NG'],
  deviceType: ['desktop', 'mobile', 'tablet', 'tv'],
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge'],
  os: ['Windows', 'iOS', 'Android', 'macOS', 'Linux'],
};

function seeded(text: string, modulo: number): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % modulo;
}

function time(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/** The period of a query, or the backend's words for a bad one. */
export function period(url: URL, now = Date.now()): { from: number; to: number } | string {
  const to = time(url.searchParams.get('to')) ?? now;
  const from = time(url.searchParams.get('from')) ?? to - 30 * DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(to)) return 'from and to must be Unix milliseconds or ISO dates';
  if (from >= to) return 'from must be before to';
  if ((to - from) / DAY_MS > MAX_DAYS) return `at most ${MAX_DAYS} days per query`;
  return { from, to };
}

type Row = Record<string, string | number>;

/** Where the figures come from: a playback id's seeded views on a day (the Viewership, passed in). */
export interface DailyViews {
  day(playbackId: string, day: number): { viewCount: number; playtimeMins: number };
}

/** Splits `count` over the groups of `dimension` by seeded weights (the first takes the rounding). */
function split(count: number, dimension: string, seed: string): Array<[string, number]> {
  const groups = BREAKDOWNS[dimension] ?? [];
  const weights = groups.map((group) => 1 + seeded(`w:${dimension}:${group}:${seed}`, 9));
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((count * w) / total));
  shares[0] = (shares[0] ?? 0) + count - shares.reduce((a, b) => a + b, 0);
  return groups.map((group, i) => [group, shares[i] ?? 0]);
}

/** QoE of a group: time to first frame, rebuffer ratio, error rate, exits before start. */
function quality(key: string): Row {
  return {
    ttffMs: 300 + seeded(`ttff:${key}`, 1500),
    rebufferRatio: seeded(`rebuffer:${key}`, 50) / 1000,
    errorRate: seeded(`errors:${key}`, 30) / 1000,
    exitsBeforeStart: seeded(`exits:${key}`, 100) / 1000,
  };
}

/** Views of `playbackId` in the period, per day or summed, broken down by `by` (in order). */
export function viewRows(viewership: DailyViews, playbackId: string, range: { from: number; to: number }, by: string[], perDay: boolean): Row[] {
  const cells = new Map<string, Row>();
  for (let day = Math.floor(range.from / DAY_MS) * DAY_MS; day < range.to; day += DAY_MS) {
    const { viewCount, playtimeMins } = viewership.day(playbackId, day);
    let parts: Array<[Row, number]> = [[{}, viewCount]];
    for (const dimension of by) parts = parts.flatMap(([row, count]) => split(count, dimension, playbackId).map(([group, n]): [Row, number] => [{ ...row, [dimension]: group }, n]));
    for (const [groups, count] of parts) {
      if (!count) continue;
      const key = `${perDay ? day : ''}|${JSON.stringify(groups)}`;
      const cell = cells.get(key) ?? { ...(perDay ? { timestamp: day } : {}), playbackId, ...groups, viewCount: 0, playtimeMins: 0, ...quality(`${playbackId}:${JSON.stringify(groups)}`) };
      cell.viewCount = Number(cell.viewCount) + count;
      cell.playtimeMins = Math.round((Number(cell.playtimeMins) + (viewCount ? (playtimeMins * count) / viewCount : 0)) * 10) / 10;
      cells.set(key, cell);
    }
  }
  return [...cells.values()];
}

/** Delivery, transcode and storage minutes of the account in the period, from its contents' seeded days. */
function usage(store: Store, viewership: DailyViews, range: { from: number; to: number }): Row {
  let delivery = 0;
  let transcode = 0;
  let storage = 0;
  const playbackIds = [...store.assets.values(), ...store.streams.values()].map((content) => content.playbackId).filter((id): id is string => !!id);
  for (let day = Math.floor(range.from / DAY_MS) * DAY_MS; day < range.to; day += DAY_MS) {
    for (const id of playbackIds) delivery += viewership.day(id, day).playtimeMins;
    transcode += seeded(`transcode:${store.userId}:${day}`, 120);
    storage += store.assets.size * 60 * 24 * 0.1;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { UserID: store.userId, DeliveryUsageMins: round(delivery), TotalUsageMins: round(transcode), StorageUsageMins: round(storage) };
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** GET /data/views/query/creator and /data/usage/query. */
export function analyticsHandlers(store: Store, viewership: DailyViews): { creator: Handler; usage: Handler } {
  return {
    creator(_req, res, url) {
      const assetId = url.searchParams.get('assetId');
      const streamId = url.searchParams.get('streamId');
      if (!assetId === !streamId) return sendErrors(res, 400, 'exactly one of assetId or streamId must be provided');
      const playbackId = assetId ? store.assets.get(assetId)?.playbackId : store.streams.get(streamId ?? '')?.playbackId;
      if (!playbackId) return sendErrors(res, 404, 'not found');
      const range = period(url);
      if (typeof range === 'string') return sendErrors(res, 400, range);
      const by = url.searchParams.getAll('breakdownBy[]');
      const unknown = by.find((dimension) => !BREAKDOWNS[dimension]);
      if (unknown) return sendErrors(res, 400, `invalid breakdownBy: ${unknown}`);
      sendJson(res, 200, viewRows(viewership, playbackId, range, by, url.searchParams.get('timeStep') === 'day'));
    },
    usage(_req, res, url) {
      const userId = url.searchParams.get('userId');
      if (userId && userId !== store.userId) return sendErrors(res, 403, 'forbidden');
      const range = period(url);
      if (typeof range === 'string') return sendErrors(res, 400, range);
      sendJson(res, 200, usage(store, viewership, range));
    },
  };
}
