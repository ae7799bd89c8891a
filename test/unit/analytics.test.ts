import assert from 'node:assert/strict';
import { request } from 'undici';
import { NO_VIEWER_NUMBERS, StudioClient } from '../../src/api';
import { NO_USAGE } from '../../src/api/usage/client';
import { QUALITY_MEANINGS, accountUsage, periodOf, viewerQuality } from '../../src/operations/viewerQuality';
import { customPeriod, sectionsOf } from '../../src/ui/quality/qualityModel';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN = 'demo-token';
const DAY_MS = 24 * 60 * 60 * 1000;
const TO = Date.UTC(2026, 0, 31);
const JANUARY = { from: TO - 30 * DAY_MS, to: TO };

describe('viewer breakdowns, quality of experience and usage over real HTTP', () => {
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

  const raw = async (path: string) => {
    const res = await request(`${emu.apiUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return { status: res.statusCode, json: await res.body.json() };
  };

  it('breaks a period down by country, device, browser and OS: seeded, summing to the period, with QoE per group', async () => {
    const asset = emu.store.addAsset({ playbackId: 'viewershipseed01', status: { phase: 'ready', updatedAt: 1 } });
    const days = await client.viewership.viewsPerDay('viewershipseed01', JANUARY);
    const views = days.reduce((sum, day) => sum + day.viewCount, 0);
    const [total] = await client.viewership.viewsOver({ playbackId: 'viewershipseed01' }, JANUARY);
    assert.equal(total?.viewCount, views, 'the period without a breakdown is one row: the sum of its days');
    assert.ok(total?.ttffMs !== undefined && total.rebufferRatio !== undefined && total.errorRate !== undefined && total.exitsBeforeStart !== undefined);
    for (const [by, groups] of [
      ['country', ['US', 'BR', 'DE', 'IN', 'NG']],
      ['deviceType', ['desktop', 'mobile', 'tablet', 'tv']],
      ['browser', ['Chrome', 'Safari', 'Firefox', 'Edge']],
      ['os', ['Windows', 'iOS', 'Android', 'macOS', 'Linux']],
    ] as const) {
      const rows = await client.viewership.viewsOver({ playbackId: 'viewershipseed01' }, JANUARY, by);
      assert.deepEqual([...rows.map((r) => r.group)].sort(), [...groups].sort(), by);
      assert.equal(rows.reduce((sum, r) => sum + r.viewCount, 0), views, `${by} sums to the period's views`);
      assert.deepEqual(rows, [...rows].sort((a, b) => b.viewCount - a.viewCount), 'most viewed first');
      for (const row of rows) {
        assert.ok(row.ttffMs !== undefined && row.ttffMs >= 300 && row.ttffMs < 1800, `ttff ${row.ttffMs}`);
        assert.ok(row.rebufferRatio !== undefined && row.rebufferRatio < 0.05 && row.errorRate !== undefined && row.errorRate < 0.03 && row.exitsBeforeStart !== undefined && row.exitsBeforeStart < 0.1);
      }
      assert.deepEqual(await client.viewership.viewsOver({ playbackId: 'viewershipseed01' }, JANUARY, by), rows, 'the same figures on every read');
    }
    const byAsset = await client.viewership.viewsOver({ assetId: asset.id }, JANUARY, 'country');
    assert.deepEqual(byAsset, await client.viewership.viewsOver({ playbackId: 'viewershipseed01' }, JANUARY, 'country'), 'per creator: the asset’s own views');
  });

  it('answers usage per period in the service units, and refuses bad periods in its words', async () => {
    emu.store.addAsset({ playbackId: 'viewershipseed01', status: { phase: 'ready', updatedAt: 1 } });
    const stream = emu.store.addStream({ playbackId: 'otherplayback002' });
    const usage = await client.usage.query(JANUARY);
    const played = async (id: string) => (await client.viewership.viewsPerDay(id, JANUARY)).reduce((sum, day) => sum + day.playtimeMins, 0);
    assert.equal(usage.deliveryMins, Math.round(((await played('viewershipseed01')) + (await played('otherplayback002'))) * 100) / 100, 'delivery: the minutes watched');
    assert.ok(usage.transcodeMins > 0 && usage.storageMins > 0);
    assert.deepEqual(await client.usage.query(JANUARY), usage, 'seeded');
    const answered = await raw(`/data/usage/query?from=${JANUARY.from}&to=${JANUARY.to}`);
    assert.deepEqual(Object.keys(answered.json as object), ['UserID', 'DeliveryUsageMins', 'TotalUsageMins', 'StorageUsageMins'], 'capitalised, as the service');

    const tooLong = { from: TO - 400 * DAY_MS, to: TO };
    assert.match((await failure(client.usage.query(tooLong))).message, /^request refused: at most 366 days per query \(GET \/data\/usage\/query → 400\)$/);
    assert.match((await failure(client.viewership.viewsOver({ playbackId: 'viewershipseed01' }, tooLong, 'country'))).message, /^request refused: at most 366 days per query/);
    assert.match((await failure(client.usage.query({ from: TO, to: TO }))).message, /the time range is empty/);
    assert.deepEqual(await raw(`/data/usage/query?from=${TO}&to=${TO - DAY_MS}`), { status: 400, json: { errors: ['from must be before to'] } });
    assert.deepEqual(await raw(`/data/views/query/creator?assetId=a&streamId=${stream.id}`), { status: 400, json: { errors: ['exactly one of assetId or streamId must be provided'] } });
    assert.deepEqual(await raw(`/data/views/query?playbackId=x&breakdownBy[]=planet`), { status: 400, json: { errors: ['invalid breakdownBy: planet'] } });
    assert.equal((await raw(`/data/usage/query?userId=someone-else`)).status, 403);
  });

  it('says in words when the service has no analytics backend', async () => {
    await client.close();
    await emu.close();
    emu = await startEmulator({ analytics: false });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    assert.equal((await failure(client.usage.query(JANUARY))).message, NO_USAGE);
    assert.equal((await failure(client.viewership.viewsOver({ playbackId: 'x' }, JANUARY, 'country'))).message, NO_VIEWER_NUMBERS);

    // The Quality and Usage panel says so in words, instead of figures.
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    const [totals, ...breakdowns] = await Promise.allSettled([viewerQuality(client, { of: { assetId: asset.id }, period: JANUARY }), viewerQuality(client, { of: { assetId: asset.id }, period: JANUARY, by: 'country' })]);
    assert.deepEqual(sectionsOf({ kind: 'content', totals, breakdowns }), { sections: [], problem: 'The service has no viewer numbers for this account (it answers no analytics), so there is nothing to show.' });
    const [usage] = await Promise.allSettled([accountUsage(client, { period: JANUARY })]);
    assert.deepEqual(sectionsOf({ kind: 'account', usage }), { sections: [], problem: 'The service has no usage figures for this account (it answers no analytics), so there is nothing to show.' });
  });

  it('takes a custom period as whole UTC days, first and last included, and says why one is empty', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    assert.deepEqual(customPeriod('2026-10-01', '2026-10-31', now), { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) });
    assert.deepEqual(customPeriod('2026-11-20', '2026-11-30', now), { from: Date.UTC(2026, 10, 20), to: now }, 'up to now at most');
    assert.match(customPeriod('2026-10-31', '2026-10-01', now) as string, /^The period is empty/);
    assert.match(customPeriod('2026-11-27', '2026-11-28', now) as string, /^The period is empty/);
  });
});

describe('viewer quality and usage operations (for the panel and the assistant tools)', () => {
  it('names periods in UTC and reports QoE per group and usage with this month’s totals', async () => {
    const now = Date.UTC(2026, 10, 26, 2, 0);
    assert.deepEqual(periodOf('thisMonth', now), { from: Date.UTC(2026, 10, 1), to: now });
    assert.deepEqual(periodOf('lastMonth', now), { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) });
    assert.deepEqual(periodOf('last7Days', now), { from: now - 7 * DAY_MS, to: now });
    assert.deepEqual(Object.keys(QUALITY_MEANINGS), ['ttffMs', 'rebufferRatio', 'errorRate', 'exitsBeforeStart']);
    const emu = await startEmulator();
    const client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    try {
      const asset = emu.store.addAsset({ playbackId: 'viewershipseed01', status: { phase: 'ready', updatedAt: 1 } });
      const report = await viewerQuality(client, { of: { assetId: asset.id }, period: 'lastMonth', by: 'deviceType', now });
      assert.deepEqual(report.rows, await client.viewership.viewsOver({ assetId: asset.id }, periodOf('lastMonth', now), 'deviceType'));
      const usage = await accountUsage(client, { period: 'lastMonth', now });
      assert.deepEqual(usage.usage, await client.usage.query(periodOf('lastMonth', now)));
      assert.deepEqual(usage.thisMonth, await client.usage.query(periodOf('thisMonth', now)));
    } finally {
      await client.close();
      await emu.close();
    }
  });
});
