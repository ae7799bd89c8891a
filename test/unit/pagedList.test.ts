import assert from 'node:assert/strict';
import { StudioClient, type Stream } from '../../src/api';
import { PagedList, READ_AHEAD_FRESH_MS } from '../../src/ui/common/pagedList';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'tok-paged-7c2d';

describe('PagedList: the paging state of every listed view (Streams, Assets, Webhooks, Tasks, Multistream Targets)', () => {
  let emu: Emulator;
  let client: StudioClient;
  let requests: number;
  let limits: number[];

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    for (const name of ['a', 'b', 'c', 'd', 'e']) emu.store.addStream({ name });
    requests = 0;
    limits = [];
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  let now = 0;
  const streams = (prepare?: (items: Stream[], current: () => boolean) => Promise<void>) =>
    new PagedList<Stream>((cursor, limit = 2) => (requests++, limits.push(limit), client.streams.listPage({}, cursor, limit)), prepare, () => now);
  /** Waits for the page read ahead (started, not awaited, once a page shows) to come back: a condition, not a time. */
  const settle = async (list: PagedList<Stream>) => {
    await (list as unknown as { ahead?: { page: Promise<unknown> } }).ahead?.page.catch(() => undefined);
  };
  const ids = (list: PagedList<Stream>) => list.items.map((s) => s.id);

  it('loads the first page once for callers that ask together, then appends pages until the last', async () => {
    const list = streams();
    assert.equal(list.isLoaded, false);
    await Promise.all([list.load(), list.load()]);
    assert.equal(requests, 2, 'the first page once, and the next read ahead');
    assert.deepEqual([list.items.length, list.hasMore], [2, true]);
    assert.equal(await list.loadMore(), true);
    assert.equal(await list.loadMore(), true);
    assert.deepEqual([list.items.length, list.hasMore, new Set(ids(list)).size], [5, false, 5]);
    assert.equal(await list.loadMore(), false, 'no page after the last');
    assert.equal(requests, 3, 'nothing read ahead of the last page');
  });

  it('reads the next page ahead, so Load more… sends no request for the page it shows', async () => {
    const list = streams();
    await list.load();
    await settle(list);
    const cursors = () => emu.requests.filter((r) => r.url.startsWith('/api/stream')).map((r) => new URL(r.url, emu.apiUrl).searchParams.get('cursor'));
    const ahead = cursors();
    assert.equal(ahead.length, 2);
    assert.ok(ahead[1], 'the read-ahead asks for the page after the first');
    assert.equal(await list.loadMore(), true);
    await settle(list);
    assert.equal(list.items.length, 4);
    const after = cursors();
    assert.equal(after.length, 3, 'one more request: the read-ahead of the page after the one shown');
    assert.notEqual(after[2], ahead[1]);
  });

  it('reads a page again when the one read ahead is a minute old (its rows may have changed since)', async () => {
    const list = streams();
    await list.load();
    await settle(list);
    // The first row of the page read ahead, as the service orders it (not the store's insertion order:
    // streams made in different milliseconds list newest first, and the oldest is on the third page).
    const nextId = (await client.streams.listPage({}, undefined, 4)).items[2]?.id;
    const next = nextId ? emu.store.streams.get(nextId) : undefined;
    assert.ok(next && !ids(list).includes(next.id));
    next.record = true;
    now += READ_AHEAD_FRESH_MS;
    await list.loadMore();
    assert.equal(list.items.find((s) => s.id === next.id)?.record, true, 'the row shows as it is now');
    assert.equal(requests, 4, 'first page, read-ahead, the page read again, the next read-ahead');
  });

  it('reads a page again when its read-ahead failed, and reports only what the click met', async () => {
    let armed = false;
    const list = streams(async () => {
      if (armed) return;
      armed = true;
      emu.faults.fail({ origin: 'api', path: '/api/stream', status: 500 });
    });
    await list.load();
    await settle(list);
    assert.equal(emu.requests.filter((r) => r.url.startsWith('/api/stream')).at(-1)?.status, 500, 'the read-ahead failed');
    assert.equal(await list.loadMore(), true);
    assert.equal(list.items.length, 4);
  });

  it('drops a page that arrives after a reset, and loads afresh', async () => {
    const list = streams();
    const stale = list.load();
    list.reset();
    await stale;
    assert.equal(list.isLoaded, false);
    await list.load();
    assert.equal(list.items.length, 2);
    const more = list.loadMore();
    list.reset();
    assert.equal(await more, false);
    assert.deepEqual([list.isLoaded, list.items.length], [false, 0]);
  });

  it('drops a failure that arrives after a reset: the list now says nothing of the old token or filters', async () => {
    const list = streams();
    emu.faults.fail({ origin: 'api', method: 'GET', path: '/api/stream', status: 503 });
    const stale = list.load();
    list.reset();
    await stale;
    await list.load();
    assert.equal(list.items.length, 2);
    await settle(list);
    // The page read ahead is stale by now: Load more… reads it again, and that read fails.
    now += READ_AHEAD_FRESH_MS;
    emu.faults.fail({ origin: 'api', method: 'GET', path: '/api/stream', status: 503 });
    const more = list.loadMore();
    list.reset();
    assert.equal(await more, false);
  });

  it('prepares each page before its rows show, and tells the preparation when the list was reset', async () => {
    const seen: Array<{ names: string[]; shownBefore: number; current: boolean }> = [];
    let reset = false;
    const list: PagedList<Stream> = streams(async (items, current) => {
      if (reset) list.reset();
      seen.push({ names: items.map((s) => s.name ?? ''), shownBefore: list.items.length, current: current() });
    });
    await list.load();
    assert.deepEqual(seen, [{ names: list.items.map((s) => s.name), shownBefore: 0, current: true }]);
    reset = true;
    assert.equal(await list.loadMore(), false);
    assert.deepEqual([seen[1].names.length, seen[1].shownBefore, seen[1].current], [2, 0, false]);
  });

  it('keeps the row already shown when a later page repeats it, and edits rows only once loaded', async () => {
    const list = streams();
    assert.equal(list.update((items) => items.slice(1)), false, 'nothing to edit before the first page');
    await list.load();
    const added = emu.store.addStream({ name: 'newest' });
    assert.equal(list.update((items) => [{ ...added, name: 'shown' }, ...items]), true);
    while (list.hasMore) await list.loadMore();
    assert.equal(list.items[0].name, 'shown');
    assert.deepEqual(list.items.map((s) => s.name).sort(), ['a', 'b', 'c', 'd', 'e', 'shown']);
  });

  it('Load more… asks for as many rows as are shown: thousands of rows in a few clicks (each click re-renders the whole list)', async () => {
    for (const name of ['f', 'g', 'h', 'i', 'j', 'k']) emu.store.addStream({ name });
    const list = streams();
    await list.load();
    while (list.hasMore) await list.loadMore();
    assert.deepEqual(limits, [2, 2, 4, 8], '2 shown, then 4, 8, and the last 3 of 11');
    assert.equal(list.items.length, 11);
  });

  it('past 500 rows each Load more… reads to the end of the next page group (501–1,000, then by 1,000: each click fills one group)', async () => {
    for (let i = 0; i < 2_500; i++) emu.store.addStream({ name: `bulk ${i}` });
    const list = streams();
    await list.load();
    const shown: number[] = [];
    while (list.hasMore) {
      await list.loadMore();
      shown.push(list.items.length);
    }
    assert.deepEqual(shown, [4, 8, 16, 32, 64, 128, 256, 500, 1_000, 2_000, 2_505], 'doubling up to 500, then to 1,000, then 1,000 a click');
    assert.deepEqual(limits, [2, 2, 4, 8, 16, 32, 64, 128, 244, 500, 1_000, 1_000]);
  });

  it('re-reads the loaded rows in one request: unchanged rows keep their object, Load more… continues after them', async () => {
    const list = streams();
    await list.load();
    await list.loadMore();
    const before = list.items;
    const changed = [...emu.store.streams.values()].find((s) => s.id === before[3].id);
    assert.ok(changed);
    changed.record = true;
    requests = 0;
    const reread = await list.reread();
    assert.deepEqual([requests, limits.at(-1)], [1, 4], 'the 4 shown rows at once');
    assert.deepEqual(reread?.before, before);
    assert.equal(reread?.same, false, 'a row changed: the view draws again');
    assert.deepEqual(
      list.items.map((item, i) => item === before[i]),
      [true, true, true, false],
      'only the changed row is a new object',
    );
    assert.equal(list.items[3].record, true);
    assert.equal(list.hasMore, true);
    await list.loadMore();
    assert.deepEqual(list.items.map((s) => s.name).sort(), ['a', 'b', 'c', 'd', 'e'], 'the next page follows the re-read rows');
  });

  it('re-reads to the end when every row was shown (a new row shows), and gives way to a change made meanwhile', async () => {
    const list = streams();
    await list.load();
    while (list.hasMore) await list.loadMore();
    emu.store.addStream({ name: 'f' });
    await list.reread();
    assert.deepEqual([list.items.length, list.hasMore], [6, false]);

    const reread = list.reread();
    list.update((items) => items.slice(1));
    assert.equal(await reread, undefined, 'the list changed while it was read: the newer state stays');
    assert.equal(list.items.length, 5);
    assert.equal(await streams().reread(), undefined, 'nothing loaded, nothing re-read');
  });

  it('says when a re-read found nothing new (the Tasks view then waits longer and draws nothing)', async () => {
    const list = streams();
    await list.load();
    assert.equal((await list.reread())?.same, true, 'the same rows with the same data');
    const first = [...emu.store.streams.values()].find((s) => s.id === list.items[0].id);
    assert.ok(first);
    first.record = true;
    assert.equal((await list.reread())?.same, false, 'a row changed');
    assert.equal((await list.reread())?.same, true, 'and nothing since');
    while (list.hasMore) await list.loadMore();
    emu.store.addStream({ name: 'f' });
    assert.equal((await list.reread())?.same, false, 'a row more');
  });
});
