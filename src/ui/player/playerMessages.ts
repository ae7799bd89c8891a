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
}

/** One bar of the views chart: a UTC day (Unix ms) and the views started on it. */
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
  | { type: 'views'; days: ChartDay[] }
  | { type: 'viewsUnavailable'; text: string };

export type PlayerState = 'loading' | 'playing' | 'paused' | 'waiting' | 'ended' | 'error';

export type FromWebview =
  | { type: 'ready' }
  | { type: 'state'; state: PlayerState; currentTime: number; /** Seconds behind the live edge (live only). */ latency?: number }
  | { type: 'failed'; detail: string; /** HTTP status of the failed request, when there was one. */ status?: number }
  | { type: 'chart'; bars: number }
  | { type: 'retry' };

const STATES: readonly string[] = ['loading', 'playing', 'paused', 'waiting', 'ended', 'error'];
const MAX_DETAIL = 300;

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * A message from the webview, checked field by field: the webview runs a media library on content
 * from the network, so what it posts is data to check, never a command to follow. Undefined for
 * anything else.
 */
export function parseFromWebview(message: unknown): FromWebview | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'retry':
      return { type: m.type };
    case 'state':
      if (typeof m.state !== 'string' || !STATES.includes(m.state) || !finite(m.currentTime) || m.currentTime < 0) return undefined;
      if (m.latency !== undefined && (!finite(m.latency) || m.latency < 0)) return undefined;
      return { type: 'state', state: m.state as PlayerState, currentTime: m.currentTime, ...(m.latency !== undefined ? { latency: m.latency as number } : {}) };
    case 'failed':
      if (typeof m.detail !== 'string' || (m.status !== undefined && (!Number.isInteger(m.status) || (m.status as number) < 0))) return undefined;
      return { type: 'failed', detail: m.detail.slice(0, MAX_DETAIL), ...(m.status !== undefined ? { status: m.status as number } : {}) };
    case 'chart':
      return Number.isInteger(m.bars) && (m.bars as number) >= 0 && (m.bars as number) <= 366 ? { type: 'chart', bars: m.bars as number } : undefined;
    default:
      return undefined;
  }
}
