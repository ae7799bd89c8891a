import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyPlaybackToken } from '../api/playback/token';
import type { Gate, GateRequest } from './accessControl';
import { cutFixture, livePlaylist, loadHlsFixture, masterPlaylist, RENDITION, vodPlaylist, type GatingQuery, type HlsFixture } from './hlsFixture';
import type { EmulatorStream } from './records';
import type { Store } from './store';

export interface PlaybackOriginOptions {
  store: Store;
  /** The access gate the edge asks, with its key cache (the same one as the API's gate endpoint). */
  gate: Gate;
  /** Wall-clock length of one live segment; the fixture's own length (2 s) unless a test wants speed. */
  liveSegmentMs?: number;
}

/** Segments a live playlist lists at most: a sliding window, as the real edge keeps. */
export const LIVE_WINDOW = 4;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Livepeer-Jwt, Livepeer-Access-Key, Range',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range',
};
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** What an address on the playback origin plays, and who decides whether it may. */
interface Content {
  /** The id a playback token's `sub` must name. */
  playbackId: string;
  /** The id the gate is asked about: a recording is gated as its stream is. */
  gateId: string;
  signed: boolean;
  /** Played only with an access key that the content's access-control webhook allows. */
  keyed: boolean;
  /** Some origins only: the gate is asked about every request. */
  originBound: boolean;
  live?: EmulatorStream;
  mp4Name: string;
  /** A clip's part of its session, or a recording's whole session (ms from its start): the playlist and segments are cut to it. */
  cut?: [number, number];
}

/**
 * The playback CDN: HLS (master → one rendition → MPEG-TS segments) and MP4 of the committed
 * fixture for ready assets (`/hls/<playbackId>/…`) and recordings (`/recordings/<sessionId>/…`),
 * and a growing live playlist for active streams (`/hls/<playbackId>/…`). An offline stream's
 * playlists answer 404, so a player can tell "not on air yet" and retry. Signed content needs a
 * playback token (`?jwt=` or a `Livepeer-Jwt` header) on every request, checked as the edge does:
 * signature against its `pub`, expiry, `sub`, then the API's own gate. Returns false for addresses
 * it does not serve (thumbnails, uploads).
 */
export function playbackOrigin(options: PlaybackOriginOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const { store } = options;
  const liveSince = new Map<string, number>();

  function find(area: string, id: string): Content | undefined {
    if (area === 'recordings') {
      const session = store.streams.get(id);
      const parent = store.streams.get(session?.parentId ?? '');
      if (!session || session.recordingStatus !== 'ready' || !parent) return undefined;
      // As long as the session broadcast (the fixture over and over), so a player can seek and mark in it.
      const cut: [number, number] = [0, Math.max(1, session.sourceSegmentsDuration ?? 0) * 1000];
      return { playbackId: session.playbackId ?? '', gateId: parent.playbackId ?? '', ...gatedBy(parent.playbackPolicy), mp4Name: 'source.mp4', cut };
    }
    const stream = store.streamByPlaybackId(id);
    if (stream) return { playbackId: id, gateId: id, ...gatedBy(stream.playbackPolicy), live: stream, mp4Name: '' };
    const asset = store.assetByPlaybackId(id);
    if (asset?.status.phase !== 'ready') return undefined;
    return { playbackId: id, gateId: id, ...gatedBy(asset.playbackPolicy), mp4Name: 'static720p0.mp4', cut: asset.clipWindow };
  }

  /** The first and last segment numbers of a live stream's window; undefined while it is offline. */
  function liveWindow(stream: EmulatorStream): { first: number; last: number } | undefined {
    if (!stream.isActive || stream.suspended) {
      liveSince.delete(stream.id);
      return undefined;
    }
    const since = liveSince.get(stream.id) ?? Date.now();
    liveSince.set(stream.id, since);
    const last = Math.floor((Date.now() - since) / (options.liveSegmentMs ?? 2000));
    return { first: Math.max(0, last - LIVE_WINDOW + 1), last };
  }

  /**
   * The reason gated content is refused, or undefined when the request may play it: a signed token
   * checked as the edge checks it, or an access key, then the API's own gate (which also checks the
   * viewer's origin against the allowed origins).
   */
  async function refusal(req: IncomingMessage, content: Content, gating: Gating): Promise<{ status: 401 | 403 | 502; reason: string } | undefined> {
    const webhookPayload = { headers: viewerHeaders(req) };
    const stream = `video+${content.gateId}`;
    let asked: GateRequest;
    if (content.keyed) {
      if (!gating.accessKey) return { status: 401, reason: 'access key required: add ?accessKey=<key> or a Livepeer-Access-Key header' };
      asked = { stream, type: 'accessKey', accessKey: gating.accessKey, webhookPayload };
    } else if (content.signed) {
      if (!gating.jwt) return { status: 401, reason: 'playback token required: add ?jwt=<token> or a Livepeer-Jwt header' };
      const check = verifyPlaybackToken(gating.jwt, { playbackId: content.playbackId });
      if (!check.ok) return { status: 401, reason: `playback token refused: ${check.reason}` };
      asked = { stream, type: 'jwt', pub: check.claims.pub, webhookPayload };
    } else if (content.originBound) {
      asked = { stream, type: 'jwt', webhookPayload };
    } else {
      return undefined;
    }
    const gate = await options.gate.check(asked);
    return gate.status === 200 ? undefined : { status: gate.status === 502 ? 502 : 403, reason: `refused by the access gate: ${gate.message}` };
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://playback');
    const match = /^\/(hls|recordings)\/([^/]+)\/(.+)$/.exec(url.pathname);
    const method = req.method ?? 'GET';
    if (!match || !isServed(match[3] ?? '') || !['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
    req.resume();
    if (method === 'OPTIONS') return answer(res, 204, '', 'text/plain');
    const [, area = '', id = '', file = ''] = match;
    const content = find(area, decodeURIComponent(id));
    if (!content) return answer(res, 404, 'not found\n', 'text/plain; charset=utf-8');
    const gating = gatingOf(req, url);
    const refused = await refusal(req, content, gating);
    if (refused) return answer(res, refused.status, `${refused.reason}\n`, 'text/plain; charset=utf-8');
    const whole = await loadHlsFixture();
    const fixture = content.cut ? cutFixture(whole, content.cut) : whole;
    const passOn = content.keyed ? query('accessKey', gating.accessKey) : content.signed ? query('jwt', gating.jwt) : undefined;
    if (content.live) return serveLive(req, res, fixture, file, liveWindow(content.live), passOn);
    if (file === 'index.m3u8') return answer(res, 200, masterPlaylist(fixture, passOn), PLAYLIST_TYPE);
    if (file === `${RENDITION}/index.m3u8`) return answer(res, 200, vodPlaylist(fixture, passOn), PLAYLIST_TYPE);
    if (file === content.mp4Name) return sendBytes(req, res, fixture.mp4, 'video/mp4');
    const segment = fixture.segments[segmentNumber(file) ?? -1];
    if (segment) return sendBytes(req, res, segment.bytes, 'video/mp2t');
    return answer(res, 404, 'not found\n', 'text/plain; charset=utf-8');
  };
}

interface Gating {
  jwt?: string;
  accessKey?: string;
}

/** The viewer's credentials: `?jwt=` / `?accessKey=` or the `Livepeer-Jwt` / `Livepeer-Access-Key` headers, as the real edge reads them. */
function gatingOf(req: IncomingMessage, url: URL): Gating {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  return { jwt: url.searchParams.get('jwt') ?? header('livepeer-jwt'), accessKey: url.searchParams.get('accessKey') ?? header('livepeer-access-key') };
}

/** The viewer's headers the edge hands the gate (and so a webhook), under their usual names. */
function viewerHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, key] of [['Origin', 'origin'], ['Referer', 'referer'], ['User-Agent', 'user-agent']] as const) {
    const value = req.headers[key];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function query(name: string, value: string | undefined): GatingQuery {
  return value ? `${name}=${encodeURIComponent(value)}` : undefined;
}

/** How a policy gates playback. */
function gatedBy(policy: { type?: string; allowedOrigins?: string[] } | null | undefined): Pick<Content, 'signed' | 'keyed' | 'originBound'> {
  const origins = policy?.allowedOrigins ?? [];
  return { signed: policy?.type === 'jwt', keyed: policy?.type === 'webhook', originBound: origins.length > 0 && !origins.includes('*') };
}

function serveLive(req: IncomingMessage, res: ServerResponse, fixture: HlsFixture, file: string, window: { first: number; last: number } | undefined, jwt: GatingQuery): boolean {
  if (!window) return answer(res, 404, 'stream is offline\n', 'text/plain; charset=utf-8');
  const noCache = { 'Cache-Control': 'no-cache' };
  if (file === 'index.m3u8') return answer(res, 200, masterPlaylist(fixture, jwt), PLAYLIST_TYPE, noCache);
  if (file === `${RENDITION}/index.m3u8`) return answer(res, 200, livePlaylist(fixture, window.first, window.last, jwt), PLAYLIST_TYPE, noCache);
  const n = segmentNumber(file);
  // Segments that slid out of the window stay fetchable a while, as on a CDN; future ones do not exist yet.
  if (n === undefined || n > window.last || n < window.first - LIVE_WINDOW) return answer(res, 404, 'not found\n', 'text/plain; charset=utf-8');
  return sendBytes(req, res, fixture.segments[n % fixture.segments.length]?.bytes ?? Buffer.alloc(0), 'video/mp2t');
}

/** The addresses this origin owns under /hls and /recordings (thumbnails and the rest are not its). */
function isServed(file: string): boolean {
  return file === 'index.m3u8' || file.startsWith(`${RENDITION}/`) || file.endsWith('.mp4');
}

function segmentNumber(file: string): number | undefined {
  const n = new RegExp(`^${RENDITION}/(\\d+)\\.ts$`).exec(file)?.[1];
  return n === undefined ? undefined : Number(n);
}

function answer(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { ...CORS, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
  return true;
}

/** The bytes, or the one range asked for (a <video> element seeks an MP4 with ranges). */
function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, contentType: string): true {
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  const headers = { ...CORS, 'Content-Type': contentType, 'Accept-Ranges': 'bytes' };
  if (!range || (range[1] === '' && range[2] === '')) {
    res.writeHead(200, { ...headers, 'Content-Length': String(bytes.length) });
    res.end(bytes);
    return true;
  }
  const size = bytes.length;
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  if (start > end || start >= size) {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}` });
    res.end();
    return true;
  }
  res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) });
  res.end(bytes.subarray(start, end + 1));
  return true;
}
