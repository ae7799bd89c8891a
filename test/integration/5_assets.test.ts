import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EmulatorAsset } from '../emulator';
import { answer, assertAllAnswered, emulator, eventually, lastMessage, signIn, view, type PromptRequest } from './harness';
import { assetRequests, assetRow as row, assetRows as rows, assetsDescription, filterPhase, iconOf as icon } from './assetRows';
import { playbackOfRow } from './keyRows';

const DAY = 86_400_000;
const now = Date.now();
let keynote: EmulatorAsset;
let wedding: EmulatorAsset;
let members: EmulatorAsset;
let broken: EmulatorAsset;

function lastListQuery(): URLSearchParams {
  const request = emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/asset\/?(\?|$)/.test(r.url)).at(-1);
  assert.ok(request, 'an asset list request was sent');
  return new URL(request.url, 'http://x').searchParams;
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
    emulator.store.addAsset({ name: 'Keynote rehearsal', createdAt: now - 3600_000, status: { phase: 'processing', progress: 0.4 } });
    broken = emulator.store.addAsset({ name: 'broken-export.mov', createdAt: now - 2 * 3600_000, status: { phase: 'waiting' } });
    emulator.store.failAsset(broken.id, 'Failed to process the file: moov atom not found');
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
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
    assert.equal(item.item.tooltip, undefined, 'built on hover, with the thumbnail, not for every row');
    const playbackOfKeynote = new RegExp(`^/api/playback/${keynote.playbackId}$`);
    assert.equal(assetRequests('GET', playbackOfKeynote), 0);
    const text = await item.hover();
    assert.match(text, /!\[Thumbnail\]\(data:image\/png;base64,[A-Za-z0-9+/=]{500,}\)/);
    assert.equal(assetRequests('GET', playbackOfKeynote), 1);
    for (const part of [keynote.id, keynote.playbackId, 'Phase: ready since', 'Format: mp4', 'Video: h264 · 1280×720 · 30 fps · 2\\.0 Mbit/s', 'Audio: aac · 48 kHz · 2 ch · 128 kbit/s', 'Size: 97 MB', 'Created:', 'Playback policy: public']) {
      assert.ok(text.includes(part), `${part} in ${text}`);
    }
    const views = emulator.viewership.total(keynote.playbackId);
    assert.ok(views.viewCount > 0, 'the emulator seeds views');
    assert.match(text, new RegExp(`Views: ${views.viewCount} · watched (\\d+h )?\\d+m`), 'total views and playtime');

    const failed = await row('broken-export.mov');
    assert.match(failed.tooltip, /Failure: Failed to process the file: moov atom not found/);
    assert.equal(failed.contextValue, 'asset failed');
    assert.equal(await failed.hover(), failed.tooltip, 'no thumbnail for a failed asset');
  });

  it('marks signed assets for the playback-token commands and carries the playback target', async () => {
    const item = await row('Members-only masterclass');
    assert.equal(item.contextValue, 'asset ready signed');
    // Check Playback Access from the row acts on its playback id, and names it.
    const checked = await playbackOfRow(item);
    assert.match(checked, /^\*\*Refused\*\*: “Members-only masterclass” with this token\.$/m);
    assert.ok(checked.includes(`not ${members.playbackId}`), checked);
    assert.match(await item.hover(), /Playback policy: signed \(JWT\)/);
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
    assert.equal(assetsDescription(), '“keynote”');
  });

  it('Search Assets… finds the text typed, character for character: `_` and `%` are no wildcards and no 400', async () => {
    const searched = /^“(.*)”$/.exec(assetsDescription())?.[1] ?? assert.fail('the search of the test before');
    const underscore = emulator.store.addAsset({ name: 'take_2 50% off', createdAt: now - 5 * DAY, status: { phase: 'ready' } });
    const lookalike = emulator.store.addAsset({ name: 'takeX2', createdAt: now - 6 * DAY, status: { phase: 'ready' } });
    try {
      await vscode.commands.executeCommand('livepeer.assets.search', 'TAKE_2');
      assert.deepEqual((await rows()).map((i) => i.label), ['take_2 50% off'], 'the service alone would also list takeX2');
      await vscode.commands.executeCommand('livepeer.assets.search', '50% off');
      assert.deepEqual((await rows()).map((i) => i.label), ['take_2 50% off']);
      assert.equal(assetsDescription(), '“50% off”');
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
    assert.equal(assetsDescription(), '“keynote” · ready');

    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
    await filterPhase('failed');
    assert.deepEqual((await rows()).map((i) => i.label), ['broken-export.mov']);
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
    assert.equal((await rows()).length, 5);
    assert.equal(lastListQuery().get('filters'), null);
    assert.equal(assetsDescription(), '');
  });

  it('loads more pages on demand', async () => {
    const bulk = Array.from({ length: 55 }, (_, i) => emulator.store.addAsset({ name: `bulk ${i}`, createdAt: now - 30 * DAY - i, status: { phase: 'ready' } }));
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    const first = await view('assets').rows();
    assert.equal(first.length, 51, '50 assets and a Load more row');
    assert.equal(first.at(-1)?.label, 'Load more…');
    // The next page is read ahead once the first shows, so the click itself sends nothing.
    await eventually(() => assert.equal(lastListQuery().get('cursor'), 'skip50'));
    const lists = assetRequests('GET', /^\/api\/asset\/?(\?|$)/);
    await vscode.commands.executeCommand('livepeer.assets.loadMore');
    assert.equal((await rows()).length, 60);
    assert.equal(assetRequests('GET', /^\/api\/asset\/?(\?|$)/), lists, 'Load more… showed the page read ahead');
    for (const asset of bulk) emulator.store.assets.delete(asset.id);
    await vscode.commands.executeCommand('livepeer.assets.refresh');
  });

  it('copies the asset ID, playback ID, HLS playback URL (from GET /playback) and MP4 download URL', async () => {
    const item = await row('Product keynote');
    await vscode.commands.executeCommand('livepeer.assets.copyId', item.element);
    assert.equal(await vscode.env.clipboard.readText(), keynote.id);
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackId', item.element);
    assert.equal(await vscode.env.clipboard.readText(), keynote.playbackId);
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', item.element);
    assert.equal(await vscode.env.clipboard.readText(), `${emulator.ingestOrigin}/hls/${keynote.playbackId}/index.m3u8`);
    await vscode.commands.executeCommand('livepeer.assets.copyDownloadUrl', item.element);
    assert.equal(await vscode.env.clipboard.readText(), `${emulator.ingestOrigin}/hls/${keynote.playbackId}/static720p0.mp4`);

    await vscode.env.clipboard.writeText('unchanged');
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', (await row('Keynote rehearsal')).element);
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    assert.match(lastMessage(/Keynote rehearsal/)?.message ?? '', /can be played once it is ready \(now processing 40%\)/);
  });

  it('from the palette, actions ask for the asset with a picker', async () => {
    answer((request) => {
      assert.equal(request.kind, 'pick');
      const items = request.items as Array<vscode.QuickPickItem & { asset: { id: string } }>;
      assert.equal(items.length, 5);
      assert.equal(items[1].description?.startsWith('failed'), true);
      return items.find((i) => i.asset.id === wedding.id);
    });
    await vscode.commands.executeCommand('livepeer.assets.copyId');
    assert.equal(await vscode.env.clipboard.readText(), wedding.id);
  });
});
