import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EmulatorStream } from '../emulator';
import { answer, assertAllAnswered, emulator, signIn, view } from './harness';
import { apiCalls, confirmWith, lastListQuery, pickLabel, resetStreamFilters, streamNamed, streamsDescription, top } from './streamRows';

// Goes on from the Streams view suite (3_streams.test.ts): its streams, the filters at their defaults.
describe('Streams view: filters and search', () => {
  let ready: EmulatorStream;

  before(async () => {
    await signIn();
    await resetStreamFilters();
    const studio = streamNamed('studio-a');
    ready = [...emulator.store.streams.values()].find((s) => s.parentId === studio.id && s.recordingStatus === 'ready') ?? assert.fail('the recorded session of studio-a');
  });

  afterEach(() => assertAllAnswered());

  it('filters: one activity of All / Active / Idle, recording on top; menu and palette use the same labels', async () => {
    await vscode.commands.executeCommand('livepeer.streams.filter.active');
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [{ id: 'isActive', value: true }]);
    assert.equal(streamsDescription(), 'active');

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
    assert.equal(streamsDescription(), 'idle');
    assert.deepEqual((await top()).map((i) => i.label), ['podcast', 'old-show']);

    await vscode.commands.executeCommand('livepeer.streams.filter.recordingOnly');
    assert.deepEqual((await top()).map((i) => i.label), ['podcast']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [
      { id: 'isActive', value: false },
      { id: 'record', value: true },
    ]);
    assert.equal(streamsDescription(), 'idle · recording');

    answer(
      pickLabel('✓ Recording On Only', (request) =>
        assert.deepEqual(request.items.map((i) => i.label), ['Show', 'All Streams', 'Active Only', '✓ Idle Only', 'Toggles', '✓ Recording On Only', '✓ Streams Only']),
      ),
    );
    await vscode.commands.executeCommand('livepeer.streams.filter');
    await vscode.commands.executeCommand('livepeer.streams.filter.all.checked');
    assert.equal(streamsDescription(), '', 'All Streams, Streams Only, no search: the defaults');
    await top();
    assert.equal(lastListQuery().get('filters'), null);
  });

  it('Streams Only off lists the historic session objects, each marked "session of <stream>" with its times; on asks streamsonly=1', async () => {
    assert.equal(lastListQuery().get('streamsonly'), '1', 'on by default');
    await vscode.commands.executeCommand('livepeer.streams.filter.streamsOnly.checked');
    assert.equal(streamsDescription(), 'with sessions', 'said in the view’s title like the other filters');
    const rows = await view('streams').rows();
    assert.equal(lastListQuery().get('streamsonly'), null);
    const children = rows.filter((r) => r.contextValue === 'session child');
    const childIds = [...emulator.store.streams.values()].filter((s) => s.parentId && !s.deleted).map((s) => `child/${s.id}`);
    assert.deepEqual(new Set(children.map((r) => r.item.id)), new Set(childIds), 'every child object GET /stream returns');
    const recorded = children.find((r) => r.item.id === `child/${ready.id}`);
    assert.equal(recorded?.label, 'session of studio-a');
    const started = new Date(ready.createdAt ?? 0).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    assert.equal(recorded?.description, `${started} · 1h 00m`);
    assert.ok(recorded);
    assert.match(await recorded.hover(), /Started: .*\n.*Last seen: /s);
    assert.ok(children.some((r) => r.label === 'session of church' && r.description.endsWith('live now')));
    assert.equal(streamsDescription(), 'with sessions');

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
    assert.equal(streamsDescription(), '', 'Streams Only again');
    assert.ok(!(await view('streams').rows()).some((r) => r.contextValue === 'session child'));
    assert.equal(lastListQuery().get('streamsonly'), '1');
    assert.equal(streamsDescription(), '');
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
    assert.equal(streamsDescription(), '“STUDIO”');
    await vscode.commands.executeCommand('livepeer.streams.search', 'o_d');
    assert.deepEqual(await top(), [], 'old-show is not found by o_d: the service would take _ as any character');
    assert.equal(lastListQuery().get('filters'), JSON.stringify([{ id: 'name', value: 'o\\_d' }]));
    await vscode.commands.executeCommand('livepeer.streams.search', '100%');
    assert.deepEqual(await top(), []);
    assert.equal(apiCalls('GET', /^\/api\/stream$/).at(-1)?.status, 200, 'a % is sent so that the service does not answer 400');
    await vscode.commands.executeCommand('livepeer.streams.clearSearch');
    assert.equal(streamsDescription(), '', 'no search');
    assert.equal((await top()).length, 4);
  });
});
