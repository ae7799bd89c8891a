import { messageOf, type StudioClient } from '../../api';
import type { ChartDay, ToWebview } from './playerMessages';

const DAY_MS = 86_400_000;
/** Days the chart covers, today included. */
export const CHART_DAYS = 30;
/** How often a live stream's current viewers are asked for while its player is open. */
const VIEWERS_EVERY_MS = 15_000;

/** The last CHART_DAYS UTC days, oldest first, with the views of each (0 for days the service did not list). */
export async function viewsPerDay(client: StudioClient, playbackId: string, now = Date.now()): Promise<ChartDay[]> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = today - (CHART_DAYS - 1) * DAY_MS;
  const rows = await client.getViewsPerDay(playbackId, { from, to: now });
  const byDay = new Map<number, number>();
  for (const row of rows) {
    const day = Math.floor(row.timestamp / DAY_MS) * DAY_MS;
    byDay.set(day, (byDay.get(day) ?? 0) + row.viewCount);
  }
  return Array.from({ length: CHART_DAYS }, (_, i) => ({ day: from + i * DAY_MS, views: byDay.get(from + i * DAY_MS) ?? 0 }));
}

/**
 * The viewer numbers a player panel shows: views per day once, and for a live stream its current
 * viewers, asked again every 15 s until stopped. Each answer is handed to `post`.
 */
export class ViewerFeed {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly client: StudioClient,
    private readonly playbackId: string,
    private readonly post: (message: ToWebview) => void,
  ) {
    viewsPerDay(client, playbackId).then(
      (days) => !this.stopped && post({ type: 'views', days }),
      (error: unknown) => !this.stopped && post({ type: 'viewsUnavailable', text: `views unavailable: ${messageOf(error)}` }),
    );
  }

  /** Starts (or keeps) asking for current viewers: for live streams only. */
  watchViewers(): void {
    if (this.timer || this.stopped) return;
    const ask = () =>
      this.client.getViewersNow(this.playbackId).then(
        (count) => !this.stopped && this.post({ type: 'viewers', count }),
        () => undefined, // A missed count shows the previous one; the next try comes soon.
      );
    void ask();
    this.timer = setInterval(() => void ask(), VIEWERS_EVERY_MS);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
