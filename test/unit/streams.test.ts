import assert from 'node:assert/strict';
import { request } from 'undici';
import { StudioClient, ingestAddresses, studioDashboardUrl } from '../../src/api';
import { rowDuration } from '../../src/ui/common/format';
import { CHECK, FILTER_CHOICES, FILTER_GROUPS } from '../../src/ui/streams/filterChoices';
import { startEmulator, type Emulator, type EmulatorStream } from '../emulator';
import { localizedManifest } from './helpers/manifest';
import { failure } from './helpers/studioErrors';

const TOKEN = 'tok-streams-4b1e';

/** One raw request to the emulator, so status codes and texts are seen as the service sends them. */
async function raw(emu: Emulator, method: string, path: string, body?: unknown, token: string | null = TOKEN) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${emu.apiUrl}${path}`, { method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) as unknown, errors: () => (JSON.parse(text) as { errors: string[] }).errors };
}

describe('streams: emulator routes and client operations', () => {
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20, defaultPageSize: 3 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  /** A stream with past sessions: one recorded and ready, one waiting, one unrecorded, one that never sent video. */
  function streamWithSessions(): { stream: EmulatorStream; sessions: EmulatorStream[] } {
    const stream = emu.store.addStream({ name: 'show', record: true, lastSeen: 1_000 });
    const at = (lastSeen: number, fields: Partial<EmulatorStream>) =>
      emu.store.addStream({ parentId: stream.id, lastSeen, createdAt: lastSeen - 600_000, sourceSegments: 10, sourceSegmentsDuration: 600, ...fields });
    const sessions = [
      at(900, { record: true, recordingStatus: 'ready' }),
      at(950, { record: true, recordingStatus: 'waiting' }),
      at(800, { record: false, recordingStatus: 'none' }),
      at(990, { sourceSegments: 0 }),
    ];
    return { stream, sessions };
  }

  describe('emulator', () => {
    it('POST /stream answers 201 with stream key and playback id; validates like the service', async () => {
      const created = await raw(emu, 'POST', '/stream', { name: 'cam', record: true, playbackPolicy: { type: 'jwt' } });
      assert.equal(created.status, 201);
      const stream = created.json() as EmulatorStream;
      assert.ok(stream.streamKey && stream.playbackId && stream.id);
      assert.deepEqual([stream.name, stream.record, stream.isActive, stream.suspended, stream.playbackPolicy?.type], ['cam', true, false, false, 'jwt']);

      const missing = await raw(emu, 'POST', '/stream', {});
      assert.equal(missing.status, 422);
      assert.match(missing.errors()[0], /must have required property 'name'/);
      const unknown = await raw(emu, 'POST', '/stream', { name: 'x', colour: 'red' });
      assert.match(unknown.errors()[0], /must NOT have additional properties/);
      const badPolicy = await raw(emu, 'POST', '/stream', { name: 'x', playbackPolicy: { type: 'secret' } });
      assert.equal(badPolicy.status, 422);
      assert.match(badPolicy.errors()[0], /allowed values/);
    });

    it('PATCH record: 204, 400 while live; PATCH suspended: 204 and cuts, 422 without the property; sessions refuse patches', async () => {
      const { stream, sessions } = streamWithSessions();
      assert.equal((await raw(emu, 'PATCH', `/stream/${stream.id}/record`, { record: false })).status, 204);
      assert.equal(emu.store.streams.get(stream.id)?.record, false);

      const live = emu.store.startSession(stream);
      const refused = await raw(emu, 'PATCH', `/stream/${stream.id}/record`, { record: true });
      assert.deepEqual([refused.status, refused.errors()], [400, ["cannot change 'record' field while stream is active"]]);
      const general = await raw(emu, 'PATCH', `/stream/${stream.id}`, { record: true });
      assert.equal(general.status, 400);

      const noProperty = await raw(emu, 'PATCH', `/stream/${stream.id}/suspended`, {});
      assert.deepEqual([noProperty.status, noProperty.errors()], [422, ['missing suspended property']]);
      assert.equal((await raw(emu, 'PATCH', `/stream/${stream.id}/suspended`, { suspended: true })).status, 204);
      assert.deepEqual([stream.suspended, stream.isActive, live.isActive], [true, false, false], 'suspending cuts the live session');
      assert.equal((await raw(emu, 'PATCH', `/stream/${stream.id}/suspended`, { suspended: false })).status, 204);
      assert.equal(stream.suspended, false);

      const onSession = await raw(emu, 'PATCH', `/stream/${sessions[0].id}`, { name: 'x' });
      assert.deepEqual([onSession.status, onSession.errors()], [400, ["can't patch stream session"]]);
      assert.equal((await raw(emu, 'PATCH', `/stream/${sessions[0].id}/record`, { record: true })).status, 400);
      assert.equal((await raw(emu, 'PATCH', '/stream/nope/record', { record: true })).status, 404);
      assert.equal((await raw(emu, 'PATCH', `/stream/${stream.id}`, { name: 'renamed' })).status, 204);
      assert.equal(stream.name, 'renamed');
    });

    it('terminate: 204 ends the live session and starts its recording; 429 when repeated fast', async () => {
      const stream = emu.store.addStream({ name: 'live', record: true });
      const session = emu.store.startSession(stream);
      assert.equal(session.recordingStatus, 'waiting');
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}/terminate`)).status, 204);
      assert.deepEqual([stream.isActive, session.isActive], [false, false]);
      const again = await raw(emu, 'DELETE', `/stream/${stream.id}/terminate`);
      assert.deepEqual([again.status, again.errors()], [429, ['too many terminate requests']]);
      await new Promise((resolve) => setTimeout(resolve, 80));
      assert.equal(session.recordingStatus, 'ready', 'the recording is processed after the session ends');
      assert.equal(emu.store.streams.has(stream.id), true, 'terminate does not delete');
    });

    it('terminate again within the interval: 429 without Retry-After; after it, 204 (settable interval, 5 s by default)', async () => {
      const quick = await startEmulator({ tokens: [TOKEN], terminateIntervalMs: 300 });
      try {
        const stream = quick.store.addStream({ name: 'live' });
        quick.store.startSession(stream);
        assert.equal((await raw(quick, 'DELETE', `/stream/${stream.id}/terminate`)).status, 204);
        const again = await raw(quick, 'DELETE', `/stream/${stream.id}/terminate`);
        assert.deepEqual([again.status, again.errors(), again.headers['retry-after']], [429, ['too many terminate requests'], undefined]);
        await new Promise((resolve) => setTimeout(resolve, 350));
        assert.equal((await raw(quick, 'DELETE', `/stream/${stream.id}/terminate`)).status, 204);
      } finally {
        await quick.close();
      }
      const stream = emu.store.addStream({ name: 'default' });
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}/terminate`)).status, 204);
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}/terminate`)).status, 429, 'the default is the service’s ~5 s');
    });

    it('failAfterChange: delete, suspend and terminate make the change and answer 500 Internal server error', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      emu.store.startSession(stream);
      emu.faults.failAfterChange({ origin: 'api', path: /\/terminate$/ });
      const cut = await raw(emu, 'DELETE', `/stream/${stream.id}/terminate`);
      assert.deepEqual([cut.status, cut.errors(), stream.isActive], [500, ['Internal server error'], false]);
      emu.faults.failAfterChange({ origin: 'api', path: /\/suspended$/ });
      assert.equal((await raw(emu, 'PATCH', `/stream/${stream.id}/suspended`, { suspended: true })).status, 500);
      assert.equal(stream.suspended, true);
      emu.faults.failAfterChange({ origin: 'api', method: 'DELETE', path: /^\/api\/stream\/[^/]+$/ });
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}`)).status, 500);
      assert.equal(stream.deleted, true);
      emu.faults.failAfterChange({ origin: 'api', method: 'DELETE', path: /^\/api\/stream\/[^/]+$/ });
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}`)).status, 404, 'an error answer is left as it is');
    });

    it('GET /stream: child session objects unless streamsonly=1; name is one case-insensitive substring, `_` any one character, `%` a 400', async () => {
      const { stream, sessions } = streamWithSessions();
      const other = emu.store.addStream({ name: 'Side_Cam 1', lastSeen: 500 });
      emu.store.addStream({ name: 'SideXCam 1', lastSeen: 400 });
      const list = async (query: string) => ((await raw(emu, 'GET', `/stream?limit=20${query}`)).json() as EmulatorStream[]).map((s) => s.id);
      const all = await list('');
      assert.ok(sessions.every((child) => all.includes(child.id)), 'children are listed without streamsonly');
      assert.deepEqual(await list('&streamsonly=1'), [stream.id, other.id, all.at(-1)]);
      const byName = (value: string) => list(`&streamsonly=1&filters=${encodeURIComponent(JSON.stringify([{ id: 'name', value }]))}`);
      assert.deepEqual(await byName('cam 1'), [other.id, all.at(-1)], 'case-insensitive substring');
      assert.deepEqual(await byName('1 cam'), [], 'the whole text, not its words');
      assert.deepEqual((await byName('e_c')).length, 2, '`_` matches any one character');
      assert.deepEqual(await byName('e\\_c'), [other.id], '`\\_` matches `_` itself');
      const percent = await raw(emu, 'GET', `/stream?filters=${encodeURIComponent(JSON.stringify([{ id: 'name', value: '100%' }]))}`);
      assert.deepEqual([percent.status, percent.errors()], [400, ['error parsing filters: URIError: URI malformed']]);
    });

    it('DELETE marks the stream deleted: 204, then 404 and gone from lists and playback', async () => {
      const stream = emu.store.addStream({ name: 'gone' });
      emu.store.startSession(stream);
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}`)).status, 204);
      assert.equal(stream.isActive, false, 'a live stream is cut');
      const get = await raw(emu, 'GET', `/stream/${stream.id}`);
      assert.deepEqual([get.status, get.errors()], [404, ['not found']]);
      assert.equal((await raw(emu, 'DELETE', `/stream/${stream.id}`)).status, 404);
      assert.deepEqual(await raw(emu, 'GET', '/stream?streamsonly=1').then((r) => r.json()), []);
      assert.equal((await raw(emu, 'GET', `/playback/${stream.playbackId}`)).status, 404);
    });

    it('sessions: only those with video, most recently seen first, recording URLs when ready, no Link header, record filter, paging', async () => {
      const { stream, sessions } = streamWithSessions();
      const reply = await raw(emu, 'GET', `/stream/${stream.id}/sessions?limit=10`);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.link, undefined);
      const rows = reply.json() as Array<EmulatorStream & { recordingUrl?: string; mp4Url?: string }>;
      assert.deepEqual(rows.map((r) => r.id), [sessions[1].id, sessions[0].id, sessions[2].id]);
      assert.deepEqual(rows.map((r) => r.recordingStatus), ['waiting', 'ready', 'none']);
      assert.match(rows[1].recordingUrl ?? '', /\/recordings\/.+\/index\.m3u8$/);
      assert.match(rows[1].mp4Url ?? '', /\.mp4$/);
      assert.equal(rows[0].recordingUrl, undefined);
      assert.ok(rows.every((r) => r.streamKey === undefined), 'sessions carry no stream key');

      const recorded = (await raw(emu, 'GET', `/stream/${stream.id}/sessions?record=1`)).json() as EmulatorStream[];
      assert.deepEqual(recorded.map((r) => r.id), [sessions[1].id, sessions[0].id]);
      const second = (await raw(emu, 'GET', `/stream/${stream.id}/sessions?limit=2&cursor=skip2`)).json() as EmulatorStream[];
      assert.deepEqual(second.map((r) => r.id), [sessions[2].id]);
      assert.equal((await raw(emu, 'GET', '/stream/nope/sessions')).status, 404);

      const playback = (await raw(emu, 'GET', `/playback/${sessions[0].playbackId}`, undefined, null)).json() as { type: string };
      assert.equal(playback.type, 'recording');
    });

    it('GET /ingest answers without a token; stream routes need one', async () => {
      const ingest = await raw(emu, 'GET', '/ingest', undefined, null);
      assert.equal(ingest.status, 200);
      const [point] = ingest.json() as Array<{ ingest: string; playback: string; base: string }>;
      assert.match(point.ingest, /^rtmp:\/\/127\.0\.0\.1\/live$/);
      assert.equal((await raw(emu, 'POST', '/stream', { name: 'x' }, null)).status, 401);
    });

    it('seeds live streams with health, a signed stream, and sessions with ready and waiting recordings', async () => {
      const seeded = await startEmulator({ seed: true });
      try {
        const all = [...seeded.store.streams.values()];
        const live = all.filter((s) => !s.parentId && s.isActive);
        assert.ok(live.some((s) => s.isHealthy === true) && live.some((s) => s.isHealthy === false && s.issues?.length));
        assert.ok(all.some((s) => !s.parentId && s.playbackPolicy?.type === 'jwt'));
        assert.ok(all.some((s) => s.recordingStatus === 'ready') && all.some((s) => s.recordingStatus === 'waiting'));
        for (const stream of live) assert.ok(all.some((s) => s.parentId === stream.id && s.isActive), `${stream.name} has a live session`);
      } finally {
        await seeded.close();
      }
    });
  });

  describe('client', () => {
    it('creates a stream (name trimmed, recording, signed playback) and reads it back', async () => {
      const stream = await client.streams.create({ name: '  launch ', record: true, playbackPolicy: { type: 'jwt' } });
      assert.equal(stream.name, 'launch');
      assert.ok(stream.streamKey);
      const fetched = await client.streams.get(stream.id);
      assert.deepEqual([fetched.record, fetched.playbackPolicy?.type], [true, 'jwt']);
      const empty = await failure(client.streams.create({ name: ' ' }));
      assert.equal(empty.kind, 'config');
    });

    it('suspends, unsuspends, turns recording off and on, terminates and deletes', async () => {
      const stream = emu.store.addStream({ name: 'ops' });
      await client.streams.setSuspended(stream.id, true);
      assert.equal(stream.suspended, true);
      await client.streams.setSuspended(stream.id, false);
      await client.streams.setRecord(stream.id, true);
      assert.equal(stream.record, true);
      emu.store.startSession(stream);
      const refused = await failure(client.streams.setRecord(stream.id, false));
      assert.equal(refused.kind, 'validation');
      assert.deepEqual(refused.messages, ["cannot change 'record' field while stream is active"]);
      await client.streams.terminate(stream.id);
      assert.equal(stream.isActive, false);
      const tooFast = await failure(client.streams.terminate(stream.id));
      assert.equal(tooFast.kind, 'rate-limited');
      await client.streams.delete(stream.id);
      assert.equal((await failure(client.streams.get(stream.id))).kind, 'not-found');
    });

    it('a second terminate right away: one request (no retries spent on a 429 without Retry-After), "wait a few seconds"', async () => {
      const retrying = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test' });
      try {
        const stream = emu.store.addStream({ name: 'ops' });
        emu.store.startSession(stream);
        await retrying.streams.terminate(stream.id);
        const tooFast = await failure(retrying.streams.terminate(stream.id));
        assert.equal(tooFast.kind, 'rate-limited');
        assert.match(tooFast.message, /wait a few seconds/);
        assert.doesNotMatch(tooFast.message, /minute/);
        assert.deepEqual(emu.requests.filter((r) => r.url.endsWith('/terminate')).map((r) => r.status), [204, 429]);
      } finally {
        await retrying.close();
      }
    });

    it('searches stream names literally: `_`, `%` and `\\` match themselves, in any case; streamsOnly sends streamsonly=1', async () => {
      const names = ['Cam_1', 'CamX1', '100% live', 'back\\slash', 'Back'];
      for (const name of names) emu.store.addStream({ name });
      const search = async (name: string) => (await client.streams.list({ name, streamsOnly: true })).map((s) => s.name).sort();
      assert.deepEqual(await search('cam_'), ['Cam_1']);
      assert.deepEqual(await search('100%'), ['100% live']);
      assert.deepEqual(await search('%'), ['100% live']);
      assert.deepEqual(await search('K\\S'), ['back\\slash']);
      assert.deepEqual(await search('back'), ['Back', 'back\\slash']);
      assert.equal(new URL(emu.requests.at(-1)?.url ?? '', 'http://x').searchParams.get('streamsonly'), '1');
    });

    it('pages sessions without a Link header: a full page points at the next skip cursor', async () => {
      const { stream, sessions } = streamWithSessions();
      const first = await client.streams.listSessionsPage(stream.id, { limit: 2 });
      assert.deepEqual(first.items.map((s) => s.id), [sessions[1].id, sessions[0].id]);
      assert.equal(first.nextCursor, 'skip2');
      const second = await client.streams.listSessionsPage(stream.id, { limit: 2, cursor: first.nextCursor });
      assert.deepEqual(second.items.map((s) => s.id), [sessions[2].id]);
      assert.equal(second.nextCursor, undefined);
      assert.equal(second.items[0].recordingStatus, 'none');
      const recorded = await client.streams.listSessionsPage(stream.id, { limit: 10, record: true });
      assert.deepEqual(recorded.items.map((s) => s.recordingUrl !== undefined), [false, true]);
      assert.match(emu.requests.at(-1)?.url ?? '', /[?&]record=1(&|$)/);
    });

    it('lists ingest points', async () => {
      const [point] = await client.streams.listIngests();
      assert.match(point.ingest, /^rtmp:\/\//);
    });
  });
});

describe('streams: addresses, durations, filter labels', () => {
  it('writes durations short enough for a row', () => {
    assert.deepEqual([35, 42 * 60, 3900, 2 * 3600].map(rowDuration), ['35s', '42m', '1h 05m', '2h 00m']);
    assert.equal(rowDuration(undefined), undefined);
  });

  it('builds RTMP and SRT addresses from GET /ingest, or the hosted ones without it', () => {
    const points = [{ base: 'https://example.test', ingest: 'rtmp://ingest.example.test/live/', playback: 'https://cdn.example.test/hls' }];
    assert.deepEqual(ingestAddresses(points, 'k-1'), { rtmp: 'rtmp://ingest.example.test/live/k-1', srt: 'srt://ingest.example.test:2935?streamid=k-1' });
    assert.deepEqual(ingestAddresses([], 'k-1'), { rtmp: 'rtmp://rtmp.livepeer.com/live/k-1', srt: 'srt://rtmp.livepeer.com:2935?streamid=k-1' });
    assert.equal(studioDashboardUrl('stream', 'a b'), 'https://livepeer.studio/dashboard/streams/a%20b');
    assert.equal(studioDashboardUrl('webhook', 'w/1'), 'https://livepeer.studio/dashboard/developers/webhooks/w%2F1');
  });

  it('the Filter menu and the palette pick say the same, with one activity of three', () => {
    const manifest = localizedManifest() as {
      contributes: { commands: Array<{ command: string; title: string }>; menus: Record<string, Array<{ command: string; when: string; group: string }>> };
    };
    const title = (id: string) => manifest.contributes.commands.find((c) => c.command === id)?.title;
    for (const choice of FILTER_CHOICES) {
      assert.equal(title(choice.command), choice.label);
      assert.equal(title(`${choice.command}.checked`), `${CHECK}${choice.label}`);
    }
    const menu = manifest.contributes.menus['livepeer.streams.filterMenu'];
    assert.deepEqual(new Set(menu.map((e) => e.command)), new Set(FILTER_CHOICES.flatMap((c) => [c.command, `${c.command}.checked`])));
    assert.deepEqual(FILTER_CHOICES.filter((c) => c.activity).map((c) => c.activity), ['all', 'active', 'idle']);
    // Two groups, each in a fixed order (a ✓ in a title must not re-sort the menu); a choice and its
    // checked twin share a place and are never shown together.
    for (const [g, group] of FILTER_GROUPS.entries()) {
      group.choices.forEach((choice, i) => {
        for (const id of [choice.command, `${choice.command}.checked`]) assert.equal(menu.find((e) => e.command === id)?.group, `${group.id}@${i + 1}`, id);
        const whens = [choice.command, `${choice.command}.checked`].map((id) => menu.find((e) => e.command === id)?.when);
        const expected = {
          recordingOnly: ['!livepeer.streams.recordingOnly', 'livepeer.streams.recordingOnly'],
          // On by default: ticked also before the extension has set its context key.
          streamsOnly: ['livepeer.streams.withSessions', '!livepeer.streams.withSessions'],
        };
        assert.deepEqual(whens, choice.activity ? [`livepeer.streams.activity != ${choice.activity}`, `livepeer.streams.activity == ${choice.activity}`] : expected[choice.toggle ?? 'recordingOnly']);
      });
      assert.equal(group.id, ['1_activity', '2_toggles'][g]);
    }
    assert.deepEqual(FILTER_GROUPS[1].choices.map((c) => c.label), ['Recording On Only', 'Streams Only']);
  });
});
