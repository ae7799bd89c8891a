import assert from 'node:assert/strict';
import { request } from 'undici';
import { NO_VIEWER_NUMBERS, StudioClient } from '../../src/api';
import type { ToWebview } from '../../src/ui/player/playerMessages';
import { ViewerFeed } from '../../src/ui/player/viewerFeed';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('viewership over real HTTP', () => {
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator();
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });
  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  it("reads a live stream's current viewers: seeded while live, as set, 0 once offline", async () => {
    const stream = emu.store.addStream({});
    const playbackId = stream.playbackId ?? '';
    assert.equal(await client.viewership.viewersNow(playbackId), 0);
    emu.store.startSession(stream);
    const seeded = await client.viewership.viewersNow(playbackId);
    assert.ok(seeded >= 1 && seeded <= 20, `seeded viewers ${seeded}`);
    assert.equal(await client.viewership.viewersNow(playbackId), seeded, 'the same number on every read');
    emu.viewership.setViewersNow(playbackId, 42);
    assert.equal(await client.viewership.viewersNow(playbackId), 42);
    const call = emu.requests.at(-1);
    assert.equal(call?.url, `/api/data/views/now?playbackId=${playbackId}`);
    emu.viewership.setViewersNow(playbackId, 0);
    assert.equal(await client.viewership.viewersNow(playbackId), 0);
  });

  it('reads views per UTC day over a range, oldest first, with numbers fixed per playback id and day', async () => {
    emu.store.addAsset({ playbackId: 'viewershipseed01', status: { phase: 'ready', updatedAt: 1 } });
    emu.store.addStream({ playbackId: 'otherplayback002' });
    const to = Date.UTC(2026, 0, 31);
    const rows = await client.viewership.viewsPerDay('viewershipseed01', { from: to - 30 * DAY_MS, to });
    assert.equal(rows.length, 30);
    assert.deepEqual(rows[0], { timestamp: Date.UTC(2026, 0, 1), viewCount: 5, playtimeMins: 17.5 });
    assert.deepEqual(rows[1], { timestamp: Date.UTC(2026, 0, 2), viewCount: 38, playtimeMins: 133 });
    assert.ok(rows.every((row, i) => row.timestamp === Date.UTC(2026, 0, 1) + i * DAY_MS));
    assert.deepEqual(
      rows.map((r) => ({ viewCount: r.viewCount, playtimeMins: r.playtimeMins })),
      rows.map((r) => emu.viewership.day('viewershipseed01', r.timestamp)),
    );
    const other = await client.viewership.viewsPerDay('otherplayback002', { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 2) });
    assert.deepEqual(other, [{ timestamp: Date.UTC(2026, 0, 1), viewCount: 21, playtimeMins: 84 }]);
    assert.deepEqual(await client.viewership.viewsPerDay('nosuchplayback', { from: to - 30 * DAY_MS, to }), [], 'nothing for an id of no content');
    const query = new URL(`http://x${emu.requests.at(-1)?.url ?? ''}`).searchParams;
    assert.equal(query.get('timeStep'), 'day');
    assert.equal(query.get('from'), String(to - 30 * DAY_MS));
    assert.equal((await failure(client.viewership.viewsPerDay('p', { from: to, to }))).kind, 'config');
  });

  it('reads total views and playtime, which the service answers without a token', async () => {
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    const total = await client.viewership.totalViews(asset.playbackId);
    assert.deepEqual(total, emu.viewership.total(asset.playbackId));
    assert.ok(total.viewCount > 0 && total.playtimeMins > 0);
    assert.deepEqual(await client.viewership.totalViews('nosuchplayback'), { viewCount: 0, playtimeMins: 0 });
    const anonymous = await request(`${emu.apiUrl}/data/views/query/total/${asset.playbackId}`);
    assert.equal(anonymous.statusCode, 200);
    assert.deepEqual(await anonymous.body.json(), { playbackId: asset.playbackId, ...total });
    const now = await request(`${emu.apiUrl}/data/views/now?playbackId=${asset.playbackId}`);
    await now.body.dump();
    assert.equal(now.statusCode, 401, 'current viewers need the API token');
  });

  it('refuses answers of the wrong shape with a readable error instead of showing NaN', async () => {
    emu.faults.fail({ origin: 'api', path: '/api/data/views/now', status: 200, body: { viewCount: 3 } });
    assert.match((await failure(client.viewership.viewersNow('p'))).message, /something else than a list/);
    emu.faults.fail({ origin: 'api', path: '/api/data/views/now', status: 200, body: [{ viewCount: 'many' }] });
    assert.match((await failure(client.viewership.viewersNow('p'))).message, /without a valid viewCount/);
    emu.faults.fail({ origin: 'api', path: '/api/data/views/query', status: 200, body: [{ viewCount: 1, playtimeMins: 2 }] });
    assert.match((await failure(client.viewership.viewsPerDay('p', { from: 0, to: DAY_MS }))).message, /without a valid timestamp/);
    emu.faults.fail({ origin: 'api', path: /total/, status: 200, body: { playbackId: 'p', viewCount: 1 } });
    assert.match((await failure(client.viewership.totalViews('p'))).message, /without a valid playtimeMins/);
    // ISO dates are read as well as milliseconds; breakdown rows of current viewers are summed.
    emu.faults.fail({ origin: 'api', path: '/api/data/views/query', status: 200, body: [{ viewCount: 1, playtimeMins: 2, timestamp: '2026-01-01T00:00:00Z' }] });
    assert.equal((await client.viewership.viewsPerDay('p', { from: 0, to: DAY_MS }))[0]?.timestamp, Date.UTC(2026, 0, 1));
    emu.faults.fail({ origin: 'api', path: '/api/data/views/now', status: 200, body: [{ viewCount: 2, device: 'phone' }, { viewCount: 3, device: 'desktop' }] });
    assert.equal(await client.viewership.viewersNow('p'), 5);
  });

  describe('a service without viewership data (its API server alone: 404 `not found` on every /data/views route)', () => {
    let bare: Emulator;
    let bareClient: StudioClient;
    const viewRequests = () => bare.requests.filter((r) => r.url.includes('/data/views')).length;

    beforeEach(async () => {
      bare = await startEmulator({ analytics: false });
      bareClient = new StudioClient({ baseUrl: bare.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    });
    afterEach(async () => {
      await bareClient.close();
      await bare.close();
    });

    it('says "viewer numbers are not available from this service" and asks no more (one request in all)', async () => {
      const posted: ToWebview[] = [];
      const feed = new ViewerFeed(bareClient, 'p1', (message) => posted.push(message));
      try {
        await waitFor(() => posted.length > 0, 10_000);
        assert.deepEqual(posted, [{ type: 'viewsUnavailable', text: 'viewer numbers are not available from this service' }]);
      } finally {
        feed.stop();
      }
      for (const ask of [() => bareClient.viewership.totalViews('p1'), () => bareClient.viewership.viewersNow('p2'), () => bareClient.viewership.viewsPerDay('p3', { from: 0, to: DAY_MS })]) {
        assert.equal((await failure(ask())).message, NO_VIEWER_NUMBERS);
      }
      assert.equal(viewRequests(), 1);
    });

    it('another 404 (a proxy\'s page, an unknown id in the analytics\' own words) is said as it is, and asked again', async () => {
      bare.faults.fail({ origin: 'api', path: '/api/data/views/now', status: 404, body: { errors: ['playback id p9 unknown'] } });
      assert.match((await failure(bareClient.viewership.viewersNow('p9'))).message, /playback id p9 unknown/);
      assert.equal((await failure(bareClient.viewership.viewersNow('p9'))).message, NO_VIEWER_NUMBERS);
      assert.equal(viewRequests(), 2);
    });
  });
});
