import { NO_VIEWER_NUMBERS, messageOf, type StudioClient } from '../../api';
import type { ToWebview } from './playerMessages';
import * as l10n from '@vscode/l10n';

const DAY_MS = 86_400_000;
/** Days the chart covers, today included. */
export const CHART_DAYS = 30;
/** How often a live stream's current viewers are asked for while its player is open. */
const VIEWERS_EVERY_MS = 15_000;

/** A service without viewer numbers says just that (no call line: nothing failed); another failure says what failed. */
function viewsUnavailableText(error: unknown): string {
  const message = messageOf(error);
  return message === NO_VIEWER_NUMBERS ? message : l10n.t('views unavailable: {0}', message);
}

/**
 * The viewer numbers a player panel shows: views per day of the last 30 days once (the webview
 * lays them out, one bar a day), and for a live stream its current viewers, asked again every 15 s
 * until stopped. Each answer is handed to `post`.
 */
export class ViewerFeed {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly client: StudioClient,
    private readonly playbackId: string,
    private readonly post: (message: ToWebview) => void,
    now = Date.now(),
  ) {
    const from = (Math.floor(now / DAY_MS) - CHART_DAYS + 1) * DAY_MS;
    client.viewership.viewsPerDay(playbackId, { from, to: now }).then(
      (rows) => !this.stopped && post({ type: 'views', from, days: CHART_DAYS, rows: rows.map((r) => ({ day: r.timestamp, views: r.viewCount })) }),
      (error: unknown) => !this.stopped && post({ type: 'viewsUnavailable', text: viewsUnavailableText(error) }),
    );
  }

  /** Starts (or keeps) asking for current viewers: for live streams only. */
  watchViewers(): void {
    if (this.timer || this.stopped) return;
    const ask = () =>
      this.client.viewership.viewersNow(this.playbackId).then(
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
