import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EmulatorAsset } from '../emulator';
import { makeFile } from '../unit/helpers/uploadFiles';
import { answer, assertAllAnswered, emulator, eventually, hoverUntil, lastMessage, screenshot, signIn, sleep, view, type PromptRequest } from './harness';
import { assetRequests, assetRow as row, assetRows as rows, filterPhase, iconOf as icon } from './assetRows';

const DAY = 86_400_000;
const now = Date.now();

function assetNamed(name: string): EmulatorAsset {
  return [...emulator.store.assets.values()].find((asset) => asset.name === name) ?? assert.fail(`no asset ${name}`);
}

// Goes on from the Assets view suite (5_assets.test.ts): its assets.
describe('Assets view: change, reveal, follow', function () {
  this.timeout(60_000);
  let keynote: EmulatorAsset;
  let wedding: EmulatorAsset;
  let members: EmulatorAsset;
  let rehearsal: EmulatorAsset;
  const folder = mkdtempSync(join(tmpdir(), 'livepeer-assets-'));
  let held: { release(): void } | undefined;
  let uploading: Thenable<unknown> | undefined;

  before(async () => {
    await signIn();
    [keynote, wedding, members, rehearsal] = ['Product keynote', 'Wedding highlights', 'Members-only masterclass', 'Keynote rehearsal'].map(assetNamed);
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });
  afterEach(() => assertAllAnswered());
  after(async () => {
    held?.release();
    await uploading;
    rmSync(folder, { recursive: true, force: true });
  });

  it('Rename: prefilled, PATCH 200 updates the row; a processing asset is refused with the reason, without a request', async () => {
    answer((request) => {
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, 'Wedding highlights');
      return 'Wedding — full film';
    });
    await vscode.commands.executeCommand('livepeer.assets.rename', (await row('Wedding highlights')).element);
    assert.equal(emulator.store.assets.get(wedding.id)?.name, 'Wedding — full film');
    assert.ok((await rows()).some((i) => i.label === 'Wedding — full film'), 'the row shows the new name at once');

    const patches = assetRequests('PATCH', /^\/api\/asset\//);
    await vscode.commands.executeCommand('livepeer.assets.rename', (await row('Keynote rehearsal')).element);
    assert.equal(assetRequests('PATCH', /^\/api\/asset\//), patches);
    assert.match(lastMessage(/Keynote rehearsal/)?.message ?? '', /can be renamed once it is ready \(now processing 40%\)/);

    // The row is stale (the asset went back to processing): the service's 422 becomes the same explanation.
    const item = await row('Product keynote');
    emulator.store.assets.get(keynote.id)!.status = { phase: 'processing', progress: 0.1, updatedAt: Date.now() };
    answer(() => 'Keynote (final)');
    await vscode.commands.executeCommand('livepeer.assets.rename', item.element);
    assert.match(lastMessage(/Product keynote/)?.message ?? '', /can be renamed once it is ready \(now processing 10%\)/);
    emulator.store.assets.get(keynote.id)!.status = { phase: 'ready', updatedAt: Date.now() };
  });

  it('Show Details opens a read-only JSON document of the asset without credentials', async () => {
    await vscode.commands.executeCommand('livepeer.assets.showDetails', (await row('Wedding — full film')).element);
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
      assert.equal(request.uri.toString(true), expected);
      return true;
    });
    const uri = await vscode.commands.executeCommand<vscode.Uri>('livepeer.assets.openInStudio', (await row('Product keynote')).element);
    assert.equal(uri.toString(true), expected);
  });

  it('reveal(assetId) selects a listed asset, and fetches one that is on no loaded page', async () => {
    const tree = view('assets').tree;
    const listed = await vscode.commands.executeCommand<vscode.TreeItem>('livepeer.assets.reveal', members.id);
    assert.equal(listed.id, members.id);
    await eventually(() => assert.deepEqual((tree?.selection as vscode.TreeItem[]).map((i) => i.id), [members.id]));
    assert.ok(tree?.visible);

    await filterPhase('failed');
    const revealed = await vscode.commands.executeCommand<vscode.TreeItem>('livepeer.assets.reveal', keynote.id);
    assert.equal(revealed.id, keynote.id);
    assert.ok(assetRequests('GET', new RegExp(`^/api/asset/${keynote.id}$`)) >= 1, 'fetched with GET /asset/{id}');
    assert.deepEqual((await rows()).map((i) => i.label), ['Product keynote', 'broken-export.mov']);
    await eventually(() => assert.deepEqual((tree?.selection as vscode.TreeItem[]).map((i) => i.id), [keynote.id]));
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });

  it('a new upload shows at once, at the top, while its bytes are on the way', async () => {
    await rows();
    // The upload's bytes are held at the service: its row says it is uploading meanwhile.
    held = emulator.faults.hold({ origin: 'ingest', method: 'PUT', path: /\/upload\/direct/ });
    const file = vscode.Uri.file(makeFile(join(folder, 'Fresh upload.mp4'), 12_000_000));
    uploading = vscode.commands.executeCommand('livepeer.uploads.upload', file, [file], { name: 'Fresh upload.mp4', method: 'direct' });
    const first = await eventually(async () => {
      const [top] = await rows();
      assert.equal(top?.label, 'Fresh upload.mp4');
      return top;
    });
    assert.equal(icon(first), 'cloud-upload');
    assert.equal(first.description, 'uploading · just now');
  });

  it('a listed asset that changed (renamed) redraws its own row alone, the same row object', async () => {
    const before = await row('Members-only masterclass');
    const fired: unknown[] = [];
    const listening = view('assets').provider.onDidChangeTreeData!((change) => fired.push(change));
    try {
      answer(() => 'Members-only masterclass (renamed)');
      await vscode.commands.executeCommand('livepeer.assets.rename', before.element);
      assert.deepEqual(fired, [[before.element]], 'one update, naming that row');
      const after = await row('Members-only masterclass (renamed)');
      assert.equal(after.element, before.element, 'the same row object');
      assert.equal(after.item.label, 'Members-only masterclass (renamed)');
    } finally {
      listening.dispose();
      answer(() => 'Members-only masterclass');
      await vscode.commands.executeCommand('livepeer.assets.rename', before.element);
    }
  });

  it('follows processing assets on its own while the view is visible, until ready', async () => {
    await vscode.commands.executeCommand('livepeer.assets.focus');
    await vscode.commands.executeCommand('livepeer.assets.refresh'); // a reload starts the refresh delay over, as showing the view again does
    await rows();
    const lists = assetRequests('GET', /^\/api\/asset\/?(\?|$)/);
    // A claim that polling stopped needs a span of time: the gap between two reads of the processing asset, as measured here (with 500 ms for the read itself).
    const reads = () => assetRequests('GET', new RegExp(`^/api/asset/${rehearsal.id}$`));
    const first = reads();
    await eventually(() => assert.ok(reads() >= first + 1, 'polled'), 20_000);
    const polled = Date.now();
    await eventually(() => assert.ok(reads() >= first + 2, 'polled twice'), 20_000);
    const pollGap = Date.now() - polled + 500;
    held?.release();
    await uploading;
    emulator.store.process(rehearsal.id, 100);
    await eventually(async () => {
      const labels = Object.fromEntries((await rows()).map((i) => [i.label, icon(i)]));
      assert.equal(labels['Fresh upload.mp4'], 'pass');
      assert.equal(labels['Keynote rehearsal'], 'pass');
    }, 15_000);
    assert.equal(assetRequests('GET', /^\/api\/asset\/?(\?|$)/), lists, 'each processing asset is re-read by id, the list is not reloaded');
    assert.match((await row('Fresh upload.mp4')).description, /^0:\d\d · 720p · 12 MB · just now$/);
    const polls = reads();
    await sleep(pollGap);
    assert.equal(reads(), polls, 'polling stops once ready');
  });

  it('Delete asks first (Cancel is the default) and removes the asset when confirmed', async () => {
    const item = await row('Fresh upload.mp4');
    const asked: PromptRequest[] = [];
    answer((request) => {
      asked.push(request);
      return undefined;
    });
    await vscode.commands.executeCommand('livepeer.assets.delete', item.element);
    assert.ok(emulator.store.assets.has(String(item.item.id)), 'kept when cancelled');
    const question = asked[0] as Extract<PromptRequest, { kind: 'message' }>;
    assert.equal(question.modal, true);
    assert.deepEqual(question.actions, ['Go Back', 'Delete'], 'Delete and the safe answer, first: Enter and Escape keep the asset');
    assert.match(question.message, /Delete asset “Fresh upload\.mp4”\?/);

    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.assets.delete', item.element);
    assert.ok(!emulator.store.assets.has(String(item.item.id)));
    assert.ok(!(await rows()).some((i) => i.item.id === item.item.id));
    assert.equal(assetRequests('DELETE', new RegExp(`^/api/asset/${item.item.id}$`)), 1);
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
      await vscode.commands.executeCommand('livepeer.assets.refresh');
      await rows();
      // Hover delay, then the playback lookup: the picture waits for the thumbnail in the tooltip.
      await hoverUntil('Onboarding tutorial', 'img');
      const file = await screenshot('assets');
      assert.ok(statSync(file).size > 10_000);
    } finally {
      for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
    }
  });

  it('shows a load error row with the cause when the list fails', async () => {
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/asset\/?$/, status: 500, body: { errors: ['database unavailable'] }, times: 4 });
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    const [error] = await view('assets').rows();
    assert.match(error.label, /Could not load assets/);
    emulator.faults.clear();
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    assert.equal((await rows()).length, emulator.store.assets.size);
  });
});
