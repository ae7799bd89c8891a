import assert from 'node:assert/strict';
import { AssetWatcher, StudioClient, type Asset, type AssetSubscriber, type Clock } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';

/** A clock whose timers run only when the test says so. */
class ManualClock implements Clock {
  private timers = new Map<number, { run: () => void; at: number }>();
  private next = 0;
  time = 1_000_000;

  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.next;
    this.timers.set(id, { run, at: this.time + ms });
    return id;
  }

  clearTimeout(timer: unknown): void {
    this.timers.delete(timer as number);
  }

  now(): number {
    return this.time;
  }

  /** The delays of the armed timers, from now. */
  get pending(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time);
  }

  /** Moves time to the earliest timer and runs it. */
  tick(): void {
    const [id, timer] = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? assert.fail('no timer is armed');
    this.timers.delete(id);
    this.time = timer.at;
    timer.run();
  }
}

/** A subscriber that records what it was told. */
function recorder(options: Pick<AssetSubscriber, 'giveUpAfterMs'> = {}) {
  const seen: { updates: Asset[]; gone: number } = { updates: [], gone: 0 };
  const subscriber: AssetSubscriber = { ...options, onUpdate: (asset) => seen.updates.push(asset), onGone: () => seen.gone++ };
  return { seen, subscriber };
}

describe('AssetWatcher: one poll per asset, shared by the views, against the emulator', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let watcher: AssetWatcher;
  let clock: ManualClock;

  before(async () => {
    emu = await startEmulator({ processingDelayMs: 20 });
  });

  after(() => emu?.close());

  beforeEach(() => {
    clock = new ManualClock();
    const client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'watcher-test', retry: { maxRetries: 0 } });
    watcher = new AssetWatcher({ client: () => client }, clock);
  });

  afterEach(() => watcher.dispose());

  const reads = (assetId: string) => emu.requests.filter((r) => r.method === 'GET' && r.url === `/api/asset/${assetId}`).length;

  /** Runs one tick and waits until its request was answered and heard (or the watch ended). */
  async function tick(heard: () => number): Promise<void> {
    const before = heard();
    clock.tick();
    await waitFor(() => heard() > before, 10_000);
  }

  it('reads an asset once per tick however many subscribe, and tells each of them', async () => {
    const asset = emu.store.addAsset({ name: 'shared', status: { phase: 'processing', progress: 0.3 } });
    const uploads = recorder({ giveUpAfterMs: 2 * 3600_000 });
    const assets = recorder();
    watcher.subscribe(asset.id, uploads.subscriber);
    watcher.subscribe(asset.id, assets.subscriber);
    assert.deepEqual(clock.pending, [1_000], 'one timer for the asset, at the first delay');
    await tick(() => assets.seen.updates.length);
    await tick(() => assets.seen.updates.length);
    assert.equal(reads(asset.id), 2, 'one request per tick');
    assert.equal(uploads.seen.updates.length, 2);
    assert.equal(assets.seen.updates[1].status?.progress, 0.3);
    assert.deepEqual(clock.pending, [1_500], 'the delay grows while nothing moves');
  });

  it('starts the delay over when the asset moves on, and stops once it settles', async () => {
    const asset = emu.store.addAsset({ name: 'settles', status: { phase: 'processing', progress: 0.1 } });
    const one = recorder();
    watcher.subscribe(asset.id, one.subscriber);
    await tick(() => one.seen.updates.length);
    await tick(() => one.seen.updates.length);
    assert.deepEqual(clock.pending, [1_500]);
    emu.store.assets.get(asset.id)!.status = { phase: 'processing', progress: 0.5, updatedAt: Date.now() };
    await tick(() => one.seen.updates.length);
    assert.deepEqual(clock.pending, [1_000], 'followed closely again after a move');
    emu.store.assets.get(asset.id)!.status = { phase: 'ready', updatedAt: Date.now() };
    await tick(() => one.seen.updates.length);
    assert.equal(one.seen.updates.at(-1)?.status?.phase, 'ready');
    assert.deepEqual(clock.pending, [], 'no further poll once ready');
    assert.equal(reads(asset.id), 4);
  });

  it('tells every subscriber when the asset was deleted (404) and stops', async () => {
    const asset = emu.store.addAsset({ name: 'deleted', status: { phase: 'waiting' } });
    const a = recorder();
    const b = recorder();
    watcher.subscribe(asset.id, a.subscriber);
    watcher.subscribe(asset.id, b.subscriber);
    emu.store.deleteAsset(asset.id);
    await tick(() => b.seen.gone);
    assert.deepEqual([a.seen.gone, b.seen.gone], [1, 1]);
    assert.deepEqual(clock.pending, [], 'stopped');
    assert.equal(reads(asset.id), 1);
  });

  it('polls while any subscriber is left: the last one to leave (or give up) ends the polling', async () => {
    const asset = emu.store.addAsset({ name: 'counted', status: { phase: 'processing', progress: 0.2 } });
    const shortLived = recorder({ giveUpAfterMs: 3_000 });
    const view = recorder();
    watcher.subscribe(asset.id, shortLived.subscriber);
    const viewSubscription = watcher.subscribe(asset.id, view.subscriber);
    await tick(() => view.seen.updates.length);
    await tick(() => view.seen.updates.length);
    await tick(() => view.seen.updates.length);
    assert.equal(shortLived.seen.updates.length, 2, 'given up past its time, keeping the last state');
    assert.equal(view.seen.updates.length, 3);
    viewSubscription.dispose();
    assert.deepEqual(clock.pending, [], 'nobody left: no timer');
    assert.equal(reads(asset.id), 3);
  });

  it('a new subscriber starts the delay over for an asset already followed', async () => {
    const asset = emu.store.addAsset({ name: 'joined', status: { phase: 'processing', progress: 0.7 } });
    const first = recorder();
    watcher.subscribe(asset.id, first.subscriber);
    await tick(() => first.seen.updates.length);
    await tick(() => first.seen.updates.length);
    assert.deepEqual(clock.pending, [1_500]);
    watcher.subscribe(asset.id, recorder().subscriber);
    assert.deepEqual(clock.pending, [1_000]);
  });
});
