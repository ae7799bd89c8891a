import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import type { PromptRequest } from '../../src/ui/common/prompts';
// Types only: the extension runs from its bundle, so its classes are not these modules' classes.
import type { SessionItem, StreamItem } from '../../src/ui/streams/streamsView';
import { Store, type EmulatorStream } from '../emulator';
import { Scheduler } from '../emulator/scheduler';
import { seed } from '../emulator/seed';
import { answer, api, assertAllAnswered, asked, clickNotification, emulator, eventually, lastMessage, screenshot, signIn, sleep } from './harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.now();

type Pick = Extract<PromptRequest, { kind: 'pick' }>;
type Message = Extract<PromptRequest, { kind: 'message' }>;

async function top(): Promise<StreamItem[]> {
  return ((await api.streams.getChildren()) ?? []).filter((i): i is StreamItem => 'stream' in i);
}

async function row(name: string): Promise<StreamItem> {
  const item = (await top()).find((i) => i.label === name);
  assert.ok(item, `row ${name}`);
  return item;
}

/** The tooltip a hover shows: built then, not for every row. */
async function hoverText(item: vscode.TreeItem): Promise<string> {
  return ((await api.streams.resolveTreeItem(item, item as StreamItem)).tooltip as vscode.MarkdownString).value;
}

async function children(item: StreamItem): Promise<vscode.TreeItem[]> {
  return (await api.streams.getChildren(item)) ?? [];
}

function apiCalls(method: string, pathPattern: RegExp) {
  return emulator.requests.filter((r) => r.origin === 'api' && r.method === method && pathPattern.test(new URL(r.url, 'http://x').pathname));
}

function lastListQuery(): URLSearchParams {
  const request = apiCalls('GET', /^\/api\/stream$/).at(-1);
  assert.ok(request, 'a stream list request was sent');
  return new URL(request.url, 'http://x').searchParams;
}

/** Picks the item whose label matches, after checking what was offered. */
function pickLabel(label: string | RegExp, check?: (request: Pick) => void) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'pick');
    check?.(request as Pick);
    const item = (request as Pick).items.find((i) => (typeof label === 'string' ? i.label === label : label.test(i.label)));
    assert.ok(item, `no pick item ${String(label)} in ${JSON.stringify((request as Pick).items.map((i) => i.label))}`);
    return item;
  };
}

/** Enter on a multi-select step: the ticked items. */
function keepTicked(request: PromptRequest) {
  assert.equal(request.kind, 'pick');
  return (request as Pick).items.filter((item) => item.picked);
}

/** Answers a modal confirmation: `action` clicks it, undefined is Escape (the safe default). */
function confirmWith(action: string | undefined, message: RegExp) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'message');
    const modal = request as Message;
    assert.ok(modal.modal, 'a modal confirmation');
    assert.match(modal.message, message);
    assert.notEqual(modal.actions[0], undefined);
    return action;
  };
}

async function clipboard(): Promise<string> {
  return vscode.env.clipboard.readText();
}

describe('Streams view', () => {
  let studio: EmulatorStream;
  let live: EmulatorStream;
  let ready: EmulatorStream;

  before(async () => {
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
    await api.streams.filters.set({ activity: 'all', recordingOnly: false, streamsOnly: true, search: '' });
  });

  afterEach(() => assertAllAnswered());

  it('lists streams only (sessions live under their stream), most recently seen first', async () => {
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church', 'podcast', 'old-show']);
    const query = lastListQuery();
    assert.equal(query.get('streamsonly'), '1');
    assert.equal(query.get('filters'), null);
    assert.equal(api.streams.filters.describe(), '');
  });

  it('shows health with its issues, how long live, recording, suspended; never the stream key', async () => {
    const [studioRow, church, podcast, old] = await top();
    assert.equal(studioRow.description, 'live 1h 05m · unhealthy · recording');
    assert.equal((studioRow.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(church.description, 'live 12m', 'healthy is the icon: the row stays short');
    assert.equal((church.iconPath as vscode.ThemeIcon).id, 'broadcast');
    assert.equal(podcast.description, 'recording · seen yesterday');
    assert.equal((podcast.iconPath as vscode.ThemeIcon).id, 'circle-outline', 'idle is the icon');
    assert.match(String(old.description), /^suspended · seen 5 days ago$/);
    assert.equal(studioRow.tooltip, undefined, 'built on hover, not for every row');
    emulator.viewership.setViewersNow(studio.playbackId ?? '', 17);
    const tooltip = await hoverText(studioRow);
    for (const part of ['unhealthy', 'Low input bitrate', 'Live since:', '(1h 05m)', 'Viewers now: 17', 'Playback: signed (JWT)', studio.id]) assert.ok(tooltip.includes(part), part);
    assert.doesNotMatch(await hoverText(podcast), /Viewers now/, 'an idle stream has none to show');
    const shown = JSON.stringify([studioRow.label, studioRow.description, tooltip]);
    assert.ok(!shown.includes('abcd-1111-2222-3333'));
  });

  it('carries the playback target and the words menus match on (live, recording, signed, suspended)', async () => {
    const [studioRow, church, , old] = await top();
    assert.deepEqual(studioRow.playback, { playbackId: studio.playbackId, name: 'studio-a', policy: { type: 'jwt' } });
    assert.equal(studioRow.contextValue, 'stream live recording signed');
    assert.equal(church.contextValue, 'stream live');
    assert.equal(old.contextValue, 'stream idle suspended');
  });

  it('lists sessions from GET /stream/{id}/sessions when expanded: start, duration, recording state', async () => {
    const sessions = (await children(await row('studio-a'))) as SessionItem[];
    assert.ok(apiCalls('GET', new RegExp(`^/api/stream/${studio.id}/sessions$`)).length > 0);
    assert.deepEqual(
      sessions.map((s) => [s.session.id, s.description]),
      [
        [live.id, 'live now · recording'],
        [sessions[1].session.id, '2m · processing recording'],
        [ready.id, '1h 00m · recorded'],
      ],
      'the session that sent no video is not listed',
    );
    assert.equal(sessions[2].label, new Date(ready.createdAt ?? 0).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
    assert.match(await hoverText(sessions[1]), /Recording: being processed/);
    assert.equal(sessions[2].contextValue, 'session recorded');
    assert.equal(sessions[1].contextValue, 'session');
    const none = await children(await row('podcast'));
    assert.deepEqual(none.map((i) => i.label), ['No sessions with video yet']);
  });

  it('copies the recording and MP4 URLs of a ready session', async () => {
    const [, waiting, recorded] = (await children(await row('studio-a'))) as SessionItem[];
    await vscode.commands.executeCommand('livepeer.streams.copyRecordingUrl', recorded);
    assert.match(await clipboard(), new RegExp(`/recordings/${ready.id}/index\\.m3u8$`));
    await vscode.commands.executeCommand('livepeer.streams.copyMp4Url', recorded);
    assert.match(await clipboard(), new RegExp(`/recordings/${ready.id}/source\\.mp4$`));
    await vscode.commands.executeCommand('livepeer.streams.copyMp4Url', waiting);
    assert.match(lastMessage(/MP4 URL/)?.message ?? '', /recording is not ready/);
  });

  it('pages sessions with Load more… (the list sends no Link header)', async () => {
    const bulk = emulator.store.addStream({ name: 'bulk', lastSeen: now - 2 * DAY });
    for (let i = 0; i < 25; i++) emulator.store.addStream({ parentId: bulk.id, lastSeen: now - 3 * DAY - i * HOUR, createdAt: now - 3 * DAY - i * HOUR - MINUTE, sourceSegments: 5, sourceSegmentsDuration: 60 });
    await api.streams.refresh();
    const first = await children(await row('bulk'));
    assert.equal(first.length, 21, '20 sessions and a Load more row');
    assert.equal(first.at(-1)?.label, 'Load more…');
    await vscode.commands.executeCommand('livepeer.streams.loadMoreSessions', bulk.id);
    assert.equal((await children(await row('bulk'))).length, 25);
    emulator.store.streams.delete(bulk.id);
    await api.streams.refresh();
  });

  it('Refresh re-reads the loaded pages: nothing changed, no tree update; a changed stream updates its own row; Load more… pages stay', async () => {
    // Idle rows only: a live row's "live 1h 05m" moves with the clock, and would rightly update.
    await api.streams.filters.set({ activity: 'idle' });
    const extra = Array.from({ length: 60 }, (_, i) => emulator.store.addStream({ name: `page-${i}`, lastSeen: now - 10 * DAY - i * HOUR }));
    const rows = async () => ((await api.streams.getChildren()) ?? []).filter((i) => i.contextValue !== 'message');
    assert.equal((await rows()).length, 50);
    await vscode.commands.executeCommand('livepeer.streams.loadMore');
    const loaded = await rows();
    assert.equal(loaded.length, 62, 'podcast, old-show and 60 more: two pages');
    const fired: Array<unknown> = [];
    const listening = api.streams.onDidChangeTreeData((change) => fired.push(change));
    try {
      await vscode.commands.executeCommand('livepeer.streams.refresh');
      assert.deepEqual(fired, [], 'nothing changed on the service: no tree update');
      assert.deepEqual(await rows(), loaded, 'the same row objects, both pages');

      const last = extra[59];
      last.record = true;
      await vscode.commands.executeCommand('livepeer.streams.refresh');
      const lastRow = loaded.find((r) => r.label === 'page-59') as StreamItem;
      assert.deepEqual(fired, [[lastRow]], 'one update, of the changed row only');
      assert.match(String(lastRow.description), /^recording · seen \d+ weeks ago$/);
      assert.deepEqual(await rows(), loaded, 'still both pages, the same objects');
    } finally {
      listening.dispose();
      extra.forEach((stream) => emulator.store.streams.delete(stream.id));
      await api.streams.filters.set({ activity: 'all' });
    }
  });

  it('Load more… shows its rows at once; a live one there then says how long it has been live, on its row alone', async () => {
    const extra = Array.from({ length: 55 }, (_, i) => emulator.store.addStream({ name: `more-${i}`, lastSeen: now - 10 * DAY - i * HOUR }));
    const late = emulator.store.addStream({ name: 'late-live' });
    emulator.store.startSession(late, { createdAt: Date.now() - 30 * MINUTE });
    late.lastSeen = now - 20 * DAY; // listed last: on the second page
    await api.streams.filters.set({ search: '' }); // the view starts over from its first page
    assert.equal((await top()).length, 50);
    const fired: unknown[] = [];
    const listening = api.streams.onDidChangeTreeData((change) => fired.push(change));
    emulator.faults.delay({ origin: 'api', method: 'GET', path: new RegExp(`^/api/stream/${late.id}/sessions$`), ms: 1000 });
    try {
      await vscode.commands.executeCommand('livepeer.streams.loadMore');
      const lateRow = await row('late-live');
      assert.equal(lateRow.description, 'live', 'shown before its sessions are read');
      await eventually(() => assert.match(String(lateRow.description), /^live 3\dm$/));
      assert.ok(fired.some((change) => Array.isArray(change) && change.length === 1 && change[0] === lateRow), 'its row alone was updated');
    } finally {
      listening.dispose();
      emulator.faults.clear();
      [...extra, late].forEach((stream) => emulator.store.streams.delete(stream.id));
      await api.streams.refresh();
    }
  });

  it('filters: one activity of All / Active / Idle, recording on top; menu and palette use the same labels', async () => {
    await vscode.commands.executeCommand('livepeer.streams.filter.active');
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [{ id: 'isActive', value: true }]);
    assert.equal(api.streams.filters.describe(), 'active');

    answer(
      pickLabel('Idle Only', (request) => {
        assert.deepEqual(request.items.map((i) => i.label), ['Show', 'All Streams', '✓ Active Only', 'Idle Only', 'Toggles', 'Recording On Only', '✓ Streams Only']);
        assert.deepEqual(
          request.items.filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label),
          ['Show', 'Toggles'],
          'two groups, as in the Filter menu',
        );
        assert.equal(request.options.canPickMany, undefined, 'one choice, not independent checkboxes');
      }),
    );
    await vscode.commands.executeCommand('livepeer.streams.filter');
    assert.equal(api.streams.filters.current.activity, 'idle');
    assert.deepEqual((await top()).map((i) => i.label), ['podcast', 'old-show']);

    await vscode.commands.executeCommand('livepeer.streams.filter.recordingOnly');
    assert.deepEqual((await top()).map((i) => i.label), ['podcast']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [
      { id: 'isActive', value: false },
      { id: 'record', value: true },
    ]);
    assert.equal(api.streams.filters.describe(), 'idle · recording');

    answer(
      pickLabel('✓ Recording On Only', (request) =>
        assert.deepEqual(request.items.map((i) => i.label), ['Show', 'All Streams', 'Active Only', '✓ Idle Only', 'Toggles', '✓ Recording On Only', '✓ Streams Only']),
      ),
    );
    await vscode.commands.executeCommand('livepeer.streams.filter');
    await vscode.commands.executeCommand('livepeer.streams.filter.all.checked');
    assert.deepEqual(api.streams.filters.current, { activity: 'all', recordingOnly: false, streamsOnly: true, search: '' });
    await top();
    assert.equal(lastListQuery().get('filters'), null);
  });

  it('Streams Only off lists the historic session objects, each marked "session of <stream>" with its times; on asks streamsonly=1', async () => {
    assert.equal(lastListQuery().get('streamsonly'), '1', 'on by default');
    await vscode.commands.executeCommand('livepeer.streams.filter.streamsOnly.checked');
    assert.equal(api.streams.filters.current.streamsOnly, false, 'remembered in the workspace state like the other filters');
    const rows = (await api.streams.getChildren()) ?? [];
    assert.equal(lastListQuery().get('streamsonly'), null);
    const children = rows.filter((r) => r.contextValue === 'session child');
    const childIds = [...emulator.store.streams.values()].filter((s) => s.parentId && !s.deleted).map((s) => `child/${s.id}`);
    assert.deepEqual(new Set(children.map((r) => r.id)), new Set(childIds), 'every child object GET /stream returns');
    const recorded = children.find((r) => r.id === `child/${ready.id}`);
    assert.equal(recorded?.label, 'session of studio-a');
    const started = new Date(ready.createdAt ?? 0).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    assert.equal(recorded?.description, `${started} · 1h 00m`);
    assert.ok(recorded);
    assert.match(await hoverText(recorded), /Started: .*\n.*Last seen: /s);
    assert.ok(children.some((r) => r.label === 'session of church' && r.description?.toString().endsWith('live now')));
    assert.equal(api.streamsTree.description, 'with sessions');

    answer(
      pickLabel('church', (request) => {
        assert.deepEqual(request.items.map((i) => i.label), ['studio-a', 'church'], 'no session object in a picker');
        assert.ok(!JSON.stringify(request).includes('abcd-1111-2222-3333'), 'no stream key in a picker');
      }),
      confirmWith(undefined, /“church”/),
    );
    await vscode.commands.executeCommand('livepeer.streams.terminate');

    answer(pickLabel('Streams Only', (request) => assert.ok(request.items.some((i) => i.label === 'Streams Only'), 'unticked in the palette too')));
    await vscode.commands.executeCommand('livepeer.streams.filter');
    assert.equal(api.streams.filters.current.streamsOnly, true);
    assert.ok(!((await api.streams.getChildren()) ?? []).some((r) => r.contextValue === 'session child'));
    assert.equal(lastListQuery().get('streamsonly'), '1');
    assert.equal(api.streamsTree.description, '');
  });

  it('Search Streams… filters by name on the service, literally (`_` is no wildcard), shows it in the description, and clears', async () => {
    answer((request) => {
      assert.equal(request.kind, 'input');
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, '', 'prefilled with the current search');
      return 'STUDIO';
    });
    await vscode.commands.executeCommand('livepeer.streams.search');
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [{ id: 'name', value: 'STUDIO' }]);
    assert.equal(api.streamsTree.description, '“STUDIO”');
    await vscode.commands.executeCommand('livepeer.streams.search', 'o_d');
    assert.deepEqual(await top(), [], 'old-show is not found by o_d: the service would take _ as any character');
    assert.equal(lastListQuery().get('filters'), JSON.stringify([{ id: 'name', value: 'o\\_d' }]));
    await vscode.commands.executeCommand('livepeer.streams.search', '100%');
    assert.deepEqual(await top(), []);
    assert.equal(apiCalls('GET', /^\/api\/stream$/).at(-1)?.status, 200, 'a % is sent so that the service does not answer 400');
    await vscode.commands.executeCommand('livepeer.streams.clearSearch');
    assert.equal(api.streams.filters.current.search, '');
    assert.equal((await top()).length, 4);
    assert.equal(api.streamsTree.description, '');
  });

  it('creates a stream (name, recording, signed playback) and offers to copy its stream key', async () => {
    answer(
      (request) => {
        assert.equal(request.kind, 'input');
        return 'launch';
      },
      pickLabel('Recording on'),
      pickLabel('Signed playback'),
      keepTicked,
    );
    clickNotification(/stream “launch” created/, 'Copy Stream Key');
    await vscode.commands.executeCommand('livepeer.streams.create');
    const created = [...emulator.store.streams.values()].find((s) => s.name === 'launch');
    assert.ok(created);
    assert.deepEqual([created.record, created.playbackPolicy?.type], [true, 'jwt']);
    assert.deepEqual(lastMessage(/created/)?.actions, ['Copy Stream Key', 'Copy RTMP URL']);
    await eventually(async () => assert.equal(await clipboard(), created.streamKey));
    assert.equal((await top())[0]?.label, 'launch', 'the new stream shows at the top, though the service lists it last (never seen)');
    await eventually(() => assert.equal(api.streamsTree.selection[0]?.id, created.id, 'revealed and selected'));
    assert.match(lastMessage(/created/)?.message ?? '', /its row has the copy actions/);

    answer(() => 'second', pickLabel('Recording off'), pickLabel('Public playback'), keepTicked);
    clickNotification(/stream “second” created/, 'Copy RTMP URL');
    await vscode.commands.executeCommand('livepeer.streams.create');
    const second = [...emulator.store.streams.values()].find((s) => s.name === 'second');
    await eventually(async () => assert.equal(await clipboard(), `rtmp://127.0.0.1/live/${second?.streamKey}`));
  });

  it('Create Stream asks the renditions with the ladder of Edit Stream…: the service default ticked (Enter keeps it), a picked ladder is sent', async () => {
    const names = (profiles?: Array<{ name: string }>) => profiles?.map((profile) => profile.name);
    answer(() => 'ladder kept', pickLabel('Recording off'), pickLabel('Public playback'), (request) => {
      assert.equal((request as Pick).options.title, 'Livepeer: Create Stream (4/4)');
      assert.equal((request as Pick).options.canPickMany, true);
      assert.deepEqual((request as Pick).items.map((i) => i.label), ['240p0', '360p0', '480p0', '720p0', '1080p0'], 'the presets of Edit Stream…');
      return keepTicked(request);
    });
    await vscode.commands.executeCommand('livepeer.streams.create');
    const kept = [...emulator.store.streams.values()].find((s) => s.name === 'ladder kept');
    assert.deepEqual(names(kept?.profiles), ['240p0', '360p0', '480p0', '720p0'], "the service's default");

    answer(() => 'ladder picked', pickLabel('Recording off'), pickLabel('Public playback'), (request) => (request as Pick).items.filter((i) => ['360p0', '1080p0'].includes(i.label)));
    await vscode.commands.executeCommand('livepeer.streams.create');
    const picked = [...emulator.store.streams.values()].find((s) => s.name === 'ladder picked');
    assert.deepEqual(names(picked?.profiles), ['360p0', '1080p0']);
  });

  it('a 300-character name is shortened on the row and in the messages, so what follows it stays in sight', async () => {
    const long = `Main stage ${'very long name '.repeat(20)}`.slice(0, 300);
    answer(() => long, pickLabel('Recording off'), pickLabel('Public playback'), keepTicked);
    await vscode.commands.executeCommand('livepeer.streams.create');
    const created = [...emulator.store.streams.values()].find((s) => s.name === long);
    assert.ok(created);
    const message = lastMessage(/created/)?.message ?? '';
    assert.ok(message.length < 200, `a short notification: ${message}`);
    assert.match(message, /^Livepeer: stream “Main stage very long name [^”]{0,40}…” created\. Broadcast to it/);
    const shown = await eventually(async () => {
      const found = (await top()).find((i) => i.stream.id === created.id);
      assert.ok(found);
      return found;
    });
    assert.ok(String(shown.label).length <= 48 && String(shown.label).endsWith('…'), String(shown.label));
    assert.equal(shown.description, 'never seen', 'the state is still there to read');
    answer((request) => {
      assert.ok((request as Message).message.length < 120, (request as Message).message);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.streams.delete', shown);
    assert.ok(!(await top()).some((i) => i.stream.id === created.id));
  });

  it('copies RTMP and SRT addresses from GET /ingest, and the hosted ones when it fails', async () => {
    const studioRow = await row('studio-a');
    await vscode.commands.executeCommand('livepeer.streams.copyRtmpUrl', studioRow);
    assert.equal(await clipboard(), 'rtmp://127.0.0.1/live/abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copySrtUrl', studioRow);
    assert.equal(await clipboard(), 'srt://127.0.0.1:2935?streamid=abcd-1111-2222-3333');
    emulator.faults.fail({ origin: 'api', path: /^\/api\/ingest/, status: 500, times: 10 });
    await vscode.commands.executeCommand('livepeer.streams.copySrtUrl', studioRow);
    assert.equal(await clipboard(), 'srt://rtmp.livepeer.com:2935?streamid=abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copyRtmpUrl', studioRow);
    assert.equal(await clipboard(), 'rtmp://rtmp.livepeer.com/live/abcd-1111-2222-3333');
    emulator.faults.clear();
  });

  it('copies the HLS or WebRTC playback URL (from GET /playback), saying when playback is signed', async () => {
    answer(
      pickLabel('WebRTC (H264)', (request) => {
        assert.deepEqual(request.items.map((i) => i.label), ['HLS (TS)', 'WebRTC (H264)']);
        assert.match(request.options.placeHolder ?? '', /signed playback/);
      }),
    );
    await vscode.commands.executeCommand('livepeer.streams.copyPlaybackUrl', await row('studio-a'));
    assert.equal(await clipboard(), `${emulator.ingestOrigin}/webrtc/${studio.playbackId}`);
  });

  it('opens the stream in Livepeer Studio', async () => {
    answer((request) => {
      assert.equal(request.kind, 'openExternal');
      assert.equal(String((request as { uri: vscode.Uri }).uri), `https://livepeer.studio/dashboard/streams/${studio.id}`);
      return true;
    });
    await vscode.commands.executeCommand('livepeer.streams.openInStudio', await row('studio-a'));
  });

  it('shows details as read-only JSON without the stream key', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('livepeer.streams.showDetails', await row('studio-a'));
    assert.ok(editor);
    assert.equal(editor.document.uri.scheme, 'livepeer-stream');
    assert.equal(editor.document.languageId, 'json');
    const shown = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    assert.equal(shown.id, studio.id);
    assert.equal(shown.streamKey, undefined);
    assert.ok(!editor.document.getText().includes('abcd-1111-2222-3333'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('details hide credentials nested in the stream too (a pull source with user info and a token)', async () => {
    const extra = studio as unknown as Record<string, unknown>;
    extra.pull = { source: 'rtmp://puller:hunter22@origin.example/live/cam?token=pull-secret-123' };
    try {
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>('livepeer.streams.showDetails', await row('studio-a'));
      // The document of the previous test may still be open: it refreshes a moment after being shown again.
      const text = await eventually(() => {
        const current = editor.document.getText();
        assert.ok(current.includes('origin.example/live/cam'), current);
        return current;
      });
      assert.ok(!text.includes('hunter22') && !text.includes('pull-secret-123'), text);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      delete extra.pull;
    }
  });

  it('recording cannot change while live: hidden on live rows; if the service refuses, a modal offers to stop the session, then changes it', async () => {
    const menus = (vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when: string }>> } })
      .contributes.menus['view/item/context'];
    const shown = (command: string, contextValue: string) =>
      menus.filter((m) => m.command === command).some((m) => new RegExp(/viewItem =~ \/(.*)\/$/.exec(m.when)?.[1] ?? '^$').test(contextValue));
    assert.deepEqual(['stream live', 'stream idle', 'stream live recording signed', 'stream idle recording'].map((v) => shown('livepeer.streams.recordOn', v)), [false, true, false, false]);
    assert.deepEqual(['stream live recording signed', 'stream idle recording', 'stream idle'].map((v) => shown('livepeer.streams.recordOff', v)), [false, true, false]);

    const before = studio.record;
    answer(confirmWith(undefined, /^“studio-a” is live: recording cannot change until the broadcast ends\.$/));
    await vscode.commands.executeCommand('livepeer.streams.recordOff', await row('studio-a'));
    assert.equal(studio.record, before);
    assert.equal(studio.isActive, true, 'the safe answer keeps it live');
    assert.equal(apiCalls('PATCH', new RegExp(`/stream/${studio.id}/record$`)).at(-1)?.status, 400);

    const cam = emulator.store.addStream({ name: 'cam-rec', lastSeen: now - 30_000 });
    emulator.store.startSession(cam, { createdAt: now - 80 * MINUTE });
    await api.streams.refresh();
    answer(
      pickLabel('cam-rec', (request) => {
        const descriptions = Object.fromEntries(request.items.map((i) => [i.label, i.description]));
        assert.equal(descriptions['podcast'], undefined, 'recording is on already');
        assert.match(descriptions['old-show'] ?? '', /^suspended$/);
        assert.match(descriptions['cam-rec'] ?? '', /^live 1h 2\dm · live: recording can change once the broadcast ends$/, 'live for as long as its session, and why not now');
        assert.equal(request.items.at(-1)?.label, 'church', 'live streams last');
      }),
      (request) => {
        assert.ok((request as Message).modal, 'a modal: it stays until answered');
        assert.match((request as Message).detail ?? '', /Stop its live session and turn recording on\?/);
        assert.deepEqual((request as Message).actions, ['Stop Live Session']);
        return 'Stop Live Session';
      },
    );
    await vscode.commands.executeCommand('livepeer.streams.recordOn');
    assert.deepEqual([cam.isActive, cam.record], [false, true], 'stopped, then recording turned on');
    emulator.store.streams.delete(cam.id);
    await api.streams.refresh();

    await vscode.commands.executeCommand('livepeer.streams.recordOff', await row('podcast'));
    assert.equal(streamNamed('podcast').record, false);
    await vscode.commands.executeCommand('livepeer.streams.recordOn', await row('podcast'));
    assert.equal(streamNamed('podcast').record, true);
  });

  it('a 500 after the change was made (the media server call failed): the stream is read again and its real state said', async () => {
    const cam = emulator.store.addStream({ name: 'cam-500', lastSeen: now - 40_000 });
    emulator.store.startSession(cam);
    await api.streams.refresh();
    emulator.faults.failAfterChange({ origin: 'api', path: /\/terminate$/ });
    answer(confirmWith('Stop Live Session', /“cam-500”/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', await row('cam-500'));
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is no longer live.');
    assert.equal(((await row('cam-500')).iconPath as vscode.ThemeIcon).id, 'circle-outline', 'the row shows it idle');

    emulator.faults.fail({ origin: 'api', path: /\/suspended$/, status: 500, body: { errors: ['Internal server error'] } });
    await vscode.commands.executeCommand('livepeer.streams.suspend', await row('cam-500'));
    assert.match(lastMessage(/suspending the stream/)?.message ?? '', /HTTP 500.*“cam-500” is still idle/);
    emulator.faults.failAfterChange({ origin: 'api', path: /\/suspended$/ });
    await vscode.commands.executeCommand('livepeer.streams.suspend', await row('cam-500'));
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is now suspended.');
    assert.equal((await row('cam-500')).contextValue, 'stream idle suspended');

    emulator.faults.failAfterChange({ origin: 'api', method: 'DELETE', path: /^\/api\/stream\/[^/]+$/ });
    answer(confirmWith('Delete', /Delete stream “cam-500”/));
    await vscode.commands.executeCommand('livepeer.streams.delete', await row('cam-500'));
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is deleted.');
    assert.ok(!(await top()).some((i) => i.label === 'cam-500'));
    emulator.store.streams.delete(cam.id);
  });

  it('stops a live session after asking (Escape keeps it live); a fast repeat is refused with 429', async () => {
    const stops = apiCalls('DELETE', /\/terminate$/).length;
    answer(confirmWith(undefined, /Stop the live session of “studio-a”\?/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', await row('studio-a'));
    assert.equal(studio.isActive, true, 'the safe answer does nothing');
    assert.equal(apiCalls('DELETE', /\/terminate$/).length, stops);

    answer(confirmWith('Stop Live Session', /Stop the live session/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', await row('studio-a'));
    assert.equal(studio.isActive, false);
    assert.equal(live.isActive, false);
    assert.equal(((await row('studio-a')).iconPath as vscode.ThemeIcon).id, 'circle-outline', 'idle');

    answer(confirmWith('Stop Live Session', /Stop the live session/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', studio);
    assert.match(lastMessage(/refuses another stop/)?.message ?? '', /wait a few seconds/);
    assert.deepEqual(apiCalls('DELETE', /\/terminate$/).slice(stops).map((r) => r.status), [204, 429], 'no retries spent on the 429');
  });

  it('from the palette, asks which stream with a picker of those the action applies to', async () => {
    answer(
      pickLabel('church', (request) => {
        assert.deepEqual(request.items.map((i) => i.label), ['church'], 'only live streams can be stopped');
        assert.match(request.items[0].description ?? '', /^live 1[23]m$/, 'live for as long as its session, as the row says; not when last seen');
      }),
      confirmWith(undefined, /“church”/),
    );
    await vscode.commands.executeCommand('livepeer.streams.terminate');
    answer(pickLabel('old-show', (request) => assert.deepEqual(request.items.map((i) => i.label), ['old-show'])));
    await vscode.commands.executeCommand('livepeer.streams.unsuspend');
    assert.equal(streamNamed('old-show').suspended, false);
  });

  it('suspends a live stream after asking (it cuts the broadcast), and unsuspends', async () => {
    answer(confirmWith('Suspend', /Suspend live stream “church”\?/));
    await vscode.commands.executeCommand('livepeer.streams.suspend', await row('church'));
    const church = streamNamed('church');
    assert.deepEqual([church.suspended, church.isActive], [true, false]);
    assert.equal((await row('church')).contextValue, 'stream idle suspended');
    await vscode.commands.executeCommand('livepeer.streams.unsuspend', await row('church'));
    assert.equal(church.suspended, false);
  });

  it('deletes a stream after asking; the safe answer keeps it', async () => {
    answer(confirmWith(undefined, /Delete stream “second”\?/));
    await vscode.commands.executeCommand('livepeer.streams.delete', await row('second'));
    assert.equal(streamNamed('second').deleted, undefined);
    answer((request) => {
      assert.match((request as Message).detail ?? '', /stream key stops working/);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.streams.delete', await row('second'));
    assert.ok(!(await top()).some((i) => i.label === 'second'));
  });

  it('a load error shows its cause in the row, retries on click, and offers settings and the log', async () => {
    emulator.faults.fail({ origin: 'api', path: /^\/api\/stream$/, status: 500, body: { errors: ['Internal server error: database down'] }, times: 10 });
    await api.streams.refresh();
    const [error] = (await api.streams.getChildren()) ?? [];
    assert.equal(error.label, 'Could not load streams');
    assert.equal(error.description, 'service error HTTP 500: Internal server error: database down: try again later');
    assert.equal(error.contextValue, 'loadError');
    assert.equal(error.command?.command, 'livepeer.streams.refresh');
    const menus = (vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when: string; group: string }>> } })
      .contributes.menus['view/item/context'];
    const inline = menus.filter((m) => m.when.includes('viewItem == loadError') && m.group.startsWith('inline')).map((m) => m.command);
    assert.deepEqual(inline, ['livepeer.retryLoad', 'livepeer.openBaseUrlSetting', 'livepeer.showLog']);

    emulator.faults.clear();
    const requests = apiCalls('GET', /^\/api\/stream$/).length;
    await vscode.commands.executeCommand('livepeer.retryLoad', error);
    assert.ok((await top()).length > 0);
    assert.equal(apiCalls('GET', /^\/api\/stream$/).length, requests + 1);
  });

  it('copies the stream key only on request', async () => {
    const studioRow = await row('studio-a');
    await vscode.commands.executeCommand('livepeer.streams.copyStreamKey', studioRow);
    assert.equal(await clipboard(), 'abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copyPlaybackId', studioRow);
    assert.equal(await clipboard(), studio.playbackId);
    assert.ok(!asked.some((r) => JSON.stringify(r).includes('abcd-1111-2222-3333')), 'no prompt showed the key');
  });

  it('shows a live stream with its sessions and recordings (README screenshot, demo data)', async () => {
    const demo = new Store(new Scheduler(), 0);
    seed(demo);
    emulator.store.streams.clear();
    // Another Store is another account: its streams move into the token's project.
    for (const [id, stream] of demo.streams) emulator.store.streams.set(id, { ...stream, userId: emulator.store.userId, projectId: emulator.store.projectId });
    await api.streams.refresh();
    await vscode.commands.executeCommand('livepeer.streams.focus');
    const sunday = await row('Sunday Service');
    assert.match(String(sunday.description), /^live \d/);
    await api.streamsTree.reveal(sunday, { expand: true, select: true, focus: true });
    const sessions = (await children(sunday)) as SessionItem[];
    assert.deepEqual(sessions.map((s) => s.session.recordingStatus), ['waiting', 'waiting', 'ready']);
    // Wide enough for the descriptions, as a user would drag it for this view (the editor narrows).
    const resize = async (command: string) => {
      for (let i = 0; i < 4; i++) await vscode.commands.executeCommand(command);
    };
    await resize('workbench.action.decreaseViewWidth');
    await sleep(1500);
    const file = await screenshot('streams');
    await resize('workbench.action.increaseViewWidth');
    assert.ok(statSync(file).size > 10_000);
  });
});

function streamNamed(name: string): EmulatorStream {
  const stream = [...emulator.store.streams.values()].find((s) => s.name === name && !s.parentId);
  assert.ok(stream, name);
  return stream;
}
