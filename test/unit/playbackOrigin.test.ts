import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { StudioClient, choosePlayerSource, withPlaybackJwt, type PlaybackInfo } from '../../src/api';
import { signPlaybackToken } from '../../src/api/playback/token';
import { startEmulator, type Emulator, type EmulatorStream } from '../emulator';
import { FIXTURES_DIR } from '../../src/localStudio/hlsFixture';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';
const SEGMENTS = [0, 1].map((i) => readFileSync(join(FIXTURES_DIR, 'hls', `seg${i}.mpegts`)));
const MP4 = readFileSync(join(FIXTURES_DIR, 'clip.mp4'));

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer; text: string };

async function get(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await request(url, { headers });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

/** The addresses (non-tag lines) of a playlist, resolved against it. */
function uris(playlistUrl: string, text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => new URL(line, playlistUrl).href);
}

function mediaSequence(text: string): number {
  return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
}

describe('emulator playback origin', () => {
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator({ liveSegmentMs: 100, lastSeenDelayMs: 0 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });
  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  /** The playlist a player would load first, chosen from GET /playback as the extension will. */
  async function hlsUrl(playbackId: string): Promise<string> {
    const source = choosePlayerSource(await client.playback.get(playbackId));
    assert.ok(source?.kind === 'hls');
    return source.url;
  }

  it('serves a ready asset as HLS (master → rendition → the fixture segments) and MP4, with CORS and content types', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    const source = choosePlayerSource(await client.playback.get(asset.playbackId));
    assert.ok(source);
    assert.deepEqual(source, {
      kind: 'hls',
      url: `${emu.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`,
      live: false,
      signed: false,
      keyed: false,
      fallbackMp4: `${emu.ingestOrigin}/hls/${asset.playbackId}/static720p0.mp4`,
    });
    const master = await get(source.url);
    assert.equal(master.status, 200);
    assert.equal(master.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.equal(master.headers['access-control-allow-origin'], '*');
    assert.match(master.text, /CODECS="avc1\.42c01e,mp4a\.40\.2"/);
    const [renditionUrl = ''] = uris(source.url, master.text);
    const media = await get(renditionUrl);
    assert.match(media.text, /#EXT-X-ENDLIST/);
    const segmentUrls = uris(renditionUrl, media.text);
    assert.equal(segmentUrls.length, 2);
    for (const [i, url] of segmentUrls.entries()) {
      const segment = await get(url);
      assert.equal(segment.headers['content-type'], 'video/mp2t');
      assert.equal(segment.headers['access-control-allow-origin'], '*');
      assert.ok(segment.bytes.equals(SEGMENTS[i] ?? Buffer.alloc(0)), `segment ${i} is the fixture's`);
    }
    const mp4 = await get(source.fallbackMp4 ?? '');
    assert.equal(mp4.headers['content-type'], 'video/mp4');
    assert.ok(mp4.bytes.equals(MP4));
    const range = await get(source.fallbackMp4 ?? '', { range: 'bytes=10-19' });
    assert.equal(range.status, 206);
    assert.ok(range.bytes.equals(MP4.subarray(10, 20)));
    const preflight = await request(source.url, { method: 'OPTIONS' });
    await preflight.body.dump();
    assert.equal(preflight.statusCode, 204);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Livepeer-Jwt/);
  });

  it('serves nothing for an asset still processing (GET /playback answers 422 as the service does)', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'processing', updatedAt: 1, progress: 0.5 } });
    const error = await failure(client.playback.get(asset.playbackId));
    assert.equal(error.status, 422);
    assert.deepEqual(error.messages, ['asset is not ready for playback']);
    assert.equal((await get(`${emu.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`)).status, 404);
    assert.equal((await failure(client.playback.get('nosuchplaybackid'))).status, 404);
  });

  it("serves a session's recording at the recordingUrl GET /playback names", async () => {
    const parent = emu.store.addStream({ record: true });
    // 4 s broadcast: the recording is the fixture's two segments once.
    const session = emu.store.startSession(parent, { sourceSegmentsDuration: 4 });
    emu.store.endLiveSession(parent);
    await waitFor(() => session.recordingStatus === 'ready');
    const info = await client.playback.get(session.playbackId ?? '');
    assert.equal(info.type, 'recording');
    const source = choosePlayerSource(info);
    assert.ok(source);
    assert.equal(source.url, `${emu.ingestOrigin}/recordings/${session.id}/index.m3u8`);
    assert.equal(source.fallbackMp4, `${emu.ingestOrigin}/recordings/${session.id}/source.mp4`);
    const renditionUrl = uris(source.url, (await get(source.url)).text)[0] ?? '';
    const segment = await get(uris(renditionUrl, (await get(renditionUrl)).text)[1] ?? '');
    assert.ok(segment.bytes.equals(SEGMENTS[1] ?? Buffer.alloc(0)));
    assert.ok((await get(source.fallbackMp4 ?? '')).bytes.equals(MP4));
  });

  describe('live streams', () => {
    let stream: EmulatorStream;
    let rendition: string;
    beforeEach(() => {
      stream = emu.store.addStream({});
      rendition = `${emu.ingestOrigin}/hls/${stream.playbackId}/360p0/index.m3u8`;
    });

    it('answers 404 while the stream is offline, then a live playlist (no ENDLIST) once it is on air', async () => {
      const master = await hlsUrl(stream.playbackId ?? '');
      const offline = await get(master);
      assert.equal(offline.status, 404);
      assert.equal(offline.headers['access-control-allow-origin'], '*', 'a player must be able to read the 404 to wait');
      assert.equal((await get(rendition)).status, 404);
      emu.store.startSession(stream);
      assert.equal((await get(master)).status, 200);
      const live = await get(rendition);
      assert.equal(live.status, 200);
      assert.doesNotMatch(live.text, /ENDLIST|PLAYLIST-TYPE/);
      const first = uris(rendition, live.text)[0] ?? '';
      assert.ok((await get(first)).bytes.equals(SEGMENTS[0] ?? Buffer.alloc(0)));
      emu.store.endLiveSession(stream);
      assert.equal((await get(rendition)).status, 404);
    });

    it('grows while live: the media sequence advances, the window slides over the fixture in a loop with discontinuities', async () => {
      emu.store.startSession(stream);
      const start = mediaSequence((await get(rendition)).text);
      let latest = '';
      // Poll as a player does (100 ms segments here), until the window has slid three times.
      for (const until = Date.now() + 10_000; mediaSequence(latest || '#EXT-X-MEDIA-SEQUENCE:0') < start + 3; ) {
        assert.ok(Date.now() < until, `the live playlist stopped growing:\n${latest}`);
        await new Promise((r) => setTimeout(r, 50));
        latest = (await get(rendition)).text;
      }
      assert.equal(uris(rendition, latest).length, 4, 'a sliding window of 4 segments');
      assert.match(latest, /#EXT-X-DISCONTINUITY\n/);
      assert.match(latest, /#EXT-X-DISCONTINUITY-SEQUENCE:\d+/);
      const sequence = mediaSequence(latest);
      const segment = await get(`${emu.ingestOrigin}/hls/${stream.playbackId}/360p0/${sequence + 1}.ts`);
      assert.ok(segment.bytes.equals(SEGMENTS[(sequence + 1) % 2] ?? Buffer.alloc(0)), 'segment n is fixture segment n mod 2');
      assert.equal((await get(`${emu.ingestOrigin}/hls/${stream.playbackId}/360p0/${sequence + 100}.ts`)).status, 404, 'no segment from the future');
    });
  });

  describe('signed playback', () => {
    let key: { publicKey: string; privateKey: string; id: string };
    let playbackId: string;
    let master: string;
    const sign = (options: { playbackId?: string; expiresInSeconds?: number; now?: number } = {}) =>
      signPlaybackToken({ playbackId, privateKey: key.privateKey, publicKey: key.publicKey, expiresInSeconds: 120, ...options });

    beforeEach(async () => {
      const created = await client.keys.create({ name: 'player' });
      key = { id: created.id, publicKey: created.publicKey, privateKey: created.privateKey ?? '' };
      playbackId = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 }, playbackPolicy: { type: 'jwt' } }).playbackId;
      master = await hlsUrl(playbackId);
    });

    it('refuses without a token, with an expired one, with one for another playback id, or signed by another key', async () => {
      const none = await get(master);
      assert.equal(none.status, 401);
      assert.match(none.text, /playback token required/);
      assert.equal(none.headers['access-control-allow-origin'], '*');
      const expired = await get(withPlaybackJwt(master, sign({ now: Date.now() - 3_600_000, expiresInSeconds: 60 })));
      assert.equal(expired.status, 401);
      assert.match(expired.text, /expired/);
      const otherContent = await get(withPlaybackJwt(master, sign({ playbackId: 'someotherplayback' })));
      assert.equal(otherContent.status, 401);
      assert.match(otherContent.text, /for playback id someotherplayback/);
      const stranger = emu.store.createOtherAccountSigningKey();
      const foreign = signPlaybackToken({ playbackId, privateKey: stranger.privateKey, publicKey: stranger.key.publicKey });
      const refused = await get(withPlaybackJwt(master, foreign));
      assert.equal(refused.status, 403);
      assert.match(refused.text, /refused by the access gate: Content not found/);
      const segment = await get(`${emu.ingestOrigin}/hls/${playbackId}/360p0/0.ts`);
      assert.equal(segment.status, 401, 'segments are guarded too');
    });

    it("refuses a token of a disabled key with the gate's reason", async () => {
      // A fresh emulator and no allowed check before: the answer cannot come from a cached gate lookup.
      await client.keys.update(key.id, { disabled: true });
      const refused = await get(withPlaybackJwt(master, sign()));
      assert.equal(refused.status, 403);
      assert.match(refused.text, /The public key is disabled or deleted/);
    });

    it('serves a valid token (query or Livepeer-Jwt header) and passes it on to every address in the playlists', async () => {
      const jwt = sign();
      const url = withPlaybackJwt(master, jwt);
      const top = await get(url);
      assert.equal(top.status, 200);
      const [renditionUrl = ''] = uris(url, top.text);
      assert.equal(new URL(renditionUrl).searchParams.get('jwt'), jwt);
      const media = await get(renditionUrl);
      const segmentUrls = uris(renditionUrl, media.text);
      assert.ok(segmentUrls.every((u) => new URL(u).searchParams.get('jwt') === jwt));
      assert.ok((await get(segmentUrls[0] ?? '')).bytes.equals(SEGMENTS[0] ?? Buffer.alloc(0)));
      const byHeader = await get(master, { 'livepeer-jwt': jwt });
      assert.equal(byHeader.status, 200);
      assert.equal(new URL(uris(master, byHeader.text)[0] ?? '').searchParams.get('jwt'), jwt);
      assert.ok(emu.store.signingKeys.get(key.id)?.lastSeen, "an allowed check sets the key's lastSeen, as the gate does");
    });

    it('guards a live stream and a recording of a signed stream the same way', async () => {
      const stream = emu.store.addStream({ record: true, playbackPolicy: { type: 'jwt' } });
      const session = emu.store.startSession(stream);
      const live = `${emu.ingestOrigin}/hls/${stream.playbackId}/360p0/index.m3u8`;
      assert.equal((await get(live)).status, 401);
      const token = signPlaybackToken({ playbackId: stream.playbackId ?? '', privateKey: key.privateKey, publicKey: key.publicKey });
      const playlist = await get(withPlaybackJwt(live, token));
      assert.equal(playlist.status, 200);
      assert.ok(uris(live, playlist.text).every((u) => new URL(u).searchParams.get('jwt') === token));
      emu.store.endLiveSession(stream);
      await waitFor(() => session.recordingStatus === 'ready');
      const source = choosePlayerSource(await client.playback.get(session.playbackId ?? ''));
      assert.ok(source?.signed);
      assert.equal((await get(source.url)).status, 401);
      const sessionToken = signPlaybackToken({ playbackId: session.playbackId ?? '', privateKey: key.privateKey, publicKey: key.publicKey });
      assert.equal((await get(withPlaybackJwt(source.url, sessionToken))).status, 200);
    });
  });
});

describe('choosePlayerSource and withPlaybackJwt', () => {
  const source = (hrn: string, url: string, extra: object = {}) => ({ hrn, type: hrn === 'MP4' ? 'html5/video/mp4' : 'html5/application/vnd.apple.mpegurl', url, ...extra });

  it('prefers HLS, keeps the largest MP4 as the fallback, and plays an MP4-only answer', () => {
    const info: PlaybackInfo = {
      type: 'vod',
      meta: {
        playbackPolicy: { type: 'jwt' },
        source: [source('MP4', 'https://cdn/a/360.mp4', { width: 640 }), source('MP4', 'https://cdn/a/720.mp4', { width: 1280 }), source('HLS (TS)', 'https://cdn/a/index.m3u8')],
      },
    };
    assert.deepEqual(choosePlayerSource(info), { kind: 'hls', url: 'https://cdn/a/index.m3u8', live: false, signed: true, keyed: false, fallbackMp4: 'https://cdn/a/720.mp4' });
    const mp4Only = { type: 'vod', meta: { source: [source('MP4', 'https://cdn/a/360.mp4')] } } satisfies PlaybackInfo;
    assert.deepEqual(choosePlayerSource(mp4Only), { kind: 'mp4', url: 'https://cdn/a/360.mp4', live: false, signed: false, keyed: false });
  });

  it('plays a live stream by HLS only (not WebRTC), and finds nothing in an answer without a playable source', () => {
    const live: PlaybackInfo = {
      type: 'live',
      meta: { live: 0, source: [{ hrn: 'WebRTC (H264)', type: 'html5/video/h264', url: 'https://cdn/webrtc/x' }, source('HLS (TS)', 'https://cdn/hls/x/index.m3u8')] },
    };
    assert.deepEqual(choosePlayerSource(live), { kind: 'hls', url: 'https://cdn/hls/x/index.m3u8', live: true, signed: false, keyed: false });
    assert.equal(choosePlayerSource({ type: 'vod', meta: { source: [{ hrn: 'Thumbnail (PNG)', type: 'image/png', url: 'https://cdn/t.png' }] } }), undefined);
  });

  it('adds the token as ?jwt=, keeping other parameters and replacing an older token', () => {
    assert.equal(withPlaybackJwt('https://cdn/hls/x/index.m3u8', 'a.b.c'), 'https://cdn/hls/x/index.m3u8?jwt=a.b.c');
    assert.equal(withPlaybackJwt('https://cdn/hls/x/index.m3u8?jwt=old&x=1', 'new'), 'https://cdn/hls/x/index.m3u8?jwt=new&x=1');
  });
});
