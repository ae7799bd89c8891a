// The messages between the player panel (extension host) and its webview script. Shared by both
// sides; no vscode import, so the webview bundle can hold it.

/** What the webview loads: playback URLs only (a signed one carries a short-lived playback token). */
export interface PlayerLoad {
  kind: 'hls' | 'mp4';
  url: string;
  /** An MP4 of the same video to try when HLS fails. */
  fallbackMp4?: string;
  live: boolean;
  title: string;
  /** A stream or a recording of one: the page offers Mark In, Mark Out and Clip…. */
  clippable?: boolean;
}

/** Views started on a day (Unix ms of any time in that UTC day), as the service lists them. */
export interface ChartDay {
  day: number;
  views: number;
}

export type ToWebview =
  | { type: 'load'; source: PlayerLoad }
  /** Why nothing plays (yet): `waiting` when the panel retries by itself. */
  | { type: 'status'; text: string; waiting: boolean; canRetry: boolean }
  /** A fresh playback token for the signed source: put on every request from now on. */
  | { type: 'token'; jwt: string }
  | { type: 'viewers'; count: number }
  /** Views per day: `days` bars from the UTC day starting at `from` (ms); days without a row had none. */
  | { type: 'views'; from: number; days: number; rows: ChartDay[] }
  | { type: 'viewsUnavailable'; text: string };

export type PlayerState = 'loading' | 'playing' | 'paused' | 'waiting' | 'ended' | 'error';

export type FromWebview =
  | { type: 'ready' }
  | {
      type: 'state';
      state: PlayerState;
      currentTime: number;
      /** Seconds behind the live edge (live only). */
      latency?: number;
      /** The page's status line as shown ("Playing · 14 watching now"). */
      shown?: string;
    }
  | { type: 'failed'; detail: string; /** HTTP status of the failed request, when there was one. */ status?: number }
  | { type: 'chart'; bars: number }
  | { type: 'retry' }
  /**
   * Clip… pressed: where it plays now and the marks set, as Unix ms of the frame shown on a live
   * stream (the wall clock less the latency), as ms into the video of a recording.
   */
  | { type: 'clip'; at: number; in?: number; out?: number };

const STATES: readonly unknown[] = ['loading', 'playing', 'paused', 'waiting', 'ended', 'error'];

/** A finite number from 0 to `max`. */
function count(value: unknown, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && value >= 0 && value <= max;
}

/**
 * A message from the webview, checked field by field and rebuilt from the fields checked: the
 * webview runs a media library on content from the network, so what it posts is data to check,
 * never a command to follow. Undefined for anything else.
 */
export function parseFromWebview(message: unknown): FromWebview | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { type, state, currentTime, latency, detail, status, bars, shown, at, in: from, out: to } = message as Record<string, unknown>;
  if (type === 'ready' || type === 'retry') return { type };
  if (type === 'state' && STATES.includes(state) && count(currentTime) && (latency === undefined || count(latency)) && (shown === undefined || typeof shown === 'string')) {
    return { type, state: state as PlayerState, currentTime, ...(latency !== undefined ? { latency } : {}), ...(shown !== undefined ? { shown: shown.slice(0, 200) } : {}) };
  }
  if (type === 'failed' && typeof detail === 'string' && (status === undefined || (Number.isInteger(status) && count(status, 999)))) {
    return { type, detail: detail.slice(0, 300), ...(status !== undefined ? { status } : {}) };
  }
  if (type === 'chart' && Number.isInteger(bars) && count(bars, 366)) return { type, bars };
  if (type === 'clip' && count(at) && (from === undefined || count(from)) && (to === undefined || count(to))) {
    return { type, at, ...(from !== undefined ? { in: from } : {}), ...(to !== undefined ? { out: to } : {}) };
  }
  return undefined;
}
