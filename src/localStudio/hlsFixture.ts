import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The committed video (see fixtures/README.md), read once: beside dist/localStudio.js in
 * dist/localStudio-media (esbuild.mjs copies it there), or from the source tree when compiled by tsc
 * (out/src/localStudio), which copies no assets.
 */
const BESIDE_BUNDLE = join(__dirname, 'localStudio-media');
export const FIXTURES_DIR = existsSync(BESIDE_BUNDLE) ? BESIDE_BUNDLE : resolve(__dirname, '..', '..', '..', 'src', 'localStudio', 'fixtures');

export interface HlsFixture {
  segments: Array<{ bytes: Buffer; seconds: number }>;
  mp4: Buffer;
  /** Peak bits per second over the segments, for the master playlist's BANDWIDTH. */
  bandwidth: number;
}

/** The rendition every master playlist names: one, as the fixture has one size. */
export const RENDITION = '360p0';
const CODECS = 'avc1.42c01e,mp4a.40.2';
const RESOLUTION = '320x180';

let loading: Promise<HlsFixture> | undefined;

export function loadHlsFixture(): Promise<HlsFixture> {
  loading ??= (async () => {
    const dir = join(FIXTURES_DIR, 'hls');
    const playlist = await readFile(join(dir, 'index.m3u8'), 'utf8');
    const entries = [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)].map((m) => ({ seconds: Number(m[1]), file: m[2] ?? '' }));
    const segments = await Promise.all(entries.map(async ({ seconds, file }) => ({ seconds, bytes: await readFile(join(dir, file)) })));
    if (!segments.length) throw new Error(`no segments in ${join(dir, 'index.m3u8')}`);
    const bandwidth = Math.max(...segments.map((s) => Math.ceil((s.bytes.length * 8) / s.seconds)));
    return { segments, mp4: await readFile(join(FIXTURES_DIR, 'clip.mp4')), bandwidth };
  })();
  return loading;
}

/**
 * A clip's media: the segments of the loop a session broadcasts (the fixture over and over) that
 * overlap `fromMs`..`toMs` from the session's start, as a fixture of its own.
 */
export function cutFixture(fixture: HlsFixture, [fromMs, toMs]: [number, number]): HlsFixture {
  const segments: HlsFixture['segments'] = [];
  for (let k = 0, at = 0; at < toMs; k++) {
    const segment = fixture.segments[k % fixture.segments.length] ?? { bytes: Buffer.alloc(0), seconds: 1 };
    const end = at + segment.seconds * 1000;
    if (end > fromMs) segments.push(segment);
    at = end;
  }
  return { ...fixture, segments };
}

/** What gated content's playlists carry on every address, as the real edge does: `jwt=…` or `accessKey=…` (encoded). */
export type GatingQuery = string | undefined;

function suffix(gating: GatingQuery): string {
  return gating ? `?${gating}` : '';
}

export function masterPlaylist(fixture: HlsFixture, jwt?: GatingQuery): string {
  return ['#EXTM3U', `#EXT-X-STREAM-INF:BANDWIDTH=${fixture.bandwidth},RESOLUTION=${RESOLUTION},CODECS="${CODECS}"`, `${RENDITION}/index.m3u8${suffix(jwt)}`, ''].join('\n');
}

function header(fixture: HlsFixture): string[] {
  const target = Math.ceil(Math.max(...fixture.segments.map((s) => s.seconds)));
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`];
}

/** The whole fixture, once, ended. */
export function vodPlaylist(fixture: HlsFixture, jwt?: GatingQuery): string {
  const lines = [...header(fixture), '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0'];
  fixture.segments.forEach((s, i) => lines.push(`#EXTINF:${s.seconds.toFixed(3)},`, `${i}.ts${suffix(jwt)}`));
  return [...lines, '#EXT-X-ENDLIST', ''].join('\n');
}

/**
 * A live window: segments `first`..`last` of an endless loop over the fixture, no ENDLIST. Each
 * wrap back to the fixture's start restarts its timestamps, so it is marked a discontinuity, and
 * the discontinuity sequence counts the wraps that slid out of the window.
 */
export function livePlaylist(fixture: HlsFixture, first: number, last: number, jwt?: GatingQuery): string {
  const count = fixture.segments.length;
  const lines = [...header(fixture), `#EXT-X-MEDIA-SEQUENCE:${first}`, `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`];
  for (let n = first; n <= last; n++) {
    if (n > first && n % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${fixture.segments[n % count]?.seconds.toFixed(3)},`, `${n}.ts${suffix(jwt)}`);
  }
  return [...lines, ''].join('\n');
}
