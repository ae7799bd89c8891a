import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import { Store, type EmulatorStream } from '../emulator';
import { Scheduler } from '../../src/localStudio/scheduler';
import { seed } from '../../src/localStudio/seed';
import { answer, asked, assertAllAnswered, emulator, lastMessage, screenshot, eventually, person, signIn, view, type Message, type Row } from './harness';
import { apiCalls, children, clipboard, confirmWith, iconOf, itemMenus, pickLabel, refreshStreams, row, streamNamed, top } from './streamRows';

const MINUTE = 60_000;
/** When the suite began: the times seeded and shown are counted from it. */
let now = Date.now();

// Goes on from the Streams view suites (3_streams … 3_streamsNew): their streams, “studio-a” and “church” live.
describe('Streams view: live, suspended, deleted', () => {
  let studio: EmulatorStream;
  let live: EmulatorStream;

  before(async () => {
    now = Date.now();
    await signIn();
    studio = streamNamed('studio-a');
    live = [...emulator.store.streams.values()].find((s) => s.parentId === studio.id && s.isActive) ?? assert.fail('the live session of studio-a');
  });

  afterEach(() => assertAllAnswered());

  it('recording cannot change while live: hidden on live rows; if the service refuses, a modal offers to stop the session, then changes it', async () => {
    const menus = itemMenus();
    const shown = (command: string, contextValue: string) =>
      menus.filter((m) => m.command === command).some((m) => new RegExp(/viewItem =~ \/(.*)\/$/.exec(m.when)?.[1] ?? '^$').test(contextValue));
    assert.deepEqual(['stream live', 'stream idle', 'stream live recording signed', 'stream idle recording'].map((v) => shown('livepeer.streams.recordOn', v)), [false, true, false, false]);
    assert.deepEqual(['stream live recording signed', 'stream idle recording', 'stream idle'].map((v) => shown('livepeer.streams.recordOff', v)), [false, true, false]);

    const before = studio.record;
    answer(confirmWith(undefined, /^“studio-a” is live: recording cannot change until the broadcast ends\.$/));
    await vscode.commands.executeCommand('livepeer.streams.recordOff', (await row('studio-a')).element);
    assert.equal(studio.record, before);
    assert.equal(studio.isActive, true, 'the safe answer keeps it live');
    assert.equal(apiCalls('PATCH', new RegExp(`/stream/${studio.id}/record$`)).at(-1)?.status, 400);

    const cam = emulator.store.addStream({ name: 'cam-rec', lastSeen: now - 30_000 });
    emulator.store.startSession(cam, { createdAt: now - 80 * MINUTE });
    await refreshStreams();
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
        assert.deepEqual((request as Message).actions, ['Go Back', 'Stop Live Session'], 'the safe answer first');
        return 'Stop Live Session';
      },
    );
    await vscode.commands.executeCommand('livepeer.streams.recordOn');
    assert.deepEqual([cam.isActive, cam.record], [false, true], 'stopped, then recording turned on');
    emulator.store.streams.delete(cam.id);
    await refreshStreams();

    await vscode.commands.executeCommand('livepeer.streams.recordOff', (await row('podcast')).element);
    assert.equal(streamNamed('podcast').record, false);
    await vscode.commands.executeCommand('livepeer.streams.recordOn', (await row('podcast')).element);
    assert.equal(streamNamed('podcast').record, true);
  });

  it('a 500 after the change was made (the media server call failed): the stream is read again and its real state said', async () => {
    const cam = emulator.store.addStream({ name: 'cam-500', lastSeen: now - 40_000 });
    emulator.store.startSession(cam);
    await refreshStreams();
    emulator.faults.failAfterChange({ origin: 'api', path: /\/terminate$/ });
    answer(confirmWith('Stop Live Session', /“cam-500”/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', (await row('cam-500')).element);
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is no longer live.');
    assert.equal(iconOf(await row('cam-500')), 'circle-outline', 'the row shows it idle');

    emulator.faults.fail({ origin: 'api', path: /\/suspended$/, status: 500, body: { errors: ['Internal server error'] } });
    await vscode.commands.executeCommand('livepeer.streams.suspend', (await row('cam-500')).element);
    assert.match(lastMessage(/suspending the stream/)?.message ?? '', /HTTP 500.*“cam-500” is still idle/);
    emulator.faults.failAfterChange({ origin: 'api', path: /\/suspended$/ });
    await vscode.commands.executeCommand('livepeer.streams.suspend', (await row('cam-500')).element);
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is now suspended.');
    assert.equal((await row('cam-500')).contextValue, 'stream idle suspended');

    emulator.faults.failAfterChange({ origin: 'api', method: 'DELETE', path: /^\/api\/stream\/[^/]+$/ });
    answer(confirmWith('Delete', /Delete stream “cam-500”/));
    await vscode.commands.executeCommand('livepeer.streams.delete', (await row('cam-500')).element);
    assert.equal(lastMessage(/reported an error/)?.message, 'Livepeer: the service reported an error (HTTP 500), but “cam-500” is deleted.');
    assert.ok(!(await top()).some((i) => i.label === 'cam-500'));
    emulator.store.streams.delete(cam.id);
  });

  it('stops a live session after asking (Escape keeps it live); a fast repeat is refused with 429', async () => {
    const stops = apiCalls('DELETE', /\/terminate$/).length;
    answer(confirmWith(undefined, /Stop the live session of “studio-a”\?/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', (await row('studio-a')).element);
    assert.equal(studio.isActive, true, 'the safe answer does nothing');
    assert.equal(apiCalls('DELETE', /\/terminate$/).length, stops);

    answer(confirmWith('Stop Live Session', /Stop the live session/));
    await vscode.commands.executeCommand('livepeer.streams.terminate', (await row('studio-a')).element);
    assert.equal(studio.isActive, false);
    assert.equal(live.isActive, false);
    assert.equal(iconOf(await row('studio-a')), 'circle-outline', 'idle');

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
    await vscode.commands.executeCommand('livepeer.streams.suspend', (await row('church')).element);
    const church = streamNamed('church');
    assert.deepEqual([church.suspended, church.isActive], [true, false]);
    assert.equal((await row('church')).contextValue, 'stream idle suspended');
    await vscode.commands.executeCommand('livepeer.streams.unsuspend', (await row('church')).element);
    assert.equal(church.suspended, false);
  });

  it('deletes a stream after asking; the safe answer keeps it', async () => {
    answer(confirmWith(undefined, /Delete stream “second”\?/));
    await vscode.commands.executeCommand('livepeer.streams.delete', (await row('second')).element);
    assert.equal(streamNamed('second').deleted, undefined);
    answer((request) => {
      assert.match((request as Message).detail ?? '', /stream key stops working/);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.streams.delete', (await row('second')).element);
    assert.ok(!(await top()).some((i) => i.label === 'second'));
  });

  it('a load error shows its cause in the row, retries on click, and offers settings and the log', async () => {
    emulator.faults.fail({ origin: 'api', path: /^\/api\/stream$/, status: 500, body: { errors: ['Internal server error: database down'] }, times: 10 });
    await refreshStreams();
    const [error] = await view('streams').rows();
    assert.equal(error.label, 'Could not load streams');
    assert.equal(error.description, 'service error HTTP 500: Internal server error: database down: try again later');
    assert.equal(error.contextValue, 'loadError');
    assert.equal(error.command?.command, 'livepeer.streams.refresh');
    const menus = itemMenus();
    const inline = menus.filter((m) => m.when.includes('viewItem == loadError') && m.group.startsWith('inline')).map((m) => m.command);
    assert.deepEqual(inline, ['livepeer.retryLoad', 'livepeer.openBaseUrlSetting', 'livepeer.showLog']);

    emulator.faults.clear();
    const requests = apiCalls('GET', /^\/api\/stream$/).length;
    await vscode.commands.executeCommand('livepeer.retryLoad', error.element);
    assert.ok((await top()).length > 0);
    assert.equal(apiCalls('GET', /^\/api\/stream$/).length, requests + 1);
  });

  it('copies the stream key only on request', async () => {
    const studioRow = await row('studio-a');
    await vscode.commands.executeCommand('livepeer.streams.copyStreamKey', studioRow.element);
    assert.equal(await clipboard(), 'abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copyPlaybackId', studioRow.element);
    assert.equal(await clipboard(), studio.playbackId);
    assert.ok(!asked.some((r) => JSON.stringify(r).includes('abcd-1111-2222-3333')), 'no prompt showed the key');
  });

  it('shows a live stream with its sessions and recordings (README screenshot, demo data)', async () => {
    const demo = new Store(new Scheduler(), 0);
    seed(demo);
    emulator.store.streams.clear();
    // Another Store is another account: its streams move into the token's project.
    for (const [id, stream] of demo.streams) emulator.store.streams.set(id, { ...stream, userId: emulator.store.userId, projectId: emulator.store.projectId });
    await refreshStreams();
    await vscode.commands.executeCommand('livepeer.streams.focus');
    const sunday = await row('Sunday Service');
    assert.match(String(sunday.description), /^live \d/);
    await view('streams').tree?.reveal(sunday.element, { expand: true, select: true, focus: true });
    const sessions = await children(sunday);
    const recording = (item: Row) => (/recorded$/.test(item.description) ? 'ready' : /recording$/.test(item.description) ? 'waiting' : item.description);
    assert.deepEqual(sessions.map(recording), ['waiting', 'waiting', 'ready']);
    // Wide enough for the descriptions, as a user would drag it for this view (the editor narrows).
    const resize = async (command: string) => {
      for (let i = 0; i < 4; i++) await vscode.commands.executeCommand(command);
    };
    await resize('workbench.action.decreaseViewWidth');
    await eventually(async () => assert.match((await person.text('.pane:has(.pane-header[aria-label^="Streams"]) .monaco-list-rows')) ?? '', /recorded/));
    const file = await screenshot('streams');
    await resize('workbench.action.increaseViewWidth');
    assert.ok(statSync(file).size > 10_000);
  });
});
