import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { decodePlaybackToken } from '../../src/api/playback/token';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { FromWebview, ToWebview } from '../../src/ui/player/playerMessages';
import { TOKEN, answer, api, assertAllAnswered, emulator, eventually, lastMessage, screenshot, signIn } from './harness';

type Message = Extract<PromptRequest, { kind: 'message' }>;

/** Everything the webview reported since the test began. */
let reports: FromWebview[] = [];
/** What was posted to the webview since the test began, and since the suite began. */
let posted: ToWebview[] = [];
const postedInSuite: ToWebview[] = [];

/** Resolves once the video plays and its current time has advanced by `seconds` since it first played. */
async function playsFor(seconds: number, timeoutMs = 45_000): Promise<Extract<FromWebview, { type: 'state' }>[]> {
  return eventually(() => {
    const playing = reports.filter((r): r is Extract<FromWebview, { type: 'state' }> => r.type === 'state' && r.state === 'playing');
    assert.ok(playing.length >= 2, `not playing yet; reports: ${JSON.stringify(reports.slice(-5))}`);
    const advanced = Math.max(...playing.map((r) => r.currentTime)) - Math.min(...playing.map((r) => r.currentTime));
    assert.ok(advanced >= seconds, `current time advanced by ${advanced} s only`);
    return playing;
  }, timeoutMs);
}

function lastPosted<T extends ToWebview['type']>(type: T): Extract<ToWebview, { type: T }> | undefined {
  return posted.filter((m): m is Extract<ToWebview, { type: T }> => m.type === type).at(-1);
}

/** The status the panel shows now (why it does not play), once it says `pattern`. */
function says(pattern: RegExp, timeoutMs = 10_000): Promise<Extract<ToWebview, { type: 'status' }>> {
  return eventually(() => {
    const status = lastPosted('status');
    assert.match(status?.text ?? '', pattern);
    return status!;
  }, timeoutMs);
}

function cspOf(html: string): Map<string, string> {
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  return new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]));
}

describe('Player', () => {
  let subscriptions: vscode.Disposable[] = [];
  before(async () => {
    await signIn();
    subscriptions = [
      api.player.onDidReport((report) => reports.push(report)),
      api.player.onDidPost((message) => (posted.push(message), postedInSuite.push(message))),
    ];
  });
  after(() => subscriptions.forEach((s) => s.dispose()));
  beforeEach(() => {
    reports = [];
    posted = [];
  });
  afterEach(assertAllAnswered);

  it('plays a ready asset from its row: the current time advances; the page has a strict CSP; the chart shows 30 days of views', async () => {
    const asset = emulator.store.addAsset({ name: 'Player clip', status: { phase: 'ready', updatedAt: Date.now() } });
    const row = await api.assets.itemFor(asset.id);
    assert.equal(row?.contextValue, 'asset ready', 'the row Play is inline on');
    await vscode.commands.executeCommand('livepeer.player.play', row);
    await playsFor(1);
    const load = lastPosted('load');
    assert.deepEqual(load?.source, {
      kind: 'hls',
      url: `${emulator.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`,
      live: false,
      title: 'Player clip',
      fallbackMp4: `${emulator.ingestOrigin}/hls/${asset.playbackId}/static720p0.mp4`,
    });

    const csp = cspOf(api.player.html);
    assert.match(csp.get('script-src') ?? '', /^'nonce-[A-Za-z0-9+/=]{16,}'$/, 'its one script, by nonce');
    assert.equal(csp.get('default-src'), "'none'");
    assert.equal(csp.get('connect-src'), emulator.ingestOrigin, 'requests only to the playback origin');
    assert.equal(csp.get('media-src'), `${emulator.ingestOrigin} blob:`);
    assert.ok(!api.player.html.includes('unsafe-inline') && !/<script(?![^>]*nonce)/.test(api.player.html), 'no inline or unnonced script');

    const chart = await eventually(() => {
      const bars = reports.find((r): r is Extract<FromWebview, { type: 'chart' }> => r.type === 'chart');
      assert.ok(bars, 'the chart was drawn');
      return bars;
    });
    assert.equal(chart.bars, 30, 'one bar per day of the last 30');
    const views = lastPosted('views');
    assert.ok(views && views.rows.length > 0 && views.rows.every((r) => r.views === emulator.viewership.day(asset.playbackId, r.day).viewCount), 'the seeded views per day');
    if (process.env.LIVEPEER_SCREENSHOT_DIR) {
      await vscode.commands.executeCommand('workbench.view.extension.livepeer');
      await screenshot('player');
    }
  });

  it('plays from the palette: a picker of streams (live first) and ready assets', async () => {
    emulator.store.addAsset({ name: 'Not ready yet', status: { phase: 'processing', updatedAt: Date.now(), progress: 0.1 } });
    answer((request) => {
      assert.equal(request.kind, 'pick');
      const items = (request as Extract<PromptRequest, { kind: 'pick' }>).items as ReadonlyArray<vscode.QuickPickItem & { playbackId?: string }>;
      assert.ok(!items.some((i) => /Not ready yet/.test(i.label)), 'no asset that cannot play yet');
      const clip = items.find((i) => i.label === '$(file-media) Player clip');
      assert.ok(clip, `Player clip among ${JSON.stringify(items.map((i) => i.label))}`);
      return clip;
    });
    await vscode.commands.executeCommand('livepeer.player.play');
    await playsFor(0.5);
    assert.equal(lastPosted('load')?.source.title, 'Player clip');
  });

  it('says why an asset still processing does not play, then plays it once it is ready', async () => {
    const asset = emulator.store.addAsset({ name: 'Still encoding', status: { phase: 'processing', updatedAt: Date.now(), progress: 0.4 } });
    await vscode.commands.executeCommand('livepeer.player.play', asset.playbackId);
    const status = await says(/still processing: it plays here once it is ready/);
    assert.equal(status.waiting, true);
    emulator.store.process(asset.id);
    await playsFor(0.5);
  });

  it("plays a session's recording from its row in the Streams view", async () => {
    const parent = emulator.store.addStream({ name: 'Recorded show', record: true });
    const session = emulator.store.startSession(parent);
    emulator.store.endLiveSession(parent);
    await eventually(() => assert.equal(session.recordingStatus, 'ready'));
    await api.streams.filters.set({ activity: 'all', recordingOnly: false });
    await api.streams.refresh();
    const streamRow = ((await api.streams.getChildren()) ?? []).find((r) => r.label === 'Recorded show');
    assert.ok(streamRow, 'the stream is listed');
    const sessionRow = ((await api.streams.getChildren(streamRow)) ?? []).find((r) => r.contextValue === 'session recorded');
    assert.ok(sessionRow, 'its recorded session is listed');
    await vscode.commands.executeCommand('livepeer.player.play', sessionRow);
    await playsFor(1);
    const source = lastPosted('load')?.source;
    assert.equal(source?.url, `${emulator.ingestOrigin}/recordings/${session.id}/index.m3u8`);
    assert.match(source?.title ?? '', /^Recorded show · /);
  });

  describe('signed content', () => {
    let asset: { playbackId: string };
    before(() => {
      asset = emulator.store.addAsset({ name: 'Members clip', status: { phase: 'ready', updatedAt: Date.now() }, playbackPolicy: { type: 'jwt' } });
    });

    it('says that no private key is kept, and offers to sign a token or create a key to keep', async () => {
      // Earlier suites may have kept keys: set them aside for this test, and back after.
      const kept = [...emulator.store.signingKeys.values()].filter((key) => api.signingKeys.privateKeys.has(key.id));
      const secrets = await Promise.all(kept.map(async (key) => ({ key, secret: await api.signingKeys.privateKeys.get(key.id) })));
      await Promise.all(kept.map((key) => api.signingKeys.privateKeys.remove(key.id)));
      try {
        await vscode.commands.executeCommand('livepeer.player.play', asset.playbackId);
        const status = await says(/signed playback, and no private key of an enabled signing key is kept in VS Code/);
        assert.deepEqual([status.waiting, status.canRetry], [false, true]);
        const offer = await eventually(() => lastMessage(/no private key of an enabled signing key is kept/) ?? assert.fail('no notification'));
        assert.deepEqual(offer.actions, ['Sign Playback Token…', 'Create Signing Key…']);
        assert.equal(lastPosted('load'), undefined, 'nothing was given to the page to play');
      } finally {
        for (const { key, secret } of secrets) if (secret) await api.signingKeys.privateKeys.store(key, secret);
      }
    });

    it('plays it with a short-lived token signed by a kept private key', async () => {
      answer(
        () => 'player key',
        (request) => {
          assert.match((request as Message).message, /cannot be shown again/);
          return 'Keep in VS Code’s Secret Storage';
        },
      );
      await vscode.commands.executeCommand('livepeer.keys.create');
      await vscode.commands.executeCommand('livepeer.player.play', asset.playbackId);
      await playsFor(1);
      const url = new URL(lastPosted('load')?.source.url ?? '');
      const claims = decodePlaybackToken(url.searchParams.get('jwt') ?? '');
      assert.equal(claims?.sub, asset.playbackId);
      assert.ok(claims?.exp && claims.iat && claims.exp - claims.iat <= 600, 'the token expires within minutes');
    });
  });

  it('waits for an offline stream, plays it when it goes live, with its latency and current viewers', async () => {
    const stream = emulator.store.addStream({ name: 'Player live' });
    emulator.viewership.setViewersNow(stream.playbackId ?? '', 7);
    await vscode.commands.executeCommand('livepeer.player.play', stream.playbackId);
    const status = await says(/is offline: the player starts when it goes live/);
    assert.equal(status.waiting, true);
    emulator.store.startSession(stream);
    const playing = await playsFor(1);
    assert.equal(lastPosted('load')?.source.live, true);
    assert.ok(playing.some((r) => typeof r.latency === 'number'), 'a live stream reports its latency');
    await eventually(() => assert.equal(lastPosted('viewers')?.count, 7));
  });

  it('reused from that live stream for an asset, shows no viewers of the stream; an asset played to its end says it ended', async () => {
    assert.ok(api.player.html, 'the live stream’s panel is still open');
    const asset = emulator.store.addAsset({ name: 'After the live one', status: { phase: 'ready', updatedAt: Date.now() } });
    await vscode.commands.executeCommand('livepeer.player.play', asset.playbackId);
    await playsFor(1);
    const shownWhilePlaying = reports.filter((r): r is Extract<FromWebview, { type: 'state' }> => r.type === 'state' && r.state === 'playing').map((r) => r.shown);
    assert.ok(shownWhilePlaying.length && shownWhilePlaying.every((shown) => shown !== undefined && !/watching/.test(shown)), JSON.stringify(shownWhilePlaying));
    const ended = await eventually(() => {
      const found = reports.find((r): r is Extract<FromWebview, { type: 'state' }> => r.type === 'state' && r.state === 'ended');
      assert.ok(found, 'played to its end');
      return found;
    }, 30_000);
    assert.match(ended.shown ?? '', /^Ended/, 'not "Playing" at its last second');
  });

  it('waiting for an idle stream asks ever less often, and stops asking when the API token goes', async () => {
    const stream = emulator.store.addStream({ name: 'Never live' });
    const asks = () => emulator.requests.filter((r) => r.method === 'GET' && r.url.includes(`/playback/${stream.playbackId}`)).length;
    await vscode.commands.executeCommand('livepeer.player.play', stream.playbackId);
    await says(/is offline/);
    await eventually(() => assert.equal(api.player.nextAskInMs, 3_000));
    await eventually(() => assert.equal(api.player.nextAskInMs, 6_000, 'backing off'), 15_000);
    assert.ok(asks() >= 2, `asked ${asks()} times`);
    try {
      await vscode.commands.executeCommand('livepeer.clearToken');
      await says(/No API token is set: the player stopped asking/);
      assert.equal(api.player.nextAskInMs, undefined, 'no ask pending without a token');
      const before = asks();
      await signIn();
      await eventually(() => assert.ok(asks() > before, 'asks again once the token is back'));
    } finally {
      if (!api.session.hasToken) await signIn();
    }
  });


  describe('after all of the above', () => {
    it('never gave the webview the API token: not in its HTML, not in any message', () => {
      assert.ok(postedInSuite.length > 5, 'messages were posted');
      assert.ok(!api.player.html.includes(TOKEN));
      assert.ok(!JSON.stringify(postedInSuite).includes(TOKEN));
      assert.ok(!('posted' in api.player), 'the player keeps no list of what it posted: it would grow for as long as the window is open');
    });
  });
});
