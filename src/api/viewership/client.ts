import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { resourcePath } from '../core/resourcePath';

/** Views started in one time step (a day here), and the minutes they watched. */
export interface ViewsRow {
  /** Unix milliseconds of the step's start. */
  timestamp: number;
  viewCount: number;
  playtimeMins: number;
}

export interface TotalViews {
  viewCount: number;
  playtimeMins: number;
}

/** The breakdowns the panel offers (the service has more: continent, subdivision, …). */
export const BREAKDOWNS = ['country', 'deviceType', 'browser', 'os'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** Quality of experience, as the analytics backend reports it (absent where it has no figure). */
export interface Quality {
  /** Time to first frame, milliseconds. */
  ttffMs?: number;
  /** Share of watch time spent rebuffering (0–1). */
  rebufferRatio?: number;
  /** Share of views that hit a playback error (0–1). */
  errorRate?: number;
  /** Share of views left before the first frame (0–1). */
  exitsBeforeStart?: number;
}

/** Views over a period in one group of a breakdown (`group` empty without one). */
export interface BreakdownRow extends Quality {
  group: string;
  viewCount: number;
  playtimeMins: number;
}

/** Whose views: a playback id, or (per creator) an asset or a stream. */
export type ViewsOf = { playbackId: string } | { assetId: string } | { streamId: string };

const QUALITY_FIELDS = ['ttffMs', 'rebufferRatio', 'errorRate', 'exitsBeforeStart'] as const;

/** What a service without viewership data (no analytics backend) gives instead of numbers. */
export const NO_VIEWER_NUMBERS = 'viewer numbers are not available from this service';

/**
 * Viewer numbers of a playback id. Remembers that a service has no viewership data: its API server
 * alone answers 404 `not found` to every /data/views route (they are served by a separate analytics
 * backend). From then on this client asks no more (until it is made again: the next reload), and
 * says so in words.
 */
export class ViewershipApi extends ResourceApi {
  private missing = false;

  /** Current viewers of a live stream's playback id (the sum over rows, should the service break them down). */
  viewersNow(playbackId: string, signal?: AbortSignal): Promise<number> {
    return this.ask(async () => {
      if (!playbackId) throw StudioApiError.config(l10n.t('playback id is empty'));
      const path = '/data/views/now';
      const { data } = await this.http.call<unknown>('GET', path, { query: { playbackId }, signal });
      return rows(data, path).reduce((sum, row) => sum + count(row.viewCount, 'viewCount', path), 0);
    });
  }

  /** Views and minutes watched per UTC day in [from, to) (Unix milliseconds), oldest first. */
  viewsPerDay(playbackId: string, range: { from: number; to: number }, signal?: AbortSignal): Promise<ViewsRow[]> {
    return this.ask(async () => {
      if (!playbackId) throw StudioApiError.config(l10n.t('playback id is empty'));
      if (!(range.from < range.to)) throw StudioApiError.config(l10n.t('the time range is empty: from must be before to'));
      const path = '/data/views/query';
      const query = { playbackId, from: String(range.from), to: String(range.to), timeStep: 'day' };
      const { data } = await this.http.call<unknown>('GET', path, { query, signal });
      return rows(data, path)
        .map((row) => ({
          timestamp: timestamp(row.timestamp, path),
          viewCount: count(row.viewCount, 'viewCount', path),
          playtimeMins: count(row.playtimeMins ?? 0, 'playtimeMins', path),
        }))
        .sort((a, b) => a.timestamp - b.timestamp);
    });
  }

  /**
   * Views, minutes watched and quality of experience over [from, to), one row per group of `by`
   * (one row without), most viewed first. An asset or a stream is asked through the per-creator route.
   */
  viewsOver(of: ViewsOf, range: { from: number; to: number }, by?: Breakdown, signal?: AbortSignal): Promise<BreakdownRow[]> {
    return this.ask(async () => {
      if (!(range.from < range.to)) throw StudioApiError.config(l10n.t('the time range is empty: from must be before to'));
      const path = 'playbackId' in of ? '/data/views/query' : '/data/views/query/creator';
      const query = { ...of, from: String(range.from), to: String(range.to), 'breakdownBy[]': by };
      const { data } = await this.http.call<unknown>('GET', path, { query, signal });
      return rows(data, path)
        .map((row): BreakdownRow => {
          const quality = Object.fromEntries(QUALITY_FIELDS.filter((field) => row[field] !== undefined && row[field] !== null).map((field) => [field, count(row[field], field, path)]));
          const group = by ? row[by] : '';
          return { group: typeof group === 'string' ? group : group === undefined || group === null ? '' : JSON.stringify(group), viewCount: count(row.viewCount, 'viewCount', path), playtimeMins: count(row.playtimeMins ?? 0, 'playtimeMins', path), ...quality };
        })
        .sort((a, b) => b.viewCount - a.viewCount);
    });
  }

  /** All-time views and minutes watched of a playback id (the service needs no token for this one). */
  totalViews(playbackId: string, signal?: AbortSignal): Promise<TotalViews> {
    return this.ask(async () => {
      const path = resourcePath('/data/views/query/total', playbackId);
      const { data } = await this.http.call<unknown>('GET', path, { signal });
      const row = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      return { viewCount: count(row.viewCount, 'viewCount', path), playtimeMins: count(row.playtimeMins, 'playtimeMins', path) };
    });
  }

  private async ask<T>(call: () => Promise<T>): Promise<T> {
    if (this.missing) throw new StudioApiError('not-found', NO_VIEWER_NUMBERS);
    try {
      return await call();
    } catch (error) {
      // An analytics backend answers an unknown playback id with zeros or its own words, never the API server's bare `not found`.
      if (!(error instanceof StudioApiError && error.status === 404 && error.messages.some((message) => message.trim().toLowerCase() === 'not found'))) throw error;
      this.missing = true;
      throw new StudioApiError('not-found', NO_VIEWER_NUMBERS, {}, { cause: error });
    }
  }
}

/**
 * The analytics backend behind /data/views is not the API server, so its answers are checked field
 * by field rather than trusted: a count that is not a number would otherwise show as "NaN viewers".
 */
function count(value: unknown, field: string, path: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw new StudioApiError('server', l10n.t('the viewership service answered without a valid {0}: try again later', field), { method: 'GET', path });
}

function rows(data: unknown, path: string): Array<Record<string, unknown>> {
  if (Array.isArray(data) && data.every((row) => row && typeof row === 'object')) return data as Array<Record<string, unknown>>;
  throw new StudioApiError('server', l10n.t('the viewership service answered with something else than a list: try again later'), { method: 'GET', path });
}

/** Unix milliseconds from a number or an ISO date text; the documents show both. */
function timestamp(value: unknown, path: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : value;
  if (typeof ms === 'number' && Number.isFinite(ms)) return ms;
  throw new StudioApiError('server', l10n.t('the viewership service answered a row without a valid timestamp: try again later'), { method: 'GET', path });
}
