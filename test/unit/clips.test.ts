import assert from 'node:assert/strict';
import { request } from 'undici';
import { StudioClient } from '../../src/api';
import { createClip, parseClipTime } from '../../src/operations/createClip';
import type { Refused } from '../../src/operations/refusal';
import { refusalSentence } from '../../src/tools/refusalWords';
import { startEmulator, type Emulator } from '../emulator';
import { loadHlsFixture } from '../../src/localStudio/hlsFixture';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-clips-5b2c';

describe('clips: emulator routes, client and createClip over real HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;

  async function raw(method: string, path: string, body?: unknown) {
    const res = await request(`${emu.apiUrl}${path}`, { method: method as 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, error: () => (JSON.parse(text) as { errors: string[] }).errors[0] ?? '' };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 400 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  it('answers as the service: only a stream playbackId, its own session, end after start, 5 processing at most', async () => {
    const stream = emu.store.addStream({ name: 'cam' });
    const other = emu.store.addStream({ name: 'other' });
    const none = await raw('POST', '/clip', { playbackId: stream.playbackId, startTime: 1, endTime: 2 });
    assert.equal(none.status, 500, 'no session ever: the service answers 500');
    const session = emu.store.startSession(stream, { createdAt: Date.now() - 60_000 });
    const otherSession = emu.store.startSession(other);
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 0 } });
    assert.deepEqual([(await raw('POST', '/clip', { playbackId: asset.playbackId, startTime: 1, endTime: 2 })).error()], ['Content not found']);
    assert.equal((await raw('POST', '/clip', { playbackId: stream.playbackId, startTime: 1, endTime: 2, sessionId: 'nope' })).error(), 'Session not found');
    assert.equal((await raw('POST', '/clip', { playbackId: stream.playbackId, startTime: 1, endTime: 2, sessionId: otherSession.id })).error(), 'The provided session id does not belong to this stream');
    const backwards = await raw('POST', '/clip', { playbackId: stream.playbackId, startTime: 2, endTime: 2 });
    assert.deepEqual([backwards.status, backwards.error()], [422, 'endTime must occur after startTime']);
    for (let i = 0; i < 5; i++) await client.clips.create({ playbackId: stream.playbackId ?? '', startTime: 1000 + i, endTime: 5000, sessionId: session.id });
    const sixth = await raw('POST', '/clip', { playbackId: stream.playbackId, startTime: 1, endTime: 2 });
    assert.deepEqual([sixth.status, sixth.error()], [403, 'Too many clips are being processed.']);
    assert.equal((await client.clips.listForStream(stream.id)).length, 5);
    assert.equal((await client.clips.listForSession(session.id)).length, 5);
    assert.equal((await raw('GET', '/stream/nope/clips')).error(), 'Stream not found');
  });

  it('a clip of a stream that was never live, with no session named: the service’s 500, said as one a retry will not fix', async () => {
    const stream = emu.store.addStream({ name: 'never live' });
    const refused = await failure(client.clips.create({ playbackId: stream.playbackId ?? '', startTime: Date.now() - 10_000, endTime: Date.now() }));
    assert.equal(refused.status, 500);
    assert.match(refused.message, /finds no session to clip .* so trying again will not help/);
    assert.doesNotMatch(refused.message, /try again later/);
    emu.faults.fail({ origin: 'api', method: 'GET', path: `/api/stream/${stream.id}`, status: 500 });
    assert.match((await failure(client.streams.get(stream.id))).message, /try again later/, 'other 500s keep their words');
  });

  it('createClip turns session offsets into Unix ms; the clip is an asset that becomes ready and plays', async () => {
    const stream = emu.store.addStream({ name: 'show' });
    const started = Date.now() - 120_000;
    const session = emu.store.startSession(stream, { createdAt: started });
    assert.deepEqual([parseClipTime('1:30'), parseClipTime('90'), parseClipTime('0:05.5'), parseClipTime('1:x')], [90_000, 90_000, 5_500, undefined]);
    const clip = await createClip(client, { stream, session, fromMs: 30_000, toMs: 60_000, name: 'Goal' });
    assert.equal(clip.name, 'Goal');
    assert.deepEqual(clip.source, { type: 'clip', playbackId: stream.playbackId, sessionId: session.id });
    await waitFor(() => emu.store.assets.get(clip.id)?.status.phase === 'ready', 10_000);
    const ready = await client.assets.get(clip.id);
    const info = await client.playback.get(ready.playbackId ?? '');
    const hls = info.meta.source.find((s) => s.hrn.startsWith('HLS'));
    assert.ok(hls);
    const playlist = await request(hls.url);
    assert.equal(playlist.statusCode, 200);
    assert.match(await playlist.body.text(), /#EXTM3U/);
    // Refused unsent with a code and its data, which the command and the tool word each in their own way.
    assert.deepEqual(((await failure(createClip(client, { stream, session, fromMs: 60_000, toMs: 30_000 }))) as Refused).refusal, { code: 'clip-ends-before-start' });
    const pastEnd = ((await failure(createClip(client, { stream, session, fromMs: 0, toMs: 10 * 60_000 }))) as Refused).refusal;
    assert.equal(pastEnd.code, 'clip-past-session');
    assert.match(refusalSentence(pastEnd), /^the session is only 2:0\d long$/);
  });

  it('plays a clip cut to its times: the segments of the session within start..end, none else', async () => {
    const stream = emu.store.addStream({ name: 'cut' });
    const session = emu.store.startSession(stream, { createdAt: Date.now() - 60_000 });
    const start = Number(session.createdAt);
    // The session loops the 2-segment fixture (2 s each): 10–16 s are its segments 5, 6 and 7.
    const { asset } = await client.clips.create({ playbackId: String(stream.playbackId), sessionId: session.id, startTime: start + 10_000, endTime: start + 16_000 });
    assert.equal((asset as { clipWindow?: unknown }).clipWindow, undefined, 'no field the service does not send');
    await waitFor(() => emu.store.assets.get(asset.id)?.status.phase === 'ready', 10_000);
    const get = async (file: string) => {
      const res = await request(`${emu.ingestOrigin}/hls/${asset.playbackId}/${file}`);
      return { status: res.statusCode, bytes: Buffer.from(await res.body.arrayBuffer()) };
    };
    const playlist = (await get('360p0/index.m3u8')).bytes.toString('utf8');
    assert.deepEqual(playlist.match(/#EXTINF:[\d.]+/g), ['#EXTINF:2.000', '#EXTINF:2.000', '#EXTINF:2.000'], playlist);
    const fixture = await loadHlsFixture();
    for (const [i, k] of [5, 6, 7].entries()) assert.ok((await get(`360p0/${i}.ts`)).bytes.equals(fixture.segments[k % fixture.segments.length]?.bytes ?? Buffer.alloc(0)), `segment ${i} is the session's ${k}`);
    assert.equal((await get('360p0/3.ts')).status, 404, 'nothing past the end');
  });
});
