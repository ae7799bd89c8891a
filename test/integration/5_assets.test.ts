import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import type { AssetItem } from '../../src/ui/assets/activateAssets';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { EmulatorAsset } from '../emulator';
import { answer, api, assertAllAnswered, emulator, eventually, hover, lastMessage, screenshot, signIn, sleep } from './harness';

const DAY = 86_400_000;
const now = Date.now();
let keynote: EmulatorAsset;
let wedding: EmulatorAsset;
let members: EmulatorAsset;
let rehearsal: EmulatorAsset;
let broken: EmulatorAsset;

async function rows(): Promise<AssetItem[]> {
  return ((await api.assets.getChildren()) ?? []).filter((i): i is AssetItem => 'asset' in i);
}

async function row(name: string): Promise<AssetItem> {
  const found = (await rows()).find((item) => item.label === name);
  assert.ok(found, `row ${name}`);
  return found;
}

function assetRequests(method: string, path: RegExp): number {
  return emulator.requests.filter((r) => r.origin === 'api' && r.method === method && path.test(r.url)).length;
}

function lastListQuery(): URLSearchParams {
  const request = emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/asset\/?(\?|$)/.test(r.url)).at(-1);
  assert.ok(request, 'an asset list request was sent');
  return new URL(request.url, 'http://x').searchParams;
}

function tooltip(item: vscode.TreeItem): string {
  return (item.tooltip as vscode.MarkdownString).value;
}

function icon(item: vscode.TreeItem): string {
  return (item.iconPath as vscode.ThemeIcon).id;
}

describe('Assets view', function () {
  this.timeout(60_000);

  before(async () => {
    await signIn();
    emulator.store.assets.clear();
    const ready = (name: string, ageDays: number, extra: Partial<EmulatorAsset> = {}) =>
      emulator.store.addAsset({ name, size: 96_500_000, createdAt: now - ageDays * DAY, status: { phase: 'ready', updatedAt: now - ageDays * DAY }, ...extra });
    keynote = ready('Product keynote', 2);
    wedding = ready('Wedding highlights', 9, {
      source: { type: 'url', url: 'https://user:hunter2@bucket.example/w.mp4?X-Amz-Signature=sig-secret-123' },
    });
    members = ready('Members-only masterclass', 4, { playbackPolicy: { type: 'jwt' } });
    rehearsal = emulator.store.addAsset({ name: 'Keynote rehearsal', createdAt: now - 3600_000, status: { phase: 'processing', progress: 0.4 } });
    broken = emulator.store.addAsset({ name: 'broken-export.mov', createdAt: now - 2 * 3600_000, status: { phase: 'waiting' } });
    emulator.store.failAsset(broken.id, 'Failed to process the file: moov atom not found');
    await api.assets.filters.set({ search: '', phase: 'all' });
    await vscode.commands.executeCommand('livepeer.assets.focus');
  });

  afterEach(() => assertAllAnswered());

  it('lists assets newest first with a phase icon, duration, resolution, size and age', async () => {
    const items = await rows();
    assert.deepEqual(items.map((i) => i.label), ['Keynote rehearsal', 'broken-export.mov', 'Product keynote', 'Members-only masterclass', 'Wedding highlights']);
    assert.equal(lastListQuery().get('order'), 'createdAt-true');
    const [processing, failed, ready] = items;
    assert.equal(icon(ready), 'pass');
    assert.match(String(ready.description), /^\d+:\d\d · 720p · 97 MB · 2 days ago$/);
    assert.equal(icon(processing), 'loading~spin');
    assert.equal(processing.description, 'processing 40% · 1 hour ago');
    assert.equal(icon(failed), 'error');
    assert.match(String(failed.description), /^failed · 2 hours ago$/);
    assert.equal(ready.contextValue, 'asset ready');
  });

  it('tooltip: ids, phase and time, format, tracks, size, policy; the thumbnail once hovered; the failure message', async () => {
    const item = await row('Product keynote');
    assert.equal(item.tooltip, undefined, 'built on hover, with the thumbnail, not for every row');
    const playbackOfKeynote = new RegExp(`^/api/playback/${keynote.playbackId}$`);
    assert.equal(assetRequests('GET', playbackOfKeynote), 0);
    const resolved = await api.assets.resolveTreeItem(item, item);
    const text = tooltip(resolved);
    assert.match(text, /!\[Thumbnail\]\(data:image\/png;base64,[A-Za-z0-9+/=]{500,}\)/);
    assert.equal(assetRequests('GET', playbackOfKeynote), 1);
    for (const part of [keynote.id, keynote.playbackId, 'Phase: ready since', 'Format: mp4', 'Video: h264 · 1280×720 · 30 fps · 2\\.0 Mbit/s', 'Audio: aac · 48 kHz · 2 ch · 128 kbit/s', 'Size: 97 MB', 'Created:', 'Playback policy: public']) {
      assert.ok(text.includes(part), `${part} in ${text}`);
    }
    const views = emulator.viewership.total(keynote.playbackId);
    assert.ok(views.viewCount > 0, 'the emulator seeds views');
    assert.match(text, new RegExp(`Views: ${views.viewCount} · watched (\\d+h )?\\d+m`), 'total views and playtime');

    const failed = await row('broken-export.mov');
    assert.match(tooltip(failed), /Failure: Failed to process the file: moov atom not found/);
    assert.equal(failed.contextValue, 'asset failed');
    const before = failed.tooltip;
    assert.equal((await api.assets.resolveTreeItem(failed, failed)).tooltip, before, 'no thumbnail for a failed asset');
  });

  it('marks signed assets for the playback-token commands and carries the playback target', async () => {
    const item = await row('Members-only masterclass');
    assert.equal(item.contextValue, 'asset ready signed');
    assert.deepEqual(item.playback, { playbackId: members.playbackId, name: 'Members-only masterclass', policy: { type: 'jwt' } });
    assert.match(tooltip(await api.assets.resolveTreeItem(item, item)), /Playback policy: signed \(JWT\)/);
  });

  it('Search Assets… filters on the service by name, shows it in the description and remembers it', async () => {
    answer((request) => {
      assert.equal(request.kind, 'input');
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, '', 'prefilled with the current search');
      return 'keynote';
    });
    await vscode.commands.executeCommand('livepeer.assets.search');
    assert.deepEqual((await rows()).map((i) => i.label), ['Keynote rehearsal', 'Product keynote']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [{ id: 'name', value: 'keynote' }]);
    assert.equal(api.assetsTree.description, '“keynote”');
    assert.equal(api.assets.filters.current.search, 'keynote');
  });

  it('Search Assets… finds the text typed, character for character: `_` and `%` are no wildcards and no 400', async () => {
    const searched = api.assets.filters.current.search;
    const underscore = emulator.store.addAsset({ name: 'take_2 50% off', createdAt: now - 5 * DAY, status: { phase: 'ready' } });
    const lookalike = emulator.store.addAsset({ name: 'takeX2', createdAt: now - 6 * DAY, status: { phase: 'ready' } });
    try {
      await vscode.commands.executeCommand('livepeer.assets.search', 'TAKE_2');
      assert.deepEqual((await rows()).map((i) => i.label), ['take_2 50% off'], 'the service alone would also list takeX2');
      await vscode.commands.executeCommand('livepeer.assets.search', '50% off');
      assert.deepEqual((await rows()).map((i) => i.label), ['take_2 50% off']);
      assert.equal(api.assetsTree.description, '“50% off”');
    } finally {
      emulator.store.assets.delete(underscore.id);
      emulator.store.assets.delete(lookalike.id);
      await vscode.commands.executeCommand('livepeer.assets.search', searched);
    }
  });

  it('the phase filter (All / Ready / Processing / Failed) combines with the search; Clear resets both', async () => {
    answer((request) => {
      const items = (request as Extract<PromptRequest, { kind: 'pick' }>).items as Array<vscode.QuickPickItem & { value: string }>;
      assert.deepEqual(items.map((i) => i.label), ['All', 'Ready', 'Processing', 'Failed']);
      assert.equal(items[0].description, 'current');
      return items.find((i) => i.value === 'ready');
    });
    await vscode.commands.executeCommand('livepeer.assets.filter');
    assert.deepEqual((await rows()).map((i) => i.label), ['Product keynote']);
    assert.deepEqual(JSON.parse(lastListQuery().get('filters') ?? ''), [
      { id: 'name', value: 'keynote' },
      { id: 'phase', value: 'ready' },
    ]);
    assert.equal(api.assetsTree.description, '“keynote” · ready');

    await api.assets.filters.set({ search: '', phase: 'failed' });
    assert.deepEqual((await rows()).map((i) => i.label), ['broken-export.mov']);
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
    assert.equal((await rows()).length, 5);
    assert.equal(lastListQuery().get('filters'), null);
    assert.equal(api.assetsTree.description, '');
  });

  it('loads more pages on demand', async () => {
    const bulk = Array.from({ length: 55 }, (_, i) => emulator.store.addAsset({ name: `bulk ${i}`, createdAt: now - 30 * DAY - i, status: { phase: 'ready' } }));
    api.assets.refresh();
    const first = (await api.assets.getChildren()) ?? [];
    assert.equal(first.length, 51, '50 assets and a Load more row');
    assert.equal(first.at(-1)?.label, 'Load more…');
    // The next page is read ahead once the first shows, so the click itself sends nothing.
    await eventually(() => assert.equal(lastListQuery().get('cursor'), 'skip50'));
    const lists = assetRequests('GET', /^\/api\/asset\/?(\?|$)/);
    await vscode.commands.executeCommand('livepeer.assets.loadMore');
    assert.equal((await rows()).length, 60);
    assert.equal(assetRequests('GET', /^\/api\/asset\/?(\?|$)/), lists, 'Load more… showed the page read ahead');
    for (const asset of bulk) emulator.store.assets.delete(asset.id);
    api.assets.refresh();
  });

  it('copies the asset ID, playback ID, HLS playback URL (from GET /playback) and MP4 download URL', async () => {
    const item = await row('Product keynote');
    await vscode.commands.executeCommand('livepeer.assets.copyId', item);
    assert.equal(await vscode.env.clipboard.readText(), keynote.id);
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackId', item);
    assert.equal(await vscode.env.clipboard.readText(), keynote.playbackId);
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', item);
    assert.equal(await vscode.env.clipboard.readText(), `${emulator.ingestOrigin}/hls/${keynote.playbackId}/index.m3u8`);
    await vscode.commands.executeCommand('livepeer.assets.copyDownloadUrl', item);
    assert.equal(await vscode.env.clipboard.readText(), `${emulator.ingestOrigin}/hls/${keynote.playbackId}/static720p0.mp4`);

    await vscode.env.clipboard.writeText('unchanged');
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', await row('Keynote rehearsal'));
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    assert.match(lastMessage(/Keynote rehearsal/)?.message ?? '', /can be played once it is ready \(now processing 40%\)/);
  });

  it('from the palette, actions ask for the asset with a picker', async () => {
    answer((request) => {
      assert.equal(request.kind, 'pick');
      const items = (request as Extract<PromptRequest, { kind: 'pick' }>).items as Array<vscode.QuickPickItem & { asset: { id: string } }>;
      assert.equal(items.length, 5);
      assert.equal(items[1].description?.startsWith('failed'), true);
      return items.find((i) => i.asset.id === wedding.id);
    });
    await vscode.commands.executeCommand('livepeer.assets.copyId');
    assert.equal(await vscode.env.clipboard.readText(), wedding.id);
  });

  it('Rename: prefilled, PATCH 200 updates the row; a processing asset is refused with the reason, without a request', async () => {
    answer((request) => {
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, 'Wedding highlights');
      return 'Wedding — full film';
    });
    await vscode.commands.executeCommand('livepeer.assets.rename', await row('Wedding highlights'));
    assert.equal(emulator.store.assets.get(wedding.id)?.name, 'Wedding — full film');
    assert.ok((await rows()).some((i) => i.label === 'Wedding — full film'), 'the row shows the new name at once');

    const patches = assetRequests('PATCH', /^\/api\/asset\//);
    await vscode.commands.executeCommand('livepeer.assets.rename', await row('Keynote rehearsal'));
    assert.equal(assetRequests('PATCH', /^\/api\/asset\//), patches);
    assert.match(lastMessage(/Keynote rehearsal/)?.message ?? '', /can be renamed once it is ready \(now processing 40%\)/);

    // The row is stale (the asset went back to processing): the service's 422 becomes the same explanation.
    const item = await row('Product keynote');
    emulator.store.assets.get(keynote.id)!.status = { phase: 'processing', progress: 0.1, updatedAt: Date.now() };
    answer(() => 'Keynote (final)');
    await vscode.commands.executeCommand('livepeer.assets.rename', item);
    assert.match(lastMessage(/Product keynote/)?.message ?? '', /can be renamed once it is ready \(now processing 10%\)/);
    emulator.store.assets.get(keynote.id)!.status = { phase: 'ready', updatedAt: Date.now() };
  });

  it('Show Details opens a read-only JSON document of the asset without credentials', async () => {
    await vscode.commands.executeCommand('livepeer.assets.showDetails', await row('Wedding — full film'));
    const editor = await eventually(() => {
      const active = vscode.window.activeTextEditor;
      assert.equal(active?.document.uri.scheme, 'livepeer-asset');
      return active;
    });
    assert.equal(editor.document.languageId, 'json');
    const text = editor.document.getText();
    const shown = JSON.parse(text) as { id: string; name: string; source: { url: string } };
    assert.deepEqual([shown.id, shown.name], [wedding.id, 'Wedding — full film']);
    for (const secret of ['hunter2', 'sig-secret-123']) assert.ok(!text.includes(secret), secret);
    assert.match(shown.source.url, /^https:\/\/bucket\.example\/w\.mp4\?X-Amz-Signature=/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Open in Studio opens the asset’s dashboard page', async () => {
    const expected = `https://livepeer.studio/dashboard/assets/${keynote.id}`;
    answer((request) => {
      assert.equal(request.kind, 'openExternal');
      assert.equal((request as Extract<PromptRequest, { kind: 'openExternal' }>).uri.toString(true), expected);
      return true;
    });
    const uri = await vscode.commands.executeCommand<vscode.Uri>('livepeer.assets.openInStudio', await row('Product keynote'));
    assert.equal(uri.toString(true), expected);
  });

  it('reveal(assetId) selects a listed asset, and fetches one that is on no loaded page', async () => {
    const listed = await vscode.commands.executeCommand<AssetItem>('livepeer.assets.reveal', members.id);
    assert.equal(listed.asset.id, members.id);
    await eventually(() => assert.deepEqual((api.assetsTree.selection as AssetItem[]).map((i) => i.asset.id), [members.id]));
    assert.ok(api.assetsTree.visible);

    await api.assets.filters.set({ search: '', phase: 'failed' });
    const revealed = await vscode.commands.executeCommand<AssetItem>('livepeer.assets.reveal', keynote.id);
    assert.equal(revealed.asset.id, keynote.id);
    assert.ok(assetRequests('GET', new RegExp(`^/api/asset/${keynote.id}$`)) >= 1, 'fetched with GET /asset/{id}');
    assert.deepEqual((await rows()).map((i) => i.label), ['Product keynote', 'broken-export.mov']);
    await eventually(() => assert.deepEqual((api.assetsTree.selection as AssetItem[]).map((i) => i.asset.id), [keynote.id]));
    await api.assets.filters.set({ search: '', phase: 'all' });
  });

  it('addOrUpdate shows a new upload at once, at the top', async () => {
    await rows();
    const created = emulator.store.createAsset('Fresh upload.mp4', 'test');
    api.assets.addOrUpdate(created);
    const [first] = await rows();
    assert.equal(first.label, 'Fresh upload.mp4');
    assert.equal(icon(first), 'cloud-upload');
    assert.equal(first.description, 'uploading · just now');
  });

  it('a listed asset that changed (processing, renamed) redraws its own row alone, the same row object', async () => {
    const before = await row('Fresh upload.mp4');
    const fired: unknown[] = [];
    const listening = api.assets.onDidChangeTreeData((change) => fired.push(change));
    try {
      api.assets.addOrUpdate({ ...before.asset, name: 'Fresh upload (renamed).mp4' });
      assert.deepEqual(fired, [[before]], 'one update, naming that row');
      assert.equal(before.label, 'Fresh upload (renamed).mp4');
      assert.equal(await row('Fresh upload (renamed).mp4'), before);
      api.assets.addOrUpdate({ ...before.asset, name: 'Fresh upload.mp4' });
    } finally {
      listening.dispose();
    }
  });

  it('follows processing assets on its own while the view is visible, until ready', async () => {
    await vscode.commands.executeCommand('livepeer.assets.focus');
    api.assets.refresh(); // a reload starts the refresh delay over, as showing the view again does
    await rows();
    const fresh = [...emulator.store.assets.values()].find((a) => a.name === 'Fresh upload.mp4')!;
    emulator.store.completeUpload(fresh.id, '/dev/null', 12_000_000);
    emulator.store.process(rehearsal.id, 100);
    const lists = assetRequests('GET', /^\/api\/asset\/?(\?|$)/);
    await eventually(async () => {
      const labels = Object.fromEntries((await rows()).map((i) => [i.label, icon(i)]));
      assert.equal(labels['Fresh upload.mp4'], 'pass');
      assert.equal(labels['Keynote rehearsal'], 'pass');
    }, 15_000);
    assert.equal(assetRequests('GET', /^\/api\/asset\/?(\?|$)/), lists, 'each processing asset is re-read by id, the list is not reloaded');
    assert.match(String((await row('Fresh upload.mp4')).description), /^0:\d\d · 720p · 12 MB · just now$/);
    const polls = assetRequests('GET', new RegExp(`^/api/asset/${rehearsal.id}$`));
    await sleep(2500);
    assert.equal(assetRequests('GET', new RegExp(`^/api/asset/${rehearsal.id}$`)), polls, 'polling stops once ready');
  });

  it('Delete asks first (Cancel is the default) and removes the asset when confirmed', async () => {
    const item = await row('Fresh upload.mp4');
    const asked: PromptRequest[] = [];
    answer((request) => {
      asked.push(request);
      return undefined;
    });
    await vscode.commands.executeCommand('livepeer.assets.delete', item);
    assert.ok(emulator.store.assets.has(item.asset.id), 'kept when cancelled');
    const question = asked[0] as Extract<PromptRequest, { kind: 'message' }>;
    assert.equal(question.modal, true);
    assert.deepEqual(question.actions, ['Delete'], 'the only action is Delete: the safe answer (Enter/Escape) is the default');
    assert.match(question.message, /Delete asset “Fresh upload\.mp4”\?/);

    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.assets.delete', item);
    assert.ok(!emulator.store.assets.has(item.asset.id));
    assert.ok(!(await rows()).some((i) => i.asset.id === item.asset.id));
    assert.equal(assetRequests('DELETE', new RegExp(`^/api/asset/${item.asset.id}$`)), 1);
  });

  it('shows the view with a thumbnail in the tooltip (screenshot for the README)', async () => {
    emulator.store.addAsset({ name: 'Conference day 2', size: 720_000_000, createdAt: Date.now() - 5 * 60_000, status: { phase: 'processing', progress: 0.62 } });
    emulator.store.addAsset({ name: 'Drone flyover — coast', size: 188_000_000, createdAt: now - 21 * DAY, status: { phase: 'ready' } });
    emulator.store.addAsset({ name: 'Onboarding tutorial', size: 54_200_000, createdAt: now - 45 * DAY, status: { phase: 'ready' } });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    // Only the Assets view in the picture; the other views come back afterwards.
    const others = ['livepeer.signingKeys', 'livepeer.streams', 'livepeer.uploads'];
    for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
    try {
      api.assets.refresh();
      await rows();
      await sleep(500);
      await hover('Onboarding tutorial');
      await sleep(2000); // hover delay, then the playback lookup and the thumbnail
      const file = await screenshot('assets');
      assert.ok(statSync(file).size > 10_000);
    } finally {
      for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
    }
  });

  it('shows a load error row with the cause when the list fails', async () => {
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/asset\/?$/, status: 500, body: { errors: ['database unavailable'] }, times: 4 });
    api.assets.refresh();
    const [error] = (await api.assets.getChildren()) ?? [];
    assert.match(String(error.label), /Could not load assets/);
    emulator.faults.clear();
    api.assets.refresh();
    assert.equal((await rows()).length, emulator.store.assets.size);
  });
});
