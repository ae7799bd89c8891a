import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Manifest } from '../unit/helpers/manifest';
import { MiB, makeFile } from '../unit/helpers/uploadFiles';
import { EXTENSION_ID, TOKEN, answer, asked, clickNotification, emulator, eventually, lastMessage, lastProgress, logLines, screenshot, sleep, view } from './harness';
import type { UploadOutcome } from '../../src/upload';
import { assertLeftNothing, assertSameBytes, assetIdOf, assetNamed, done, file, patchBytes, uploadSuiteHooks, rowOf, rows, storedNames, upload, uri } from './uploadSteps';

/** The ids of the assets selected in the Assets view (each row's id is its asset's). */
async function selectedAssets(): Promise<Array<string | undefined>> {
  const assets = view('assets');
  return Promise.all((assets.tree?.selection ?? []).map(async (element) => (await assets.provider.getTreeItem(element)).id));
}

describe('Uploads: their assets', function () {
  this.timeout(60_000);

  uploadSuiteHooks();

  it("shows a new upload's asset in the Assets view before any byte arrives, and every Show Asset reveals it there", async () => {
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await view('assets').rows();
    clickNotification(/uploaded “clip two\.mov”/, 'Show Asset');
    // The upload server holds the bytes until the new asset is listed.
    const held = emulator.faults.hold({ origin: 'ingest', method: 'PUT', path: /\/upload\/direct/ });
    let assetId: string | undefined;
    const before = new Set(emulator.store.assets.keys());
    const finished = upload([uri('clip two.mov')], { name: 'clip two.mov', method: 'direct' });
    try {
      assetId = await eventually(async () => {
        const id = [...emulator.store.assets.values()].find((a) => a.name === 'clip two.mov' && !before.has(a.id))?.id;
        assert.ok(id && (await view('assets').rows()).some((row) => row.item.id === id), 'listed in the Assets view');
        return id;
      });
      const taken = emulator.requests.filter((r) => r.origin === 'ingest' && r.assetId === assetId && r.status !== undefined);
      assert.deepEqual(taken.map((r) => `${r.method} ${r.url} → ${r.status}`), [], 'before any byte was taken');
    } finally {
      held.release();
    }
    const result = done((await finished)[0]);
    assert.equal(result.assetId, assetId);
    assert.equal(lastMessage(/uploaded “clip two\.mov”/)!.message, 'Livepeer: uploaded “clip two.mov”; the service is processing it.', 'the file named once');
    await eventually(async () => assert.deepEqual(await selectedAssets(), [result.assetId]));
    const other = emulator.store.createAsset('another asset', 'test');
    await vscode.commands.executeCommand('livepeer.assets.refresh');
    await eventually(async () => assert.ok((await view('assets').rows()).some((row) => row.item.id === other.id)));
    await vscode.commands.executeCommand('livepeer.assets.reveal', other.id);
    await eventually(async () => assert.deepEqual(await selectedAssets(), [other.id]));
    const row = (await rows()).find((r) => assetIdOf(r) === result.assetId)!;
    await vscode.commands.executeCommand('livepeer.uploads.showAsset', row.element);
    await eventually(async () => assert.deepEqual(await selectedAssets(), [result.assetId]));
    assert.ok(view('assets').tree?.visible, 'the Assets view is shown');
  });

  it('an asset deleted in the Assets view, or elsewhere, marks its Uploads row "asset deleted"; Show Asset says so; a restore unmarks it', async () => {
    const uploaded = async (name: string) => {
      const result = done((await upload([uri('clip three.webm')], { name, method: 'direct' }))[0]);
      return eventually(async () => {
        const row = (await rows()).find((r) => assetIdOf(r) === result.assetId);
        assert.equal(row?.description, 'ready');
        return { row, assetId: result.assetId };
      });
    };
    const { row, assetId } = await uploaded('deleted in the view');
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.assets.delete', assetId);
    assert.ok(emulator.store.deletedAssetIds.has(assetId));
    const deleted = await eventually(async () => {
      const now = (await rows()).find((r) => r.item.id === row.item.id);
      assert.equal(now?.contextValue, 'upload deleted');
      return now;
    });
    assert.match(deleted.description, /^asset deleted · /);
    await vscode.commands.executeCommand('livepeer.uploads.showAsset', deleted.element);
    assert.equal(lastMessage(/deleted in the view/)?.message, 'Livepeer: the asset of “deleted in the view” was deleted.');
    // Restored (Restore Deleted Asset…): the row no longer says its asset was deleted.
    answer(() => assetId);
    await vscode.commands.executeCommand('livepeer.assets.restore');
    await eventually(async () => {
      const back = (await rows()).find((r) => r.item.id === row.item.id);
      assert.notEqual(back?.contextValue, 'upload deleted');
      assert.doesNotMatch(String(back?.description), /asset deleted/);
    });

    // Deleted elsewhere (Studio's website): Show Asset finds out, says so, and the row follows.
    const other = await uploaded('deleted elsewhere');
    emulator.store.deleteAsset(other.assetId);
    const from = asked.length;
    await vscode.commands.executeCommand('livepeer.uploads.showAsset', other.row.element);
    assert.equal(lastMessage(/was deleted, so it cannot be shown/)?.message, `Livepeer: asset ${other.assetId} was deleted, so it cannot be shown.`);
    assert.ok(!asked.slice(from).some((r) => r.kind === 'message' && /not found/i.test(r.message)), 'no raw 404');
    await eventually(async () => assert.equal((await rows()).find((r) => r.item.id === other.row.item.id)?.contextValue, 'upload deleted'));
  });

  // That the next window lists them, and for 7 days: test/unit/uploadRestart.test.ts.
  it('Clear Finished removes the uploaded rows and keeps the failed ones', async () => {
    const before = await rows();
    assert.ok(before.some((r) => r.contextValue === 'upload done') && before.some((r) => r.contextValue === 'upload failed'));
    const titleMenu = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Manifest).contributes.menus['view/title'];
    assert.ok(titleMenu.some((m: { command: string; when: string }) => m.command === 'livepeer.uploads.clearFinished' && m.when === 'view == livepeer.uploads'));
    await vscode.commands.executeCommand('livepeer.uploads.clearFinished');
    const after = await rows();
    assert.ok(!after.some((r) => r.contextValue === 'upload done'));
    assert.ok(after.some((r) => r.contextValue === 'upload failed'), 'failed rows stay until retried or removed');
  });

  describe('several files', () => {
    const batchFiles = ['batch a.mp4', 'batch b.mp4', 'batch c.mp4', 'batch d.mp4'];
    const cancelFiles = ['batch e.mp4', 'batch f.mp4', 'batch g.mp4'];

    before(async () => {
      // Several chunks each, so pausing or cancelling lands before the server has a file whole.
      [...batchFiles, ...cancelFiles].forEach((name, i) => makeFile(file(name), 20 * MiB + i));
      await vscode.workspace.getConfiguration('livepeer.upload').update('concurrency', 2, vscode.ConfigurationTarget.Global);
    });

    after(() => vscode.workspace.getConfiguration('livepeer.upload').update('concurrency', undefined, vscode.ConfigurationTarget.Global));

    /** What the output channel says of the batch's files: why one ended otherwise than the test expects. */
    const batchLog = (names: string[]) => logLines().filter((line) => names.some((name) => line.includes(name))).join('\n');

    /** Uploads the batch slowly and waits until two are under way (past their first MiB) and the rest queued. */
    async function startBatch(names: string[]): Promise<{ finished: Thenable<UploadOutcome[]> }> {
      // Slow enough that the checks below run long before the first file is done, even on a busy machine.
      emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 800, times: 10_000 });
      const finished = upload(names.map(uri), { method: 'tus' });
      const expected = [...names.slice(2).map(() => 'upload queued'), 'upload running tus: past 1 MiB', 'upload running tus: past 1 MiB'];
      const seen = new Set<string>();
      await eventually(async () => {
        const batch = (await rows()).filter((r) => names.includes(r.label) && /^upload (running|queued)/.test(r.contextValue ?? ''));
        const states = batch.map((r) => `${r.contextValue}${r.contextValue === 'upload running tus' && patchBytes(assetNamed(r.label)) >= MiB ? ': past 1 MiB' : ''}`);
        seen.add(states.sort().join(', '));
        assert.deepEqual(states, expected, `two at once, the rest queued (seen: ${[...seen].join(' | ')})`);
      });
      return { finished };
    }

    it('queues them with the concurrency limit under one progress notification; Pause All stops the batch and Resume All continues it', async () => {
      const since = asked.length;
      const notifications = () => asked.slice(since).filter((r) => r.kind === 'progress' && r.title === 'Livepeer: uploading').length;
      // What the view shows each time it changes: never more than two running.
      let most = 0;
      const watch = view('uploads').provider.onDidChangeTreeData?.(() => void rows().then((all) => (most = Math.max(most, all.filter((r) => /^upload running/.test(r.contextValue ?? '')).length))));
      try {
        const { finished } = await startBatch(batchFiles);
        assert.equal(notifications(), 1, 'one notification for the batch');
        await eventually(() => assert.match(lastProgress(/^Livepeer: uploading$/, since)?.reports.at(-1) ?? '', /^0 of 4 files done · [\d.]+ MB of 84 MB · [\d.]+ [kM]B\/s( · \d+ (s|min) left)?$/));

        await vscode.commands.executeCommand('livepeer.uploads.pauseAll');
        assert.deepEqual((await finished).map((o) => o.status), ['paused', 'paused', 'paused', 'paused'], batchLog(batchFiles));
        const pausedMessage = await eventually(() => {
          const message = lastMessage(/uploads paused/);
          assert.ok(message, 'the batch says it is paused');
          return message;
        });
        assert.match(pausedMessage.message, /^Livepeer: uploads paused with [\d.]+ MB left: 0 of 4 videos uploaded, 4 paused\.$/, 'paused, not a final result');
        assert.deepEqual(pausedMessage.actions, ['Resume All', 'Show Uploads']);
        const all = await rows();
        assert.equal(all.filter((r) => r.contextValue === 'upload paused').length, 2, all.map((r) => `${r.contextValue} ${r.label} ${r.description}`).join(' | '));
        assert.deepEqual(all.filter((r) => r.contextValue === 'upload held').map((r) => r.description), ['paused · not started', 'paused · not started']);
        emulator.faults.clear();

        const outcomes = await vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.resumeAll');
        assert.equal(outcomes.length, 4);
        for (const result of outcomes.map(done)) await assertSameBytes(result.assetId, batchFiles.find((f) => f === result.assetName)!);
        assert.equal(outcomes.map(done).filter((r) => r.resumed).length, 2, 'the paused two continued on their assets');
        assert.deepEqual(storedNames(await rows()), [], 'nothing left to resume');
        assert.ok(most <= 2, `never more than 2 at once (saw ${most})`);
        assert.equal(notifications(), 2, 'one more for the continued batch');
        assert.match(lastMessage(/videos uploaded/)!.message, /^Livepeer: 4 of 4 videos uploaded\.$/);
      } finally {
        watch?.dispose();
      }
    });

    it('cancelling the batch stops every file and asks once about all unfinished assets', async () => {
      const since = asked.length;
      const { finished } = await startBatch(cancelFiles);
      const running = (await rows()).filter((r) => cancelFiles.includes(r.label) && /^upload running/.test(r.contextValue ?? ''));
      const assetIds = running.map((r) => assetNamed(r.label)!);
      const requestUploads = emulator.requests.filter((r) => r.url === '/api/asset/request-upload').length;
      answer((request) => {
        assert.ok(request.kind === 'message' && request.modal);
        assert.equal(request.message, 'Delete the 2 unfinished assets from Studio?');
        assert.deepEqual(request.actions, ['Keep Assets', 'Delete Assets']);
        return 'Delete Assets';
      });
      // The progress notification's Cancel.
      (lastProgress(/^Livepeer: uploading$/, since) ?? assert.fail('no progress notification')).cancel();
      assert.deepEqual((await finished).map((o) => o.status), ['cancelled', 'cancelled', 'cancelled'], batchLog(cancelFiles));
      for (const assetId of assetIds) await assertLeftNothing(assetId);
      assert.equal(emulator.requests.filter((r) => r.url === '/api/asset/request-upload').length, requestUploads, 'the queued file never created an asset');
      const left = (await rows()).filter((r) => cancelFiles.includes(r.label) && /^upload (running|queued|held|paused|interrupted)$/.test(r.contextValue ?? ''));
      assert.deepEqual(left.map((r) => `${r.label}: ${r.contextValue}`), [], 'nothing left running, queued or stored');
    });
  });

  it('a file that changes during a resumable upload is noticed at the next chunk, with a short message', async () => {
    makeFile(file('growing.mp4'), 48 * MiB + 3);
    emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 400, times: 10_000 });
    const finished = upload([uri('growing.mp4')], { name: 'growing.mp4', method: 'tus' });
    await rowOf('growing.mp4', /^upload running tus$/);
    const assetId = await eventually(() => {
      const id = [...emulator.store.assets.values()].filter((a) => a.name === 'growing.mp4').at(-1)?.id;
      const sent = emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === id).reduce((sum, r) => sum + r.bodyBytes, 0);
      assert.ok(id && sent >= 16 * MiB, 'two chunks sent');
      return id;
    });
    fs.appendFileSync(file('growing.mp4'), 'more frames');
    const [outcome] = await finished;
    assert.equal(outcome.status, 'failed');
    // The change lands at 2 chunks sent or soon after; the next chunk's read notices it.
    const sent = emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0);
    assert.ok(sent <= 4 * 8 * MiB, `stopped soon after the change, not at the end (${sent} bytes sent)`);
    const message = await eventually(() => lastMessage(/growing\.mp4 changed/)!.message);
    assert.equal(message, 'Livepeer: growing.mp4 changed during the upload, so the upload stopped. Upload it again once the file is complete.');
  });

  it('shows the progress notification, status bar and Uploads view during an upload (screenshot)', async () => {
    makeFile(file('screenshot take.mp4'), 24 * MiB);
    await vscode.commands.executeCommand('livepeer.uploads.focus');
    emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 150, times: 10_000 });
    const finished = upload([uri('screenshot take.mp4')], { name: 'Conference keynote', method: 'tus' });
    await eventually(async () => assert.match((await rowOf('Conference keynote', /^upload running/)).description, /^([2-9]\d|100)% /), 30_000);
    await sleep(300); // the workbench draws the last progress
    const shot = await screenshot('upload');
    assert.ok(fs.statSync(shot).size > 10_000);
    emulator.faults.clear();
    done((await finished)[0]);
  });

  it('logs start and finish of uploads without any token', async () => {
    const text = logLines().join('\n');
    assert.match(text, /Upload of “My first clip” started: .*clip one\.mp4 \(3\.\d MB, direct\)/);
    assert.match(text, /Upload of “My first clip” finished: asset [\w-]+, 3\.\d MB; sent 3\.\d MB in [\d.]+ m?s \([\d.]+ [kMG]B\/s\)/);
    assert.ok(!/ 0\.0 [kMG]?B\/s/.test(text), 'no rate of zero');
    assert.match(text, /Upload of “never” failed: /);
    assert.ok(!text.includes(TOKEN));
    assert.ok(!/token=(?!\*\*\*)/.test(text), 'no upload token in the log');
    assert.ok(!JSON.stringify(asked).includes(TOKEN));
  });
});
