import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EmulatorStream } from '../emulator';
import { assertAllAnswered, emulator, eventually, lastMessage, signIn, view, type Row } from './harness';
import { playbackOfRow } from './keyRows';
import { apiCalls, children, clipboard, iconOf, lastListQuery, refreshStreams, resetStreamFilters, row, streamsDescription, top } from './streamRows';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** When the suite began: the times seeded and shown are counted from it. */
let now = Date.now();

describe('Streams view', () => {
  let studio: EmulatorStream;
  let live: EmulatorStream;
  let ready: EmulatorStream;

  before(async () => {
    now = Date.now();
    await signIn();
    emulator.store.streams.clear();
    studio = emulator.store.addStream({ name: 'studio-a', record: true, createdAt: now - 90 * DAY, streamKey: 'abcd-1111-2222-3333', playbackPolicy: { type: 'jwt' } });
    ready = emulator.store.addStream({ name: 'studio-a', parentId: studio.id, record: true, recordingStatus: 'ready', createdAt: now - DAY - HOUR, lastSeen: now - DAY, sourceSegments: 1800, sourceSegmentsDuration: 3600 });
    emulator.store.addStream({ name: 'studio-a', parentId: studio.id, record: true, recordingStatus: 'waiting', createdAt: now - 3 * HOUR, lastSeen: now - 2 * HOUR, sourceSegments: 60, sourceSegmentsDuration: 120 });
    emulator.store.addStream({ name: 'studio-a', parentId: studio.id, createdAt: now - 5 * HOUR, lastSeen: now - 5 * HOUR, sourceSegments: 0 });
    live = emulator.store.startSession(studio, { createdAt: now - 65 * MINUTE });
    Object.assign(studio, { lastSeen: now - 10_000, isHealthy: false, issues: ['Low input bitrate: 0.4 Mbps'] });
    const church = emulator.store.addStream({ name: 'church', lastSeen: now - 20_000 });
    emulator.store.startSession(church, { createdAt: now - 12 * MINUTE });
    Object.assign(church, { lastSeen: now - 20_000, isHealthy: true });
    emulator.store.addStream({ name: 'podcast', record: true, lastSeen: now - DAY });
    emulator.store.addStream({ name: 'old-show', lastSeen: now - 5 * DAY, suspended: true });
    await resetStreamFilters();
    await refreshStreams();
  });

  afterEach(() => assertAllAnswered());

  it('lists streams only (sessions live under their stream), most recently seen first', async () => {
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church', 'podcast', 'old-show']);
    const query = lastListQuery();
    assert.equal(query.get('streamsonly'), '1');
    assert.equal(query.get('filters'), null);
    assert.equal(streamsDescription(), '');
  });

  it('shows health with its issues, how long live, recording, suspended; never the stream key', async () => {
    const [studioRow, church, podcast, old] = await top();
    assert.equal(studioRow.description, 'live 1h 05m · unhealthy · recording');
    assert.equal(iconOf(studioRow), 'warning');
    assert.equal(church.description, 'live 12m', 'healthy is the icon: the row stays short');
    assert.equal(iconOf(church), 'broadcast');
    assert.equal(podcast.description, 'recording · seen yesterday');
    assert.equal(iconOf(podcast), 'circle-outline', 'idle is the icon');
    assert.match(old.description, /^suspended · seen 5 days ago$/);
    assert.equal(studioRow.item.tooltip, undefined, 'built on hover, not for every row');
    emulator.viewership.setViewersNow(studio.playbackId ?? '', 17);
    const tooltip = await studioRow.hover();
    for (const part of ['unhealthy', 'Low input bitrate', 'Live since:', '(1h 05m)', 'Viewers now: 17', 'Playback: signed (JWT)', studio.id]) assert.ok(tooltip.includes(part), part);
    assert.doesNotMatch(await podcast.hover(), /Viewers now/, 'an idle stream has none to show');
    const shown = JSON.stringify([studioRow.label, studioRow.description, tooltip]);
    assert.ok(!shown.includes('abcd-1111-2222-3333'));
  });

  it('carries the playback target and the words menus match on (live, recording, signed, suspended)', async () => {
    const [studioRow, church, , old] = await top();
    // Check Playback Access from the row acts on its playback id, and names it.
    const checked = await playbackOfRow(studioRow);
    assert.match(checked, /^\*\*Refused\*\*: “studio-a” with this token\.$/m);
    assert.ok(checked.includes(`not ${studio.playbackId}`), checked);
    assert.equal(studioRow.contextValue, 'stream live recording signed');
    assert.equal(church.contextValue, 'stream live');
    assert.equal(old.contextValue, 'stream idle suspended');
  });

  it('lists sessions from GET /stream/{id}/sessions when expanded: start, duration, recording state', async () => {
    const sessions = await children(await row('studio-a'));
    assert.ok(apiCalls('GET', new RegExp(`^/api/stream/${studio.id}/sessions$`)).length > 0);
    const sessionId = (item: Row) => String(item.item.id).split('/').at(-1);
    assert.deepEqual(
      sessions.map((s) => [sessionId(s), s.description]),
      [
        [live.id, 'live now · recording'],
        [sessionId(sessions[1]), '2m · processing recording'],
        [ready.id, '1h 00m · recorded'],
      ],
      'the session that sent no video is not listed',
    );
    assert.equal(sessions[2].label, new Date(ready.createdAt ?? 0).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
    assert.match(await sessions[1].hover(), /Recording: being processed/);
    assert.equal(sessions[2].contextValue, 'session recorded');
    assert.equal(sessions[1].contextValue, 'session');
    const none = await children(await row('podcast'));
    assert.deepEqual(none.map((i) => i.label), ['No sessions with video yet']);
  });

  it('copies the recording and MP4 URLs of a ready session', async () => {
    const [, waiting, recorded] = await children(await row('studio-a'));
    await vscode.commands.executeCommand('livepeer.streams.copyRecordingUrl', recorded.element);
    assert.match(await clipboard(), new RegExp(`/recordings/${ready.id}/index\\.m3u8$`));
    await vscode.commands.executeCommand('livepeer.streams.copyMp4Url', recorded.element);
    assert.match(await clipboard(), new RegExp(`/recordings/${ready.id}/source\\.mp4$`));
    await vscode.commands.executeCommand('livepeer.streams.copyMp4Url', waiting.element);
    assert.match(lastMessage(/MP4 URL/)?.message ?? '', /recording is not ready/);
  });

  it('pages sessions with Load more… (the list sends no Link header)', async () => {
    const bulk = emulator.store.addStream({ name: 'bulk', lastSeen: now - 2 * DAY });
    for (let i = 0; i < 25; i++) emulator.store.addStream({ parentId: bulk.id, lastSeen: now - 3 * DAY - i * HOUR, createdAt: now - 3 * DAY - i * HOUR - MINUTE, sourceSegments: 5, sourceSegmentsDuration: 60 });
    await refreshStreams();
    const first = await children(await row('bulk'));
    assert.equal(first.length, 21, '20 sessions and a Load more row');
    assert.equal(first.at(-1)?.label, 'Load more…');
    await vscode.commands.executeCommand('livepeer.streams.loadMoreSessions', bulk.id);
    assert.equal((await children(await row('bulk'))).length, 25);
    emulator.store.streams.delete(bulk.id);
    await refreshStreams();
  });

  it('Refresh re-reads the loaded pages: nothing changed, no tree update; a changed stream updates its own row; Load more… pages stay', async () => {
    // Idle rows only: a live row's "live 1h 05m" moves with the clock, and would rightly update.
    await vscode.commands.executeCommand('livepeer.streams.filter.idle');
    const extra = Array.from({ length: 60 }, (_, i) => emulator.store.addStream({ name: `page-${i}`, lastSeen: now - 10 * DAY - i * HOUR }));
    const rows = async () => (await view('streams').rows()).filter((i) => i.contextValue !== 'message');
    const elements = async () => (await rows()).map((i) => i.element);
    assert.equal((await rows()).length, 50);
    await vscode.commands.executeCommand('livepeer.streams.loadMore');
    const loaded = await rows();
    assert.equal(loaded.length, 62, 'podcast, old-show and 60 more: two pages');
    const fired: Array<unknown> = [];
    const listening = view('streams').provider.onDidChangeTreeData!((change) => fired.push(change));
    try {
      await vscode.commands.executeCommand('livepeer.streams.refresh');
      assert.deepEqual(fired, [], 'nothing changed on the service: no tree update');
      assert.deepEqual(await elements(), loaded.map((i) => i.element), 'the same row objects, both pages');

      const last = extra[59];
      last.record = true;
      await vscode.commands.executeCommand('livepeer.streams.refresh');
      const lastRow = loaded.find((r) => r.label === 'page-59');
      assert.deepEqual(fired, [[lastRow?.element]], 'one update, of the changed row only');
      assert.match((await row('page-59')).description, /^recording · seen \d+ weeks ago$/);
      assert.deepEqual(await elements(), loaded.map((i) => i.element), 'still both pages, the same objects');
    } finally {
      listening.dispose();
      extra.forEach((stream) => emulator.store.streams.delete(stream.id));
      await vscode.commands.executeCommand('livepeer.streams.filter.all');
    }
  });

  it('the first page shows from the list’s answer: a live row says “live” while its session is read, then how long', async () => {
    const early = emulator.store.addStream({ name: 'early-live', lastSeen: Date.now() });
    emulator.store.startSession(early, { createdAt: Date.now() - 40 * MINUTE });
    const held = emulator.faults.hold({ origin: 'api', method: 'GET', path: new RegExp(`^/api/stream/${early.id}/sessions$`) });
    try {
      await vscode.commands.executeCommand('livepeer.streams.clearSearch'); // the view starts over from its first page
      assert.equal((await row('early-live')).description, 'live', 'shown while its sessions are still on their way');
      held.release();
      await eventually(async () => assert.match((await row('early-live')).description, /^live 4\dm$/));
    } finally {
      held.release();
      emulator.faults.clear();
      emulator.store.streams.delete(early.id);
      await refreshStreams();
    }
  });

  it('past 500 rows a live stream’s session is read when its group is expanded, not with the click that loaded it', async () => {
    const bulk = Array.from({ length: 520 }, (_, i) => emulator.store.addStream({ name: `bulk-${i}`, lastSeen: now - 30 * DAY - i * MINUTE }));
    const deep = bulk[510];
    emulator.store.startSession(deep, { createdAt: Date.now() - 50 * MINUTE });
    deep.lastSeen = now - 30 * DAY - 510 * MINUTE; // stays past the first 500 rows
    const sessionsRead = () => apiCalls('GET', new RegExp(`^/api/stream/${deep.id}/sessions$`)).length;
    try {
      await vscode.commands.executeCommand('livepeer.streams.clearSearch');
      for (let rows = await view('streams').rows(); rows.at(-1)?.label === 'Load more…'; rows = await view('streams').rows()) {
        await vscode.commands.executeCommand('livepeer.streams.loadMore');
      }
      const group = (await view('streams').rows()).find((r) => /^Streams 501–/.test(r.label)) ?? assert.fail('a group row past 500');
      assert.equal(sessionsRead(), 0, 'not read with the click: no row of it was shown');
      await eventually(async () => assert.match((await view('streams').rows(group)).find((r) => r.label === deep.name)?.description ?? '', /^live 5\dm$/));
      assert.equal(sessionsRead(), 1, 'read once its group was expanded');
    } finally {
      bulk.forEach((stream) => emulator.store.streams.delete(stream.id));
      await refreshStreams();
    }
  });

  it('Load more… shows its rows at once; a live one there then says how long it has been live, on its row alone', async () => {
    const extra = Array.from({ length: 55 }, (_, i) => emulator.store.addStream({ name: `more-${i}`, lastSeen: now - 10 * DAY - i * HOUR }));
    const late = emulator.store.addStream({ name: 'late-live' });
    emulator.store.startSession(late, { createdAt: Date.now() - 30 * MINUTE });
    late.lastSeen = now - 20 * DAY; // listed last: on the second page
    await vscode.commands.executeCommand('livepeer.streams.clearSearch'); // the view starts over from its first page
    assert.equal((await top()).length, 50);
    const fired: unknown[] = [];
    const listening = view('streams').provider.onDidChangeTreeData!((change) => fired.push(change));
    emulator.faults.delay({ origin: 'api', method: 'GET', path: new RegExp(`^/api/stream/${late.id}/sessions$`), ms: 1000 });
    try {
      await vscode.commands.executeCommand('livepeer.streams.loadMore');
      const lateRow = await row('late-live');
      assert.equal(lateRow.description, 'live', 'shown before its sessions are read');
      await eventually(async () => assert.match((await row('late-live')).description, /^live 3\dm$/));
      assert.ok(fired.some((change) => Array.isArray(change) && change.length === 1 && change[0] === lateRow.element), 'its row alone was updated');
    } finally {
      listening.dispose();
      emulator.faults.clear();
      [...extra, late].forEach((stream) => emulator.store.streams.delete(stream.id));
      await refreshStreams();
    }
  });
});
