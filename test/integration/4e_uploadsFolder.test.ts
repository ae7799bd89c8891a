import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UploadOutcome } from '../../src/upload';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { answer, asked, emulator, eventually, type Message } from './harness';
import { assetIdOf, done, file, rows, uploadSuiteHooks } from './uploadSteps';

/** Right-click on a folder in the Explorer: VS Code passes the folder and the selection. */
function uploadFromExplorer(selection: vscode.Uri[]): Thenable<UploadOutcome[]> {
  return vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.upload', selection[0], selection);
}

describe('Uploads: a folder', function () {
  this.timeout(90_000);

  uploadSuiteHooks();

  const folder = file('take folder');
  const videos = ['a take.mp4', path.join('day two', 'b take.MOV'), path.join('day two', 'deeper', 'c take.webm')];
  const others = ['notes.txt', path.join('day two', 'cover.png')];
  before(() => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(path.join(folder, 'day two', 'deeper'), { recursive: true });
    videos.forEach((name, i) => makeFile(path.join(folder, name), (i + 1) * MiB + 321));
    for (const name of others) fs.writeFileSync(path.join(folder, name), 'not a video');
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  const question = (): Message | undefined => asked.filter((r): r is Message => r.kind === 'message' && r.modal).at(-1);

  it('asks once, naming the count and size, and the safe answer uploads nothing', async () => {
    const before = emulator.requests.length;
    answer((request) => {
      assert.equal(request.kind, 'message');
      return undefined; // Escape
    });
    assert.deepEqual(await uploadFromExplorer([vscode.Uri.file(folder)]), []);
    const modal = question()!;
    assert.equal(modal.message, 'Upload 3 videos (6.3 MB) from “take folder”?');
    assert.equal(modal.detail, '2 files that are not videos are skipped. Each video becomes an asset named after its file.');
    assert.deepEqual(modal.actions, ['Go Back', 'Upload'], 'the safe answer first (Enter)');
    // Only what would change the account counts: a view may still be reading its rows after the suite's sign-in.
    const sent = emulator.requests.slice(before).filter((r) => r.method !== 'GET');
    assert.deepEqual(sent.map((r) => `${r.method} ${r.url}`), [], 'nothing was sent');
  });

  it('uploads every video inside, every level down, as one batch listed in the Uploads view; the other files are skipped', async () => {
    const assetsBefore = new Set(emulator.store.assets.keys());
    answer(() => 'Upload');
    const outcomes = await uploadFromExplorer([vscode.Uri.file(folder)]);
    assert.equal(outcomes.length, 3, 'one upload per video');
    const results = outcomes.map(done);
    const names = videos.map((name) => path.basename(name));
    assert.deepEqual(results.map((r) => emulator.store.assets.get(r.assetId)?.name).sort(), [...names].sort(), 'each asset named after its file');
    for (const name of videos) {
      const asset = results.find((r) => emulator.store.assets.get(r.assetId)?.name === path.basename(name))!;
      assert.equal(await emulator.uploadedSha256(asset.assetId), await sha256File(path.join(folder, name)), `${name} arrived byte for byte`);
    }
    const created = [...emulator.store.assets.keys()].filter((id) => !assetsBefore.has(id));
    assert.equal(created.length, 3, 'no asset for the files that are not videos');
    await eventually(async () => {
      const listed = (await rows()).filter((row) => results.some((r) => r.assetId === assetIdOf(row)));
      assert.deepEqual(listed.map((row) => row.label).sort(), [...names].sort(), 'the batch in the Uploads view');
    });
  });
});
