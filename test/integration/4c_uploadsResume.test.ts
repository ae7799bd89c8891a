import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { UploadOutcome } from '../../src/upload';
import { MiB, makeFile } from '../unit/helpers/uploadFiles';
import { answer, emulator, eventually, lastMessage, view, type PromptRequest, type Row } from './harness';
import {
  CHUNK_MIB,
  STOP_WINDOW_MS,
  assertLeftNothing,
  assertSameBytes,
  assetIdOf,
  assetNamed,
  done,
  file,
  patchBytes,
  pausedUpload,
  uploadSuiteHooks,
  rowCommands,
  rowOf,
  rows,
  slowIngest,
  storedRow,
  upload,
  uri,
} from './uploadSteps';

describe('Uploads: resume and retry', function () {
  this.timeout(60_000);

  uploadSuiteHooks();

  // What the next window finds (stored uploads, the finished list) is in test/unit/uploadRestart.test.ts.
  it("with two uploads paused, Resume All: each row's Pause and Cancel act on that row, with no picker; progress refreshes the rows alone", async () => {
    const names = ['reload a.mp4', 'reload b.mp4'];
    names.forEach((name, i) => makeFile(file(name), 100 * MiB + i));
    slowIngest(STOP_WINDOW_MS);
    const started = upload(names.map(uri), { method: 'tus' });
    await eventually(() => assert.ok(names.every((name) => patchBytes(assetNamed(name)) >= CHUNK_MIB * MiB), 'both under way'));
    await vscode.commands.executeCommand('livepeer.uploads.pauseAll');
    assert.deepEqual((await started).map((o) => o.status), ['paused', 'paused']);

    void vscode.commands.executeCommand('livepeer.uploads.resumeAll');
    const running = await eventually(async () => {
      const found = (await rows()).filter((r) => names.includes(r.label) && /^upload (running|queued)/.test(r.contextValue ?? ''));
      assert.deepEqual(found.map((r) => `${r.contextValue} ${r.label}`).sort(), names.map((name) => `upload running tus ${name}`));
      return found;
    });
    // VS Code hands an inline button's command the row it knows by the row's handle, and a refresh of
    // the whole tree makes it forget every row until it has asked for them again: a button pressed
    // meanwhile got no row, so the command opened its picker. Progress must refresh the rows alone.
    const events: unknown[] = [];
    const provider = view('uploads').provider;
    const listening = provider.onDidChangeTreeData?.((event) => events.push(event));
    const sent = () => running.map((row) => patchBytes(assetNamed(row.label)));
    try {
      // The rows came and went while the uploads started; from here on only progress changes.
      let before = sent();
      await eventually(() => assert.ok(sent().every((bytes, i) => bytes > before[i]), 'both progressed'));
      await rows();
      events.length = 0;
      before = sent();
      await eventually(() => assert.ok(sent().every((bytes, i) => bytes > before[i]) && events.length > 0, 'both progressed and showed it'));
      assert.ok(!events.includes(undefined), 'progress refreshed the rows, never the whole tree');
      const again = (await rows()).filter((r) => names.includes(r.label));
      assert.ok(again.length === 2 && again.every((row, i) => row.element === running[i].element), 'each row keeps its object while it runs');
    } finally {
      listening?.dispose();
    }

    const [first, second] = running as [Row, Row];
    await vscode.commands.executeCommand('livepeer.uploads.pause', second.element);
    await rowOf(second.label, /^upload paused$/);
    assert.equal((await rowOf(first.label, /^upload /)).contextValue, 'upload running tus', `${first.label} still running`);
    const firstAsset = assetNamed(first.label)!;
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal, 'the leftover question, not a picker');
      assert.match(request.detail!, new RegExp(`The upload of “${first.label}” was cancelled`));
      return 'Delete Asset';
    });
    await vscode.commands.executeCommand('livepeer.uploads.cancel', first.element);
    await assertLeftNothing(firstAsset);
    const stored = (await rows()).filter((r) => /^upload (paused|interrupted)$/.test(r.contextValue ?? ''));
    assert.deepEqual(stored.map((r) => `${r.contextValue} ${r.label}`), [`upload paused ${second.label}`]);
    emulator.faults.clear();
    answer(() => 'Discard and Delete Asset');
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', stored[0].element), true);
  });

  it('uploading a file again with method auto continues its interrupted tus upload, although it is small', async () => {
    await pausedUpload('take twice');
    const assetId = assetIdOf(await storedRow());

    const result = done((await upload([uri('long take.mkv')], { name: 'take twice', method: 'auto' }))[0]);
    assert.equal(result.method, 'tus');
    assert.ok(result.resumed);
    assert.equal(result.assetId, assetId);
    await assertSameBytes(result.assetId, 'long take.mkv');
  });

  it('refuses to resume a file that changed since, and discards the entry after a modal confirmation', async () => {
    await pausedUpload('changed take');
    fs.appendFileSync(file('long take.mkv'), 'more');

    const outcome = await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', (await storedRow()).element);
    assert.equal(outcome.status, 'failed');
    const refusal = await eventually(() => {
      const message = lastMessage(/long take\.mkv changed/);
      assert.ok(message, 'the refusal is announced');
      return message;
    });
    assert.equal(refusal.message, 'Livepeer: long take.mkv changed since its upload stopped, so it cannot be resumed. Discard it and upload the file again.');
    assert.deepEqual(refusal.actions, ['Discard', 'Show Log']);

    // Escape changes nothing; "Discard and Delete Asset" drops the entry, the tus upload and the asset.
    const entry = await storedRow();
    const assetId = assetIdOf(entry) ?? assert.fail('the row names its asset');
    const discardQuestion = (reply: string | undefined) => (request: PromptRequest) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.match(request.detail!, /Discarding the interrupted upload of “changed take” \(at \d+%\) means it cannot be resumed/);
      assert.deepEqual(request.actions, ['Go Back', 'Discard, Keep Asset', 'Discard and Delete Asset']);
      return reply;
    };
    answer(discardQuestion(undefined));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', (await storedRow()).element), false);
    assert.equal((await storedRow()).item.id, entry.item.id, 'still listed');
    // Listed in the Assets view (a refresh after the upload started): its row goes with the asset.
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    await eventually(async () => assert.ok((await view('assets').rows()).some((r) => r.item.id === assetId)));
    answer(discardQuestion('Discard and Delete Asset'));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', (await storedRow()).element), true);
    assert.ok(!(await view('assets').rows()).some((r) => r.item.id === assetId), 'its Assets row went at once, without a refresh');
    assert.ok(!(await rows()).some((r) => /^upload (paused|interrupted)$/.test(r.contextValue ?? '')));
    await assertLeftNothing(assetId);
  });

  it('a failed upload is listed with Retry, Remove and Copy Asset ID; Retry replaces its empty asset, Remove asks once about it', async () => {
    for (const command of ['livepeer.uploads.retry', 'livepeer.uploads.remove', 'livepeer.uploads.copyAssetId']) assert.ok(rowCommands('upload failed').includes(command), command);

    const failPut = () => emulator.faults.fail({ origin: 'ingest', method: 'PUT', path: /\/upload\/direct/, status: 500, body: 'storage unavailable' });
    failPut();
    const [outcome] = await upload([uri('clip three.webm')], { name: 'flaky', method: 'direct' });
    assert.equal(outcome.status, 'failed');
    assert.deepEqual(lastMessage(/could not upload clip three\.webm/)?.actions, ['Retry', 'Show Log']);
    const row = await rowOf('flaky', /^upload failed$/);
    const emptyAsset = assetIdOf(row) ?? assert.fail('the failed row names its asset');
    assert.equal(emulator.store.assets.get(emptyAsset)?.status.phase, 'uploading');
    await vscode.commands.executeCommand('livepeer.uploads.copyAssetId', row.element);
    assert.equal(await vscode.env.clipboard.readText(), emptyAsset);

    const [again] = await vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.retry', row.element);
    const result = done(again);
    assert.notEqual(result.assetId, emptyAsset);
    await assertSameBytes(result.assetId, 'clip three.webm');
    assert.ok(!emulator.store.assets.has(emptyAsset), 'the empty asset of the failed run was deleted');
    assert.ok(!(await rows()).some((r) => r.item.id === row.item.id), 'the failed row made way for the new upload');

    failPut();
    await upload([uri('clip three.webm')], { name: 'flaky again', method: 'direct' });
    const failed = await rowOf('flaky again', /^upload failed$/);
    const removeQuestion = (reply: string | undefined) => (request: PromptRequest) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.deepEqual(request.actions, ['Go Back', 'Remove, Keep Asset', 'Remove and Delete Asset']);
      return reply;
    };
    answer(removeQuestion(undefined));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', failed.element), false);
    assert.ok((await rows()).some((r) => r.item.id === failed.item.id), 'Escape changes nothing');
    answer(removeQuestion('Remove and Delete Asset'));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', failed.element), true);
    assert.ok(!(await rows()).some((r) => r.item.id === failed.item.id));
    assert.ok(!emulator.store.assets.has(assetIdOf(failed)!), 'its asset was deleted');
  });
});
