import assert from 'node:assert/strict';
import { StudioClient, probePlayback, withPlaybackJwt } from '../../src/api';
import { decodePlaybackToken, signPlaybackToken } from '../../src/api/playback/token';
import type { PrivateKeys } from '../../src/ui/keys/privateKeys';
import { planPlayback, type PlaybackPlan } from '../../src/ui/player/playbackPlan';
import { playerHtml } from '../../src/ui/player/playerHtml';
import { parseFromWebview } from '../../src/ui/player/playerMessages';
import { startEmulator, type Emulator } from '../emulator';
import { memoryPrivateKeys } from './helpers/memoryPrivateKeys';

const TOKEN = 'demo-token';

describe('player: messages from the webview', () => {
  it('accepts the messages the page sends, rebuilt from the checked fields only', () => {
    assert.deepEqual(parseFromWebview({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseFromWebview({ type: 'state', state: 'playing', currentTime: 1.5, latency: 3.2, command: 'rm -rf' }), { type: 'state', state: 'playing', currentTime: 1.5, latency: 3.2 });
    assert.deepEqual(parseFromWebview({ type: 'failed', detail: 'x'.repeat(5000), status: 403 }), { type: 'failed', detail: 'x'.repeat(300), status: 403 });
    assert.deepEqual(parseFromWebview({ type: 'chart', bars: 30 }), { type: 'chart', bars: 30 });
    assert.deepEqual(parseFromWebview({ type: 'clip', at: 1_790_000_000_000, in: 1_789_999_990_000, session: 'x' }), { type: 'clip', at: 1_790_000_000_000, in: 1_789_999_990_000 });
    assert.deepEqual(parseFromWebview({ type: 'clip', at: 4200, in: 500, out: 2500 }), { type: 'clip', at: 4200, in: 500, out: 2500 });
  });

  it('refuses anything else: unknown types, wrong or missing fields, out-of-range numbers', () => {
    for (const message of [
      undefined,
      'ready',
      { type: 'runCommand', command: 'livepeer.keys.delete' },
      { type: 'state', state: 'hacked', currentTime: 1 },
      { type: 'state', state: 'playing', currentTime: Number.NaN },
      { type: 'state', state: 'playing', currentTime: -1 },
      { type: 'state', state: 'playing', currentTime: 1, latency: 'soon' },
      { type: 'failed', detail: 42 },
      { type: 'failed', detail: 'x', status: 1.5 },
      { type: 'chart', bars: 1e9 },
      { type: 'clip' },
      { type: 'clip', at: 1, in: '0:10' },
      { type: 'clip', at: 1, out: -5 },
    ]) {
      assert.equal(parseFromWebview(message), undefined, JSON.stringify(message));
    }
  });
});

describe('player: the page', () => {
  const parts = { scriptUri: 'https://file+.vscode-resource.example/dist/player.js', cspSource: 'https://file+.vscode-resource.example', nonce: 'bm9uY2Vub25jZW5vbmNl' };
  const csp = (html: string) => /content="([^"]+)"/.exec(html)?.[1] ?? '';

  it('allows its one script by nonce, media and requests only to the playback origins', () => {
    const html = playerHtml({ ...parts, mediaOrigins: ['https://livepeercdn.studio', 'https://vod-cdn.lp-playback.studio'] });
    assert.equal(
      csp(html),
      "default-src 'none'; script-src 'nonce-bm9uY2Vub25jZW5vbmNl'; style-src https://file+.vscode-resource.example; img-src https://file+.vscode-resource.example data:; " +
        'media-src https://livepeercdn.studio https://vod-cdn.lp-playback.studio blob:; connect-src https://livepeercdn.studio https://vod-cdn.lp-playback.studio',
    );
    assert.match(html, /<script nonce="bm9uY2Vub25jZW5vbmNl" src="https:\/\/file\+\.vscode-resource\.example\/dist\/player\.js"><\/script>/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'no inline script');
  });

  it('drops an origin that would widen the policy, and allows no requests before something plays', () => {
    const html = playerHtml({ ...parts, mediaOrigins: ["https://cdn.example 'unsafe-eval'", 'https://a.example; script-src *', '*', 'data:'] });
    assert.match(csp(html), /media-src blob:; connect-src 'none'$/);
  });

  it("carries VS Code's translation for the page's words as text on its body, none in English", () => {
    const translation = { 'Mark In': 'Marque « début » <b>', '{0} watching now': '{0} regardent "en direct" & plus' };
    const html = playerHtml({ ...parts, mediaOrigins: [], l10n: translation });
    const carried = /<body data-l10n="([^"]*)">/.exec(html)?.[1] ?? '';
    const unescaped = carried.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(unescaped), translation);
    assert.doesNotMatch(carried, /[<>"]/, 'no tag or quote leaves the attribute');
    assert.match(playerHtml({ ...parts, mediaOrigins: [] }), /<body><script/);
  });
});

describe('player: what to play, or why not', () => {
  let emu: Emulator;
  let client: StudioClient;
  let privateKeys: PrivateKeys;
  const plan = (playbackId: string, name?: string): Promise<PlaybackPlan> => planPlayback({ client, privateKeys }, { playbackId, name });

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], lastSeenDelayMs: 0 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    ({ privateKeys } = await memoryPrivateKeys(TOKEN));
  });
  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  it('plays a ready asset from the playback origin, which is the only origin allowed', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    const ready = await plan(asset.playbackId, 'Clip');
    assert.equal(ready.kind, 'play');
    assert.deepEqual(ready.kind === 'play' && ready.origins, [emu.ingestOrigin]);
  });

  it('plays only an http(s) address: an MP4-only `javascript:` or `data:` source is never handed to the webview', async () => {
    for (const url of ['javascript:alert(document.domain)//.mp4', 'data:video/mp4;base64,AAAA', 'file:///etc/passwd']) {
      emu.faults.fail({ origin: 'api', method: 'GET', path: '/api/playback/p1', status: 200, body: { type: 'vod', meta: { source: [{ hrn: 'MP4', type: 'html5/video/mp4', url, width: 640 }] } } });
      assert.deepEqual(await plan('p1', 'Trap'), { kind: 'stop', text: 'The service offers no HLS or MP4 address for “Trap”.' }, url);
    }
  });

  it('allows only the origins of the source played (and its MP4 fallback), not of every source listed', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    const hls = `${emu.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`;
    const source = [
      { hrn: 'HLS (TS)', type: 'html5/application/vnd.apple.mpegurl', url: hls },
      ...Array.from({ length: 20_000 }, (_, i) => ({ hrn: 'MP4', type: 'html5/video/mp4', url: `https://cdn${i}.example/v.mp4`, width: i === 7 ? 1920 : 320 })),
    ];
    emu.faults.fail({ origin: 'api', method: 'GET', path: `/api/playback/${asset.playbackId}`, status: 200, body: { type: 'vod', meta: { source } } });
    const played = await plan(asset.playbackId, 'Many');
    assert.equal(played.kind, 'play');
    assert.deepEqual(played.kind === 'play' && [played.source.url, played.source.fallbackMp4, played.origins], [hls, 'https://cdn7.example/v.mp4', [emu.ingestOrigin, 'https://cdn7.example']]);
    const page = playerHtml({ scriptUri: 'https://r.example/player.js', cspSource: 'https://r.example', nonce: 'bm9uY2U', mediaOrigins: played.kind === 'play' ? played.origins : [] });
    assert.ok(page.length < 2_000, `${page.length} characters`);
  });

  it('waits for a processing asset and an offline stream; stops for an unknown playback id', async () => {
    const processing = emu.store.addAsset({ status: { phase: 'processing', updatedAt: 1, progress: 0.2 } });
    assert.deepEqual(await plan(processing.playbackId, 'Draft'), { kind: 'wait', text: '“Draft” is still processing: it plays here once it is ready.' });
    const stream = emu.store.addStream({ name: 'Show' });
    assert.deepEqual(await plan(stream.playbackId ?? '', 'Show'), { kind: 'wait', text: '“Show” is offline: the player starts when it goes live.' });
    emu.store.startSession(stream);
    assert.equal((await plan(stream.playbackId ?? '', 'Show')).kind, 'play');
    const missing = await plan('nosuchplaybackid');
    assert.equal(missing.kind, 'stop');
    assert.match(missing.kind === 'stop' ? missing.text : '', /^nosuchplaybackid was not found/);
  });

  it('signed content: says when no private key is kept; signs a 10-minute token with a kept one', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 }, playbackPolicy: { type: 'jwt' } });
    const key = await client.keys.create({ name: 'kept' });
    const noKey = await plan(asset.playbackId, 'Members');
    assert.deepEqual(noKey, { kind: 'stop', noKey: true, text: '“Members” has signed playback, and no private key of an enabled signing key is kept in VS Code to sign a token for it.' });
    await privateKeys.store(key, key.privateKey ?? '');
    const signed = await plan(asset.playbackId, 'Members');
    assert.equal(signed.kind, 'play');
    const claims = decodePlaybackToken(new URL(signed.kind === 'play' ? signed.source.url : '').searchParams.get('jwt') ?? '');
    assert.deepEqual([claims?.sub, claims?.pub, (claims?.exp ?? 0) - (claims?.iat ?? 0)], [asset.playbackId, key.publicKey, 600]);
    assert.ok(signed.kind === 'play' && signed.resign && signed.resign() !== '', 'a fresh token can be signed while it plays');
  });

  it("says the gate's reason when the edge refuses the token", async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 }, playbackPolicy: { type: 'jwt' } });
    const key = await client.keys.create({ name: 'soon disabled' });
    await privateKeys.store(key, key.privateKey ?? '');
    // The gate caches its key lookup: refused once while disabled, it still refuses right after the key is enabled again.
    await client.keys.update(key.id, { disabled: true });
    const master = `${emu.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`;
    const token = signPlaybackToken({ playbackId: asset.playbackId, privateKey: key.privateKey ?? '', publicKey: key.publicKey });
    assert.equal((await probePlayback(withPlaybackJwt(master, token))).status, 403);
    await client.keys.update(key.id, { disabled: false });
    assert.deepEqual(await plan(asset.playbackId, 'Members'), { kind: 'stop', text: 'The playback edge refused “Members”: refused by the access gate: The public key is disabled or deleted' });
  });
});
