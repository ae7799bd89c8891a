import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { StudioClient, type ApiCallRecord, type StreamTargetRef } from '../../src/api';
import { deleteTarget } from '../../src/operations/deleteTarget';
import { multistreamStatus } from '../../src/operations/multistreamStatus';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN = 'tok-multistream-4e1a';
const KEY = 'live_7781234_SeCrEtKeYzzzz9981';
const TARGET_URL = `rtmp://a.rtmp.youtube.com:1935/live2/${KEY}`;

describe('multistream targets: emulator routes and client over real HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;
  let calls: ApiCallRecord[];

  async function raw(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${emu.apiUrl}${path}`, { method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, text, error: () => (JSON.parse(text) as { errors: string[] }).errors[0] ?? '' };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], defaultPageSize: 2 });
    calls = [];
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  it('lists only with the own userId (400 without, 403 for another), and never returns a URL', async () => {
    assert.deepEqual([(await raw('GET', '/multistream/target')).status, (await raw('GET', '/multistream/target')).error()], [400, 'required query parameter: userId']);
    assert.equal((await raw('GET', '/multistream/target?userId=someone-else')).status, 403);
    const created = await client.multistream.create({ url: TARGET_URL });
    assert.equal(created.name, 'a.rtmp.youtube.com:1935', 'the service names it after host:port');
    assert.equal(created.disabled, false);
    for (let i = 0; i < 3; i++) await client.multistream.create({ url: `srt://srt.example.com:9000?streamid=another-key-${i}`, name: `Mine ${i}` });
    const listed = await client.multistream.list();
    assert.equal(listed.length, 4, 'every page is read (page size 2)');
    const text = JSON.stringify([created, listed, await client.multistream.get(created.id)]);
    assert.ok(!text.includes(KEY) && !text.includes('"url"'), 'the URL (with its key) is never returned');
    assert.equal(emu.multistream.targets.get(created.id)?.url, TARGET_URL, 'the service got the URL');
    // Targets are the user's: another project's key of the same user sees them too.
    const other = emu.accounts.addProject(emu.store.userId, 'Second');
    const second = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => other.token, userAgent: 'test', retry: { maxRetries: 0 } });
    try {
      assert.equal((await second.multistream.list()).length, 4);
    } finally {
      await second.close();
    }
  });

  it('refuses what the service refuses, with its codes, and never echoes the key', async () => {
    const upper = await raw('POST', '/multistream/target', { url: `RTMP://host/${KEY}` });
    assert.equal(upper.status, 422);
    assert.match(upper.error(), /must match pattern/);
    assert.equal((await raw('POST', '/multistream/target', { url: TARGET_URL, extra: 1 })).status, 422);
    const unsent = await failure(client.multistream.create({ url: `http://host/${KEY}` }));
    assert.equal(unsent.kind, 'config');
    assert.ok(!unsent.message.includes(KEY));
    // The service makes a target named "" of a bare scheme (as the emulator does); the client refuses it first.
    const bare = await raw('POST', '/multistream/target', { url: 'rtmp://' });
    assert.deepEqual([bare.status, (JSON.parse(bare.text) as { name: string }).name], [201, '']);
    const sentBefore = calls.length;
    for (const url of ['rtmp://', 'rtmps://', 'srt://', 'rtmp:///live/abc']) {
      const refused = await failure(client.multistream.create({ url }));
      assert.equal(refused.kind, 'config', url);
      assert.match(refused.message, /names no server/, url);
    }
    assert.equal(calls.length, sentBefore, 'nothing was sent');
    assert.equal((await raw('GET', '/multistream/target/nope')).error(), 'not found');
    const created = await client.multistream.create({ url: TARGET_URL, name: 'YouTube' });
    await client.multistream.update(created.id, { disabled: true });
    assert.equal((await raw('PATCH', `/multistream/target/${created.id}`, { name: '' })).status, 204);
    const after = await client.multistream.get(created.id);
    assert.deepEqual([after.name, after.disabled], ['YouTube', true], 'an empty name is ignored');
    // A service (or proxy) that echoes the request: the key is blanked from the error and the log.
    emu.faults.fail({ origin: 'api', method: 'PATCH', path: `/api/multistream/target/${created.id}`, status: 500, body: { errors: [`bad target ${TARGET_URL} (${encodeURIComponent(KEY)})`] } });
    const echoed = await failure(client.multistream.update(created.id, { url: TARGET_URL.replace('live2', 'live3') }));
    assert.ok(!echoed.message.includes(KEY) && !echoed.message.includes(encodeURIComponent(KEY)), echoed.message);
    assert.ok(!JSON.stringify(calls).includes(KEY), 'no log line carries the key');
  });

  it('attaches by id and by spec, checks profiles and uniqueness, and detaches', async () => {
    const stream = await client.streams.create({ name: 'Show' });
    assert.deepEqual(stream.profiles?.map((profile) => profile.name), ['240p0', '360p0', '480p0', '720p0'], 'the default ladder');
    const target = await client.multistream.create({ url: TARGET_URL });
    const added = await client.streams.addTarget(stream.id, { id: target.id, profile: '720p0', videoOnly: true });
    assert.equal(added?.id, target.id, 'the service answers 200 with the target');
    const wrong = await failure(client.streams.addTarget(stream.id, { id: target.id, profile: '1080p0' }));
    assert.match(wrong.message, /multistream target profile not found: "1080p0"\. available: \["240p0","360p0","480p0","720p0","source"\]/);
    assert.match((await failure(client.streams.addTarget(stream.id, { id: target.id, profile: '720p0' }))).message, /must be unique/);
    const fromSpec = await client.streams.addTarget(stream.id, { spec: { url: `rtmps://live.twitch.tv/app/${KEY}x`, name: 'Twitch' }, profile: 'source' });
    assert.equal(fromSpec?.name, 'Twitch');
    const refs = (await client.streams.get(stream.id)).multistream?.targets as StreamTargetRef[];
    assert.deepEqual(refs, [{ id: target.id, profile: '720p0', videoOnly: true }, { id: fromSpec?.id, profile: 'source' }], 'a stream shows only id, profile, videoOnly');
    await client.streams.removeTarget(stream.id, target.id);
    await client.streams.removeTarget(stream.id, 'not-on-it');
    assert.deepEqual((await client.streams.get(stream.id)).multistream?.targets?.map((ref) => ref.id), [fromSpec?.id]);
    await client.streams.update(stream.id, { multistream: {} });
    assert.deepEqual((await client.streams.get(stream.id)).multistream, {}, '{} clears');
    assert.ok(!JSON.stringify(calls).includes(KEY));
  });

  it('a deleted target leaves a dangling reference; deleteTarget detaches it first', async () => {
    const stream = await client.streams.create({ name: 'Show' });
    const [a, b] = [await client.multistream.create({ url: TARGET_URL }), await client.multistream.create({ url: `${TARGET_URL}b` })];
    await client.streams.update(stream.id, { multistream: { targets: [{ id: a.id, profile: 'source' }] } });
    await client.multistream.delete(a.id);
    assert.deepEqual((await client.streams.get(stream.id)).multistream?.targets?.map((ref) => ref.id), [a.id], 'the service leaves the reference');
    const broken = await failure(client.streams.addTarget(stream.id, { id: b.id, profile: 'source' }));
    assert.equal(broken.status, 400);
    assert.match(broken.message, new RegExp(`multistream target not found: "${a.id}"`));
    await client.streams.update(stream.id, { multistream: { targets: [{ id: b.id, profile: '240p0' }] } });
    const other = await client.streams.create({ name: 'Other', multistream: { targets: [{ id: b.id, profile: 'source' }] } });
    const done = await deleteTarget(client, b.id);
    assert.deepEqual(done.detachedFrom.sort(), ['Other', 'Show']);
    assert.equal(emu.multistream.targets.has(b.id), false);
    for (const id of [stream.id, other.id]) {
      assert.deepEqual((await client.streams.get(id)).multistream, {}, 'no reference left behind');
      await client.streams.addTarget(id, { spec: { url: `${TARGET_URL}c` }, profile: 'source' });
    }
  });

  it('a live stream reports its pushes as multistream.connected / error / disconnected into the webhook log, never with the URL; multistreamStatus reads the last one per target', async () => {
    const receiver = createServer((req, res) => (req.resume(), req.on('end', () => res.writeHead(204).end())));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const good = await client.multistream.create({ url: TARGET_URL, name: 'YouTube' });
      const bad = await client.multistream.create({ url: 'rtmp://live.twitch.tv/app/other_key_991', name: 'Twitch' });
      const off = await client.multistream.create({ url: 'srt://srt.example.com:9000', name: 'Off', disabled: true });
      const stream = await client.streams.create({ name: 'restream', multistream: { targets: [{ id: good.id, profile: 'source' }, { id: bad.id, profile: '720p0' }, { id: off.id, profile: 'source' }] } });
      assert.deepEqual(await multistreamStatus(client, stream.id), { reporters: [], byTarget: new Map() }, 'no webhook subscribed: nothing reports');
      const webhook = await client.webhooks.create({ name: 'pushes', url, events: ['multistream.connected', 'multistream.error', 'multistream.disconnected'] });
      emu.multistream.failing.add(bad.id);
      const live = emu.store.streams.get(stream.id);
      assert.ok(live);
      emu.store.startSession(live);
      const logged = async (count: number) => {
        for (;;) {
          const { items } = await client.webhooks.listDeliveriesPage(webhook.id, { resourceId: stream.id });
          if (items.length >= count) return items;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const started = await logged(2);
      assert.deepEqual(started.map((d) => d.event).sort(), ['multistream.connected', 'multistream.error']);
      assert.ok(started.every((d) => !d.request.body.includes(KEY) && !d.request.body.includes('other_key_991')), 'no target URL in an event');
      const body = JSON.parse(started.find((d) => d.event === 'multistream.connected')?.request.body ?? '{}') as { payload?: unknown };
      assert.deepEqual(body.payload, { target: { id: good.id, name: 'YouTube', profile: 'source' } });
      let status = await multistreamStatus(client, stream.id);
      assert.deepEqual(status.reporters, ['pushes']);
      assert.deepEqual([status.byTarget.get(good.id)?.event, status.byTarget.get(bad.id)?.event, status.byTarget.has(off.id)], ['multistream.connected', 'multistream.error', false]);
      emu.store.endLiveSession(live);
      await logged(3);
      status = await multistreamStatus(client, stream.id);
      assert.deepEqual([status.byTarget.get(good.id)?.event, status.byTarget.get(bad.id)?.event], ['multistream.disconnected', 'multistream.error']);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
