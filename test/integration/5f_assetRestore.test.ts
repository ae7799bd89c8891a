import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { AssetItem } from '../../src/ui/common/assetItem';
import type { EmulatorAsset } from '../emulator';
import { answer, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn, view, type PromptRequest, type Row } from './harness';

type Input = Extract<PromptRequest, { kind: 'input' }>;

/** The Assets view's rows as it draws them (label, description, context), by asset id. */
async function shownRows(): Promise<Map<string, Row>> {
  // The rows are the bundle's own classes: told apart by what they carry, not by instanceof.
  return new Map((await view('assets').rows()).flatMap((row) => ((row.element as Partial<AssetItem>).asset ? [[(row.element as AssetItem).asset.id, row] as const] : [])));
}

const refreshAssets = () => vscode.commands.executeCommand('livepeer.assets.refresh');

async function rowOf(asset: EmulatorAsset): Promise<Row> {
  return eventually(async () => (await shownRows()).get(asset.id) ?? assert.fail(`row of ${asset.name}`));
}

const restores = (id: string) => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'POST' && r.url === `/api/asset/${id}/restore`).length;

describe('Assets: Undo after Delete, and Restore Deleted Asset…', function () {
  this.timeout(60_000);
  const made: EmulatorAsset[] = [];
  const add = (name: string, phase: 'ready' | 'processing' | 'uploading') => {
    const asset = emulator.store.addAsset({ name, createdAt: Date.now(), status: { phase, updatedAt: Date.now(), ...(phase === 'processing' ? { progress: 0.4 } : {}) } });
    made.push(asset);
    return asset;
  };

  before(async () => {
    await signIn();
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });
  afterEach(() => assertAllAnswered());
  after(async () => {
    for (const asset of made) {
      emulator.store.assets.delete(asset.id);
      emulator.store.deletedAssets.delete(asset.id);
    }
    await refreshAssets();
  });

  it('Delete Asset on one row offers Undo; Undo restores it, its row comes back, and the notice says what it holds', async () => {
    const asset = add('undo one ready', 'ready');
    await refreshAssets();
    const row = await rowOf(asset);
    answer(() => 'Delete');
    clickNotification(/^Livepeer: asset “undo one ready” deleted\.$/, 'Undo');
    await vscode.commands.executeCommand('livepeer.assets.delete', row.element);
    assert.deepEqual(lastMessage(/asset “undo one ready” deleted/)?.actions, ['Undo']);

    const said = await eventually(() => lastMessage(/“undo one ready” is restored/) ?? assert.fail('no notice of the restore'));
    assert.equal(said.severity, 'info');
    assert.match(said.message, /^Livepeer: “undo one ready” is restored: \d+ s of video, ready to play\.$/);
    assert.equal(restores(asset.id), 1, 'restored through the service');
    assert.ok(emulator.store.assets.has(asset.id));
    const back = await rowOf(asset);
    assert.equal(back.label, 'undo one ready');
    assert.equal(back.contextValue, 'asset ready');
  });

  it('bulk Delete offers Undo for what it deleted; one that was processing is said to maybe hold nothing, though the service calls it ready', async () => {
    const assets = [add('undo bulk ready', 'ready'), add('undo bulk processing', 'processing')];
    await refreshAssets();
    const rows = await Promise.all(assets.map(rowOf));
    assert.match(String(rows[1].description), /processing 40%/);
    answer((request) => {
      assert.match((request as Extract<PromptRequest, { kind: 'message' }>).detail ?? '', /Undo in the notice that follows brings them back/);
      return 'Delete';
    });
    clickNotification(/^Livepeer: 2 assets deleted\.$/, 'Undo');
    await vscode.commands.executeCommand('livepeer.assets.delete', rows[0].element, rows.map((r) => r.element));
    assert.ok(!(await shownRows()).has(assets[0].id), 'deleted rows gone first');

    const said = await eventually(() => lastMessage(/2 assets restored/) ?? assert.fail('no notice of the restore'));
    assert.equal(said.severity, 'warning');
    assert.match(said.message, /The service marks them ready, but these were not ready when deleted, so their source and playback may not be there: “undo bulk processing” \(was processing\)\. If one does not play, upload its file again\./);
    assert.doesNotMatch(said.message, /undo bulk ready/, 'the one that was ready is not doubted');
    assert.deepEqual(assets.map((a) => restores(a.id)), [1, 1]);
    const shown = await eventually(async () => {
      const now = await shownRows();
      return assets.map((a) => now.get(a.id) ?? assert.fail(`row of ${a.name}`));
    });
    assert.equal(shown[1].contextValue, 'asset ready', 'the service says ready');
    assert.doesNotMatch(String(shown[1].description), /processing/);
  });

  it('Restore Deleted Asset… checks the ID in the box, restores one deleted elsewhere and says it may hold nothing; unknown and not-deleted IDs say what to do', async () => {
    const listed = add('restore listed', 'ready');
    const gone = add('restore never uploaded', 'uploading');
    await refreshAssets();
    await rowOf(listed);
    await rowOf(gone);
    // Deleted elsewhere (Livepeer Studio): the extension only learns it from the list.
    emulator.store.deleteAsset(gone.id);
    await refreshAssets();
    await eventually(async () => assert.ok(!(await shownRows()).has(gone.id)));

    answer((request) => {
      const { options } = request as Input;
      assert.equal(options.title, 'Livepeer: Restore Deleted Asset');
      const check = (value: string) => options.validateInput?.(value) as string | undefined;
      assert.match(check('  ') ?? '', /Enter the ID of the deleted asset/);
      assert.match(check('not-an-id') ?? '', /36 characters/);
      assert.match(check(listed.id) ?? '', /in the Assets view: it is not deleted/);
      assert.equal(check(` ${gone.id} `), undefined);
      return ` ${gone.id} `;
    });
    await vscode.commands.executeCommand('livepeer.assets.restore');
    const said = lastMessage(/“restore never uploaded” is restored/);
    assert.equal(said?.severity, 'warning');
    assert.match(said?.message ?? '', /the service marks it ready, but it has no task: it may hold nothing to play\. If it does not play, upload the file again\./);
    assert.equal((await rowOf(gone)).contextValue, 'asset ready');

    const unknown = randomUUID();
    answer(() => unknown);
    await vscode.commands.executeCommand('livepeer.assets.restore');
    assert.match(lastMessage(new RegExp(unknown))?.message ?? '', /this account has no deleted asset .*\. Check the ID; an asset deleted with another profile is restored from that profile\./);

    // Not on any loaded page (added since the last refresh), and not deleted.
    const fresh = add('restore not deleted', 'ready');
    const since = asked.length;
    answer(() => fresh.id);
    await vscode.commands.executeCommand('livepeer.assets.restore');
    const refusal = asked.slice(since).find((r): r is Extract<PromptRequest, { kind: 'message' }> => r.kind === 'message' && r.message.includes(fresh.id));
    assert.match(refusal?.message ?? '', /is not deleted, so there is nothing to restore\. Show Asset finds it in the Assets view\./);
    assert.deepEqual(refusal?.actions, ['Show Asset']);
  });
});
