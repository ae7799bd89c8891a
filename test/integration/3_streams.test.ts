import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StreamItem } from '../../src/ui/streams/streamsView';
import { api, emulator, signIn } from './harness';

const now = Date.now();

async function top(): Promise<StreamItem[]> {
  return ((await api.streams.getChildren()) ?? []).filter((i): i is StreamItem => 'stream' in i);
}

function lastStreamQuery(): URLSearchParams {
  const request = emulator.requests.filter((r) => r.origin === 'api' && r.url.startsWith('/api/stream')).at(-1);
  assert.ok(request, 'a stream list request was sent');
  return new URL(request.url, 'http://x').searchParams;
}

async function toggle(name: string): Promise<void> {
  const on = api.streams.filters.current[name as keyof typeof api.streams.filters.current];
  await vscode.commands.executeCommand(`livepeer.streams.toggle.${name}${on ? '.off' : ''}`);
}

describe('Streams view', () => {
  before(async () => {
    await signIn();
    emulator.store.streams.clear();
    const studio = emulator.store.addStream({ name: 'studio-a', isActive: true, record: true, lastSeen: now - 10_000, streamKey: 'abcd-1111-2222-3333' });
    emulator.store.addStream({ name: 'studio-a session 1', parentId: studio.id, lastSeen: now - 3_600_000 });
    emulator.store.addStream({ name: 'studio-a session 2', parentId: studio.id, lastSeen: now - 7_200_000 });
    emulator.store.addStream({ name: 'church', isActive: true, lastSeen: now - 20_000 });
    emulator.store.addStream({ name: 'podcast', record: true, lastSeen: now - 86_400_000 });
    emulator.store.addStream({ name: 'old-show', lastSeen: now - 5 * 86_400_000 });
    emulator.store.addStream({ name: 'orphan session', parentId: 'deleted-parent', lastSeen: now - 9 * 86_400_000 });
    await api.streams.filters.set({ activeOnly: false, idleOnly: false, recordingOnly: false, streamsOnly: true });
  });

  it('lists parent streams by default (streamsonly=1, no filters), newest seen first', async () => {
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church', 'podcast', 'old-show']);
    const query = lastStreamQuery();
    assert.equal(query.get('streamsonly'), '1');
    assert.equal(query.get('filters'), null);
    assert.equal(api.streams.filters.describe(), '');
  });

  it('shows state, recording and last seen, and never the stream key', async () => {
    const [studio, church, podcast] = await top();
    assert.match(String(studio.description), /^live · recording · seen just now$/);
    assert.equal((studio.iconPath as vscode.ThemeIcon).id, 'broadcast');
    assert.match(String(church.description), /^live · seen/);
    assert.match(String(podcast.description), /^idle · recording · seen yesterday$/);
    assert.equal((podcast.iconPath as vscode.ThemeIcon).id, 'circle-outline');
    const tooltip = (studio.tooltip as vscode.MarkdownString).value;
    for (const part of [studio.stream.id, 'Playback ID:', 'Created:', 'Last seen:']) assert.ok(tooltip.includes(part), part);
    const shown = JSON.stringify([studio.label, studio.description, tooltip]);
    assert.ok(!shown.includes('abcd-1111-2222-3333'));
  });

  it('Active only and Idle only exclude each other and go to the server as isActive', async () => {
    await toggle('activeOnly');
    assert.deepEqual((await top()).map((i) => i.label), ['studio-a', 'church']);
    assert.deepEqual(JSON.parse(lastStreamQuery().get('filters') ?? ''), [{ id: 'isActive', value: true }]);
    assert.equal(api.streams.filters.describe(), 'active');

    await toggle('idleOnly');
    assert.equal(api.streams.filters.current.activeOnly, false);
    assert.deepEqual((await top()).map((i) => i.label), ['podcast', 'old-show']);
    assert.deepEqual(JSON.parse(lastStreamQuery().get('filters') ?? ''), [{ id: 'isActive', value: false }]);
  });

  it('Recording on combines with the activity filter', async () => {
    await toggle('recordingOnly');
    assert.deepEqual((await top()).map((i) => i.label), ['podcast']);
    assert.deepEqual(JSON.parse(lastStreamQuery().get('filters') ?? ''), [
      { id: 'isActive', value: false },
      { id: 'record', value: true },
    ]);
    assert.equal(api.streams.filters.describe(), 'idle · recording');
    await toggle('idleOnly');
    await toggle('recordingOnly');
    await top();
    assert.equal(lastStreamQuery().get('filters'), null);
  });

  it('with Streams only off, sessions nest under their parent and orphans stay at the top', async () => {
    await toggle('streamsOnly');
    const items = await top();
    assert.equal(lastStreamQuery().get('streamsonly'), null);
    assert.deepEqual(items.map((i) => i.label), ['studio-a', 'church', 'podcast', 'old-show', 'orphan session']);
    const studio = items[0];
    assert.equal(studio.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(String(studio.description), /2 sessions/);
    const sessions = (await api.streams.getChildren(studio)) as StreamItem[];
    assert.deepEqual(sessions.map((s) => s.label), ['studio-a session 1', 'studio-a session 2']);
    assert.equal(sessions[0].contextValue, 'stream.session');
    assert.equal(api.streams.filters.describe(), 'with sessions');
    await toggle('streamsOnly');
  });

  it('remembers the filters in the workspace and publishes them for the Filter menu checkmarks', async () => {
    await toggle('recordingOnly');
    assert.equal(api.streams.filters.current.recordingOnly, true);
    await toggle('recordingOnly');
    assert.equal(api.streams.filters.current.recordingOnly, false);
  });

  it('loads more pages on demand', async () => {
    for (let i = 0; i < 55; i++) emulator.store.addStream({ name: `bulk ${i}`, lastSeen: now - 30 * 86_400_000 - i });
    api.streams.refresh();
    const first = (await api.streams.getChildren()) ?? [];
    assert.equal(first.length, 51, '50 streams and a Load more row');
    assert.equal(first.at(-1)?.label, 'Load more…');
    await vscode.commands.executeCommand('livepeer.streams.loadMore');
    const all = await top();
    assert.equal(all.length, 59);
    for (const stream of [...emulator.store.streams.values()].filter((s) => s.name?.startsWith('bulk'))) emulator.store.streams.delete(stream.id);
    api.streams.refresh();
  });

  it('copies the stream key only on request', async () => {
    const [studio] = await top();
    await vscode.commands.executeCommand('livepeer.streams.copyStreamKey', studio);
    assert.equal(await vscode.env.clipboard.readText(), 'abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copyPlaybackId', studio);
    assert.equal(await vscode.env.clipboard.readText(), studio.stream.playbackId);
  });
});
