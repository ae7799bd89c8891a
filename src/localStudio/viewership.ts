import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BREAKDOWNS, period, viewRows, type DailyViews } from './analytics';
import { sendErrors, sendJson } from './http';
import type { Store } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Most rows one query answers; a longer range is refused, as an analytics backend bounds its scans. */
const MAX_ROWS = 366;
/** Days a total counts back from today. */
const TOTAL_DAYS = 90;

/** A number in [0, modulo) fixed by the text: the same seed gives the same numbers in every run. */
function seeded(text: string, modulo: number): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % modulo;
}

function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * Seeded viewer numbers, deterministic per playback id (and day), so tests can assert them; current
 * viewers of a live stream can be set.
 */
export class Viewership implements DailyViews {
  private readonly viewersNow = new Map<string, number>();

  constructor(private readonly store: Store) {}

  /** Sets what GET /data/views/now answers for a playback id (a live stream's audience). */
  setViewersNow(playbackId: string, viewCount: number): void {
    this.viewersNow.set(playbackId, viewCount);
  }

  /** Current viewers: the value set, else a seeded 1–20 while the stream is live, else 0. */
  viewersNowOf(playbackId: string): number {
    const set = this.viewersNow.get(playbackId);
    if (set !== undefined) return set;
    return this.store.streamByPlaybackId(playbackId)?.isActive ? 1 + seeded(`now:${playbackId}`, 20) : 0;
  }

  /** A stream, session or asset has this playback id: the analytics backend counts nothing for others. */
  private known(playbackId: string): boolean {
    return !!this.store.assetByPlaybackId(playbackId) || [...this.store.streams.values()].some((s) => s.playbackId === playbackId);
  }

  /** An uploaded asset has no views until the day after its upload: nobody watched it before it existed. */
  private notWatchedYet(playbackId: string, day: number): boolean {
    const asset = this.store.assetByPlaybackId(playbackId);
    return !!asset && this.store.uploadedFiles.has(asset.id) && dayStart(day) <= asset.createdAt;
  }

  /** Views started on the UTC day beginning at `day` (ms), and the minutes watched; none for unknown ids. */
  day(playbackId: string, day: number): { viewCount: number; playtimeMins: number } {
    if (!this.known(playbackId) || this.notWatchedYet(playbackId, day)) return { viewCount: 0, playtimeMins: 0 };
    const viewCount = seeded(`day:${playbackId}:${dayStart(day)}`, 40);
    // Each content has its own typical watch time: 0.5 to 4 minutes per view.
    const minutesPerView = 0.5 + seeded(`mins:${playbackId}`, 8) / 2;
    return { viewCount, playtimeMins: Math.round(viewCount * minutesPerView * 10) / 10 };
  }

  /** The last 90 days up to today, summed. */
  total(playbackId: string, now = Date.now()): { viewCount: number; playtimeMins: number } {
    let viewCount = 0;
    let playtimeMins = 0;
    for (let i = 0; i < TOTAL_DAYS; i++) {
      const day = this.day(playbackId, dayStart(now) - i * DAY_MS);
      viewCount += day.viewCount;
      playtimeMins += day.playtimeMins;
    }
    return { viewCount, playtimeMins: Math.round(playtimeMins * 10) / 10 };
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[]) => void;

/** GET /data/views/now, /data/views/query (timeStep=day) and /data/views/query/total/{playbackId}. */
export function viewershipHandlers(viewership: Viewership): { now: Handler; query: Handler; total: Handler } {
  return {
    now(_req, res, url) {
      const playbackId = url.searchParams.get('playbackId');
      if (!playbackId) return sendErrors(res, 400, 'the emulator answers per playback id only: add playbackId');
      sendJson(res, 200, [{ playbackId, viewCount: viewership.viewersNowOf(playbackId) }]);
    },

    query(_req, res, url) {
      const playbackId = url.searchParams.get('playbackId');
      if (!playbackId) return sendErrors(res, 400, 'the emulator answers per playback id only: add playbackId');
      const by = url.searchParams.getAll('breakdownBy[]');
      if (by.length || !url.searchParams.has('timeStep')) {
        // Breakdowns and quality of experience, per day or over the whole period (analytics.ts).
        const unknown = by.find((dimension) => !BREAKDOWNS[dimension]);
        if (unknown) return sendErrors(res, 400, `invalid breakdownBy: ${unknown}`);
        const range = period(url);
        if (typeof range === 'string') return sendErrors(res, 400, range);
        return sendJson(res, 200, viewRows(viewership, playbackId, range, by, url.searchParams.get('timeStep') === 'day'));
      }
      const timeStep = url.searchParams.get('timeStep') ?? 'day';
      if (timeStep !== 'day') return sendErrors(res, 400, `timeStep ${timeStep} is not supported by the emulator (day only)`);
      const to = time(url.searchParams.get('to')) ?? Date.now();
      const from = time(url.searchParams.get('from')) ?? to - 30 * DAY_MS;
      if (Number.isNaN(from) || Number.isNaN(to)) return sendErrors(res, 400, 'from and to must be Unix milliseconds or ISO dates');
      if ((to - from) / DAY_MS > MAX_ROWS) return sendErrors(res, 400, `at most ${MAX_ROWS} days per query`);
      const rows = [];
      for (let day = dayStart(from); day < to; day += DAY_MS) rows.push({ playbackId, ...viewership.day(playbackId, day), timestamp: day });
      // An id nobody ever watched has no rows at all, not rows of zeros.
      if (rows.every((row) => row.viewCount === 0)) rows.length = 0;
      sendJson(res, 200, rows);
    },

    total(_req, res, _url, [playbackId = '']) {
      sendJson(res, 200, { playbackId, ...viewership.total(playbackId) });
    },
  };
}

function time(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}
