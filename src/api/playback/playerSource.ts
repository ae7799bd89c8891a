import type { PlaybackInfo, PlaybackSource } from './types';

/** What a player loads for a playback id, from the service's GET /playback answer. */
export interface PlayerSource {
  kind: 'hls' | 'mp4';
  url: string;
  /** A live stream (its playlist grows; offline until `meta.live` is 1). */
  live: boolean;
  /** Needs a playback token on the URL (`playbackPolicy.type` "jwt"). */
  signed: boolean;
  /** Needs an access key on the URL that the content's access-control webhook allows (`playbackPolicy.type` "webhook"). */
  keyed: boolean;
  /** An MP4 of the same video to fall back on when HLS cannot play, where the service offers one. */
  fallbackMp4?: string;
}

/** Only an http(s) address is something to play: a `javascript:` or `data:` one in an answer is never handed to the webview. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function isHls(source: PlaybackSource): boolean {
  return source.hrn === 'HLS (TS)' || /mpegurl/i.test(source.type);
}

/** The largest MP4 rendition: the service lists MP4s (of short assets only) from small to large. */
function largestMp4(sources: PlaybackSource[]): PlaybackSource | undefined {
  const mp4s = sources.filter((s) => s.hrn === 'MP4' || /video\/mp4$/i.test(s.type));
  return mp4s.reduce<PlaybackSource | undefined>((best, s) => (!best || (s.width ?? 0) > (best.width ?? 0) ? s : best), undefined);
}

/** The HLS address of a playback answer (every asset, recording and stream has one): the one rule of which source that is. */
export function hlsSource(info: PlaybackInfo): PlaybackSource | undefined {
  return (info.meta?.source ?? []).find((source) => typeof source.url === 'string' && isWebAddress(source.url) && isHls(source));
}

/**
 * HLS first (every asset, recording and stream has it); an MP4, offered for short assets, is the
 * source only when no HLS is listed, else the fallback. WebRTC and thumbnails are not for a player
 * here, nor any address that is not http(s). Undefined when nothing playable is listed.
 */
export function choosePlayerSource(info: PlaybackInfo): PlayerSource | undefined {
  const sources = (info.meta?.source ?? []).filter((source) => typeof source.url === 'string' && isWebAddress(source.url));
  const hls = hlsSource(info);
  const mp4 = info.type === 'live' ? undefined : largestMp4(sources);
  const chosen = hls ?? mp4;
  if (!chosen) return undefined;
  return {
    kind: chosen === hls ? 'hls' : 'mp4',
    url: chosen.url,
    live: info.type === 'live',
    signed: info.meta.playbackPolicy?.type === 'jwt',
    keyed: info.meta.playbackPolicy?.type === 'webhook',
    ...(hls && mp4 ? { fallbackMp4: mp4.url } : {}),
  };
}

/**
 * The playback URL with `jwt=<token>` (or `accessKey=<key>` for webhook-gated content) in its query,
 * replacing one already there, as the edge reads it.
 */
export function withPlaybackJwt(url: string, jwt: string, name: 'jwt' | 'accessKey' = 'jwt'): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, jwt);
  return parsed.href;
}
