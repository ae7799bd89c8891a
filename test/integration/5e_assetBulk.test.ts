import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AssetItem } from '../../src/ui/common/assetItem';
import type { EmulatorAsset } from '../emulator';
import { answer, asked, assertAllAnswered, emulator, eventually, lastMessage, signIn, view, type PromptRequest } from './harness';

type Message = Extract<PromptRequest, { kind: 'message' }>;

/** The ids of the assets the Assets view lists now. */
async function listedIds(): Promise<string[]> {
  return (await view('assets').rows()).flatMap((row) => (row.element as Partial<AssetItem>).asset?.id ?? []);
}

async function rowOf(asset: EmulatorAsset): Promise<AssetItem> {
  const found = async () => (await view('assets').rows()).find((row) => (row.element as Partial<AssetItem>).asset?.id === asset.id);
  return eventually(async () => ((await found())?.element as AssetItem | undefined) ?? assert.fail(`row of ${asset.name}`));
}

const refreshAssets = () => vscode.commands.executeCommand('livepeer.assets.refresh');

const requests = (method: string, path: RegExp) => emulator.requests.filter((r) => r.origin === 'api' && r.method === method && path.test(r.url)).length;

describe('Assets: several selected rows (bulk Delete, Retry, Copy Playback URLs)', function () {
  this.timeout(60_000);
  const made: EmulatorAsset[] = [];
  const add = (name: string, phase: 'ready' | 'failed' | 'processing') => {
    const asset = emulator.store.addAsset({ name, createdAt: Date.now(), status: { phase, updatedAt: Date.now() } });
    made.push(asset);
    return asset;
  };

  before(async () => {
    await signIn();
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });
  afterEach(() => {
    emulator.faults.clear();
    assertAllAnswered();
  });
  after(async () => {
    for (const asset of made) emulator.store.assets.delete(asset.id);
    await refreshAssets();
  });

  it('Delete on three rows asks once naming the count (Cancel keeps all); a failure is named with its reason and its row stays', async () => {
    const assets = [add('bulk one', 'ready'), add('bulk two', 'ready'), add('bulk three', 'ready')];
    await refreshAssets();
    const rows = await Promise.all(assets.map(rowOf));

    const since = asked.length;
    const deletes = requests('DELETE', /^\/api\/asset\//);
    answer(() => undefined);
    await vscode.commands.executeCommand('livepeer.assets.delete', rows[0], rows);
    // The modal this command asked (a notification of an earlier suite may land in between).
    const question = asked.slice(since).find((request): request is Message => request.kind === 'message' && request.modal) ?? assert.fail(`no modal asked: ${JSON.stringify(asked.slice(since))}`);
    assert.match(question.message, /^Delete 3 assets\?$/);
    assert.deepEqual(question.actions, ['Go Back', 'Delete'], 'the safe answer (Enter/Escape) is the default');
    assert.equal(requests('DELETE', /^\/api\/asset\//), deletes, 'nothing deleted when cancelled');

    emulator.faults.fail({ origin: 'api', method: 'DELETE', path: `/api/asset/${assets[1].id}`, status: 403, body: { errors: ['forbidden'] } });
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.assets.delete', rows[2], rows);
    assert.ok(!emulator.store.assets.has(assets[0].id) && !emulator.store.assets.has(assets[2].id), 'two deleted');
    assert.ok(emulator.store.assets.has(assets[1].id), 'the failed one is kept');
    const summary = lastMessage(/1 of 3 assets were not deleted/);
    assert.ok(summary, 'a summary');
    assert.match(summary.message, /“bulk two”: .*forbidden/);
    assert.deepEqual(summary.actions, ['Undo'], 'Undo for the two that were deleted');
    const listed = await listedIds();
    assert.ok(listed.includes(assets[1].id), 'its row stays');
    assert.ok(!listed.includes(assets[0].id) && !listed.includes(assets[2].id), 'the deleted rows are gone');
  });

  it('Retry Asset Processing on two rows retries the failed one and says why the ready one was not', async () => {
    const failed = add('bulk failed', 'failed');
    const ready = add('bulk fine', 'ready');
    await refreshAssets();
    const rows = [await rowOf(failed), await rowOf(ready)];
    answer((request) => {
      assert.match((request as Message).message, /^Process 2 failed assets again\?$/);
      return 'Retry';
    });
    await vscode.commands.executeCommand('livepeer.assets.retry', rows[0], rows);
    assert.equal(requests('POST', new RegExp(`^/api/asset/${failed.id}/retry$`)), 1);
    assert.equal(requests('POST', new RegExp(`^/api/asset/${ready.id}/retry$`)), 0, 'not sent for a ready asset');
    assert.match(lastMessage(/1 of 2 assets were not retried/)?.message ?? '', /“bulk fine”: it has not failed/);
  });

  it('Copy Playback URLs on two ready rows copies both, one a line; one row keeps today’s behaviour', async () => {
    const first = add('bulk play one', 'ready');
    const second = add('bulk play two', 'ready');
    await refreshAssets();
    const rows = [await rowOf(first), await rowOf(second)];
    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', rows[1], rows);
    const lines = (await vscode.env.clipboard.readText()).split('\n');
    assert.equal(lines.length, 2);
    assert.ok(lines[0].includes(first.playbackId) && lines[1].includes(second.playbackId), lines.join(' | '));

    await vscode.commands.executeCommand('livepeer.assets.copyPlaybackUrl', rows[1], [rows[1]]);
    assert.ok((await vscode.env.clipboard.readText()).includes(second.playbackId));
    assert.ok(!(await vscode.env.clipboard.readText()).includes('\n'));
  });
});
