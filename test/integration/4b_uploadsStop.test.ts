import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { UploadOutcome } from '../../src/upload';
import { MiB } from '../unit/helpers/uploadFiles';
import { answer, emulator, eventually, view } from './harness';
import {
  CHUNK_MIB,
  STOP_WINDOW_MS,
  assertLeftNothing,
  assertSameBytes,
  assertTusTerminated,
  assetIdOf,
  done,
  file,
  patchBytes,
  uploadSuiteHooks,
  rowCommands,
  rowOf,
  rows,
  runningRow,
  slowIngest,
  storedNames,
  storedRow,
  upload,
  uploadStatusText,
  uri,
} from './uploadSteps';

/** Whether the Assets view lists the asset (its rows carry the asset's id). */
async function listedInAssets(assetId: string): Promise<boolean> {
  return (await view('assets').rows()).some((row) => row.item.id === assetId);
}

/**
 * Nobody polls the asset: while another asset still processing is followed (polled twice), the
 * emulator is not asked about this one.
 */
async function assertNotPolled(assetId: string): Promise<void> {
  const control = emulator.store.addAsset({ name: 'still processing (control)', status: { phase: 'processing', updatedAt: Date.now(), progress: 0.5 } });
  const since = emulator.requests.length;
  const reads = (id: string) => emulator.requests.slice(since).filter((r) => r.origin === 'api' && r.method === 'GET' && r.url.startsWith(`/api/asset/${id}`)).length;
  try {
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    await eventually(() => assert.ok(reads(control.id) >= 2, 'the control asset is followed'), 20_000);
    assert.equal(reads(assetId), 0, 'the asset was polled');
  } finally {
    emulator.store.deleteAsset(control.id);
  }
}

describe('Uploads: cancel and pause', function () {
  this.timeout(60_000);

  uploadSuiteHooks();

  it('cancels a running tus upload, asks once, and on Delete Asset leaves nothing behind: asset deleted, tus upload terminated', async () => {
    slowIngest(STOP_WINDOW_MS);
    const finished = upload([uri('long take.mkv')], { name: 'cancel me', method: 'tus' });
    const { row, assetId } = await runningRow('cancel me');
    assert.equal(uploadStatusText(), '$(cloud-upload) 1');
    assert.equal(row.contextValue, 'upload running tus');
    assert.match(row.description, /^\d+% · [\d.]+ [kM]B\/s/);
    assert.ok(emulator.store.assets.has(assetId));
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.match(request.detail!, /The upload of “cancel me” was cancelled, so its asset has no video\./);
      assert.deepEqual(request.actions, ['Keep Asset', 'Delete Asset'], 'keeping the asset is the safe first button (Enter/Escape)');
      return 'Delete Asset';
    });
    await vscode.commands.executeCommand('livepeer.uploads.cancel', row.element);
    const [outcome] = await finished;
    assert.equal(outcome.status, 'cancelled');
    await assertLeftNothing(assetId);
    assert.deepEqual(storedNames(await rows()), [], 'the stored entry is gone');
    assert.equal(uploadStatusText(), '$(cloud-upload) 0');
  });

  it('cancel with the safe answer keeps the asset: its row stays (cancelled · asset kept) with Delete Asset and Remove, and nothing polls it', async () => {
    for (const command of ['livepeer.uploads.deleteAsset', 'livepeer.uploads.remove', 'livepeer.uploads.copyAssetId']) assert.ok(rowCommands('upload cancelled').includes(command), command);
    const onDeleted = rowCommands('upload deleted');
    assert.ok(onDeleted.includes('livepeer.uploads.remove') && !onDeleted.some((c) => /deleteAsset|copy|showAsset|retry/.test(c)), onDeleted.join());
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await view('assets').rows();
    const cancelKeeping = async (name: string) => {
      slowIngest(STOP_WINDOW_MS);
      const finished = upload([uri('long take.mkv')], { name, method: 'tus' });
      const { row, assetId } = await runningRow(name);
      let whileAsked: string | undefined;
      answer(async () => {
        const now = (await rows()).find((r) => r.label === name && !/running/.test(r.contextValue ?? ''));
        whileAsked = `${now?.contextValue} ${now?.description}`;
        return undefined;
      });
      await vscode.commands.executeCommand('livepeer.uploads.cancel', row.element);
      assert.equal((await finished)[0].status, 'cancelled');
      assert.equal(whileAsked, 'upload deciding cancelled · keep or delete its asset?', 'while the question is open, the row says what is being decided');
      emulator.faults.clear();
      return assetId;
    };
    const assetId = await cancelKeeping('keep my asset');
    assert.equal(emulator.store.assets.get(assetId)?.status.phase, 'uploading', 'kept, without a video');
    await assertTusTerminated(assetId);
    assert.deepEqual(storedNames(await rows()), []);
    const row = (await rows()).find((r) => assetIdOf(r) === assetId);
    assert.equal(row?.contextValue, 'upload cancelled', 'the row stays');
    assert.match(row.description, /^cancelled · asset kept · /);
    assert.ok(await listedInAssets(assetId), 'listed in the Assets view, uploading');
    await assertNotPolled(assetId);

    // Delete Asset: gone from Studio, from the Uploads view and from the Assets view, without a refresh.
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.deleteAsset', row.element), true);
    assert.ok(emulator.store.deletedAssetIds.has(assetId));
    assert.ok(!(await rows()).some((r) => assetIdOf(r) === assetId));
    assert.ok(!(await listedInAssets(assetId)), 'the Assets row went at once');

    // Remove: the row goes, the asset stays (and is still not polled).
    const kept = await cancelKeeping('keep it, forget the row');
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', (await rows()).find((r) => assetIdOf(r) === kept)?.element), true);
    assert.ok(!(await rows()).some((r) => assetIdOf(r) === kept));
    assert.ok(emulator.store.assets.has(kept));
    await assertNotPolled(kept);
  });

  it("cancelled while request-upload's answer is on its way: the asset it created is offered for deletion like any leftover", async () => {
    emulator.faults.holdAnswer({ origin: 'api', method: 'POST', path: '/api/asset/request-upload', ms: 1_500 });
    const before = new Set(emulator.store.assets.keys());
    const finished = upload([uri('clip one.mp4')], { name: 'cancelled early', method: 'direct' });
    // The service created the asset; its answer is still held back.
    const created = await eventually(() => {
      const asset = [...emulator.store.assets.values()].find((a) => !before.has(a.id) && a.name === 'cancelled early');
      assert.ok(asset, 'request-upload was handled');
      return asset;
    });
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.match(request.detail!, /The upload of “cancelled early” was cancelled, so its asset has no video\./);
      return 'Delete Asset';
    });
    await vscode.commands.executeCommand('livepeer.uploads.cancel', (await rowOf('cancelled early', /^upload (running|queued)/)).element);
    assert.equal((await finished)[0].status, 'cancelled');
    assert.ok(emulator.store.deletedAssetIds.has(created.id), 'the empty asset was deleted');
    assert.ok(!emulator.requests.some((r) => r.origin === 'ingest' && r.assetId === created.id), 'no byte was sent');
  });

  it('pauses a tus upload and resumes it from its offset', async () => {
    slowIngest(STOP_WINDOW_MS);
    const finished = upload([uri('long take.mkv')], { name: 'paused take', method: 'tus' });
    const { row: running, assetId } = await runningRow('paused take');
    await vscode.commands.executeCommand('livepeer.uploads.pause', running.element);
    assert.equal((await finished)[0].status, 'paused');
    const row = await storedRow();
    assert.equal(row.contextValue, 'upload paused');
    const percent = /^paused at (\d+)% · /.exec(row.description);
    assert.ok(percent, `paused, not "interrupted": ${row.description}`);
    assert.ok(Number(percent[1]) > 0, 'some bytes were stored');
    assert.equal(assetIdOf(row), assetId);
    emulator.faults.clear();

    const result = done(await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', row.element));
    assert.ok(result.resumed);
    assert.equal(result.assetId, assetId, 'same asset, no new request-upload');
    await assertSameBytes(result.assetId, 'long take.mkv');
    const size = fs.statSync(file('long take.mkv')).size;
    assert.ok(patchBytes(result.assetId) - size <= CHUNK_MIB * MiB, 'at most one chunk sent twice');
  });
});
