import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UploadOutcome } from '../../src/upload';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { TOKEN, answer, dragAndDrop, emulator, eventually, lastMessage } from './harness';
import { CHUNK_MIB, assertSameBytes, assetIdOf, done, file, pickItems, uploadSuiteHooks, rows, rowOf, upload, uploadStatusText, uri } from './uploadSteps';

describe('Uploads', function () {
  this.timeout(60_000);

  uploadSuiteHooks();

  it('refuses a non-video file by name and sends nothing', async () => {
    const before = emulator.requests.length;
    assert.deepEqual(await upload([uri('notes.txt')]), []);
    assert.match(lastMessage(/notes\.txt/)!.message, /“notes\.txt” is not a video file, so it was not uploaded\. Video files end in \.3g2.*\.mp4/);
    // The views may still be reading (a live stream's sessions follow its row): only what an upload sends counts.
    assert.deepEqual(emulator.requests.slice(before).filter((request) => request.method !== 'GET').map((request) => request.url), [], 'nothing was sent');
  });

  it('uploads a file directly from the Explorer command: name prefilled, identical bytes, asset followed to ready', async () => {
    answer((request) => {
      assert.equal(request.kind, 'input');
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, 'clip one.mp4', 'prefilled with the file name');
      return 'My first clip';
    });
    const [outcome] = await upload([uri('clip one.mp4')], { method: 'direct' });
    const result = done(outcome);
    assert.equal(result.method, 'direct');
    assert.equal(emulator.store.assets.get(result.assetId)?.name, 'My first clip');
    await assertSameBytes(result.assetId, 'clip one.mp4');
    const success = lastMessage(/uploaded clip one\.mp4 as “My first clip”; the service is processing it\./);
    assert.deepEqual(success?.actions, ['Copy Playback ID', 'Show Asset']);

    const row = await eventually(async () => {
      const found = (await rows()).find((r) => assetIdOf(r) === result.assetId);
      assert.equal(found?.description, 'ready');
      return found;
    });
    assert.equal(row.contextValue, 'upload done');
    assert.ok(row.tooltip.startsWith('**My first clip**  \n'), 'the name once, not "name — file"');
    assert.equal(row.tooltip.match(/clip one\\?\.mp4/g)?.length, 1, 'the file said once');
    await vscode.commands.executeCommand('livepeer.uploads.copyPlaybackId', row.element);
    assert.equal(await vscode.env.clipboard.readText(), result.playbackId);
    assert.ok(emulator.requests.some((r) => r.origin === 'api' && r.url === `/api/asset/${result.assetId}`), 'status polled with GET /asset/{id}');
    await vscode.commands.executeCommand('livepeer.uploads.revealFile', row.element);
  });

  it('uploads a multi-selection as separate assets over tus, skipping the non-video file', async () => {
    const names = ['clip two.mov', 'clip three.webm'];
    const outcomes = await upload([uri(names[0]), uri('notes.txt'), uri(names[1])], { method: 'tus' });
    assert.equal(outcomes.length, 2);
    const results = outcomes.map(done);
    assert.deepEqual(results.map((r) => r.assetName).sort(), [...names].sort(), 'each named after its file, no questions');
    for (const [i, result] of results.entries()) {
      assert.equal(result.method, 'tus');
      await assertSameBytes(result.assetId, names[i]);
      const size = fs.statSync(file(names[i])).size;
      assert.equal(emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === result.assetId).length, Math.ceil(size / (CHUNK_MIB * MiB)), `${CHUNK_MIB} MiB chunks`);
    }
    assert.ok(lastMessage(/“notes\.txt” is not a video file/));
    assert.ok(!(await rows()).some((r) => /^upload (running|queued)/.test(r.contextValue ?? '')), 'nothing left running');
    assert.equal(uploadStatusText(), '$(cloud-upload) 0');
  });

  it('uploads what is dropped on the Uploads or Assets view (Explorer and OS) as a right-click does: a folder’s videos after its one question', async () => {
    const names = ['dropped one.mp4', 'dropped two.mov'];
    for (const name of names) makeFile(file(name), 256 * 1024);
    const inside = path.join('dropped folder', 'inside take.webm');
    fs.mkdirSync(file('dropped folder'), { recursive: true });
    makeFile(file(inside), 128 * 1024);
    fs.writeFileSync(file(path.join('dropped folder', 'shot list.txt')), 'not a video');
    /** A file the OS hands over (its `asFile()`), as VS Code gives a drop from outside the window. */
    class OsFile extends vscode.DataTransferItem {
      constructor(private readonly uri: vscode.Uri) {
        super('');
      }
      override asFile(): vscode.DataTransferFile {
        return { name: path.basename(this.uri.fsPath), uri: this.uri, data: async () => fs.readFileSync(this.uri.fsPath) };
      }
    }
    const data = new vscode.DataTransfer();
    data.set('text/uri-list', new vscode.DataTransferItem([uri(names[0]), uri('dropped folder'), uri('notes.txt')].map(String).join('\r\n')));
    data.set('files', new OsFile(uri(names[1])));
    // What VS Code calls when something is dropped on the view: its drag-and-drop controller.
    const drop = dragAndDrop('uploads') ?? assert.fail('the Uploads view takes drops');
    try {
      answer((request) => {
        assert.ok(request.kind === 'message' && request.modal, 'the folder upload’s question');
        assert.match(request.message, /^Upload 3 videos \([\d.]+ kB\) from “dropped folder”\?$/);
        assert.equal(request.detail, '2 files that are not videos are skipped. Each video becomes an asset named after its file.');
        return 'Upload';
      });
      await drop.handleDrop?.(undefined, data, new vscode.CancellationTokenSource().token);
      for (const name of [...names, inside]) {
        const row = await rowOf(path.basename(name), /^upload done$/);
        await assertSameBytes(assetIdOf(row) ?? assert.fail(`no asset on ${name}'s row`), name);
      }

      const nothing = new vscode.DataTransfer();
      nothing.set('text/plain', new vscode.DataTransferItem('just text'));
      await drop.handleDrop?.(undefined, nothing, new vscode.CancellationTokenSource().token);
      assert.ok(lastMessage(/nothing to upload in what was dropped: drop video files or folders\./));
    } finally {
      fs.rmSync(file('dropped folder'), { recursive: true, force: true });
    }
  });

  it('without a token, asks for one first, then asks the method once when askMethod is on', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    await vscode.workspace.getConfiguration('livepeer.upload').update('askMethod', true, vscode.ConfigurationTarget.Global);
    try {
      answer(
        (request) => {
          assert.equal((request as { options: vscode.InputBoxOptions }).options.password, true, 'the Set API Token box');
          return TOKEN;
        },
        (request) => {
          const methods = pickItems<vscode.QuickPickItem & { method: string }>(request);
          assert.deepEqual(methods.map((m) => m.method), ['auto', 'tus', 'direct'], 'the configured method first');
          return methods.find((m) => m.method === 'direct');
        },
        () => 'third',
      );
      const result = done((await upload([uri('clip three.webm')]))[0]);
      assert.equal(result.method, 'direct');
      assert.equal(result.assetName, 'third');
      assert.ok(lastMessage(/API token saved/), 'the token was saved');
    } finally {
      await vscode.workspace.getConfiguration('livepeer.upload').update('askMethod', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('"Upload Video…" lists workspace videos newest first, and Browse… takes any file on disk', async () => {
    const now = Date.now() / 1000;
    fs.utimesSync(file('clip two.mov'), now, now);
    fs.utimesSync(file('clip one.mp4'), now - 60, now - 60);
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-outside-')), 'elsewhere.mp4');
    makeFile(outside, MiB);
    answer(
      (request) => {
        const labels = pickItems(request).map((i) => i.label);
        assert.equal(labels[0], 'clip two.mov', 'most recently modified first');
        assert.ok(labels.indexOf('clip two.mov') < labels.indexOf('clip one.mp4'));
        assert.ok(!labels.includes('notes.txt'));
        assert.equal(labels.at(-1), '$(folder-opened) Browse…');
        return pickItems(request).at(-1);
      },
      (request) => {
        assert.equal(request.kind, 'openDialog');
        return [vscode.Uri.file(outside)];
      },
      () => 'from elsewhere',
    );
    const [outcome] = await vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.uploadFromPicker', { method: 'direct' });
    const result = done(outcome);
    assert.equal(result.assetName, 'from elsewhere');
    assert.equal(await emulator.uploadedSha256(result.assetId), await sha256File(outside));
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });

  it('a rejected token fails with the file named and Set API Token offered; nothing claims success', async () => {
    // The service refuses a revoked token: 401 on request-upload.
    emulator.faults.fail({ origin: 'api', method: 'POST', path: '/api/asset/request-upload', status: 401, body: { errors: ['invalid API key'] } });
    const [outcome] = await upload([uri('clip one.mp4')], { name: 'never', method: 'direct' });
    assert.equal(outcome.status, 'failed');
    const error = lastMessage(/could not upload clip one\.mp4/);
    assert.equal(error?.severity, 'error');
    assert.deepEqual(error?.actions, ['Set API Token', 'Show Log']);
    assert.ok(!lastMessage(/uploaded “never”/));
    const failed = await rowOf('never', /^upload failed$/);
    assert.match(failed.tooltip, /Asset ID: —/, 'request-upload was refused: no asset');
    assert.match(failed.tooltip, /No asset was created\./);
  });
});
