import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { decodePlaybackToken } from '../../src/api/playback/token';
import type { EmulatorAsset } from '../emulator';
import { FIXTURES_DIR } from '../../src/localStudio/hlsFixture';
import { answer, asked, assertAllAnswered, clickNotification, client, emulator, eventually, lastMessage, lastProgress, signIn, type PromptRequest, type Row } from './harness';
import { assetRows } from './assetRows';
import { keyRow } from './keyRows';

const MP4 = fs.readFileSync(path.join(FIXTURES_DIR, 'clip.mp4'));
const MP4_PATH = /\.mp4$/;

async function row(id: string): Promise<Row> {
  await vscode.commands.executeCommand('livepeer.assets.refresh');
  return eventually(async () => (await assetRows()).find((item) => item.item.id === id) ?? assert.fail(`row of ${id}`));
}

describe('Assets: Download…', function () {
  this.timeout(60_000);
  const made: EmulatorAsset[] = [];
  let folder: string;

  before(async () => {
    await signIn();
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });
  afterEach(() => {
    emulator.faults.clear();
    assertAllAnswered();
  });
  after(async () => {
    for (const asset of made) await client().assets.delete(asset.id).catch(() => undefined);
    await vscode.commands.executeCommand('livepeer.assets.refresh');
  });

  it('downloads into the workspace; a cut keeps the part and Retry continues it with a Range request, byte for byte', async () => {
    const asset = emulator.store.addAsset({ name: 'Download me', status: { phase: 'ready', updatedAt: Date.now() } });
    made.push(asset);
    const target = path.join(folder, 'Download me.mp4');
    emulator.faults.cutBody({ origin: 'ingest', path: MP4_PATH, bytes: 30_000 });
    answer((request) => {
      assert.equal(request.kind, 'saveDialog');
      const options = request.options;
      assert.equal(options.defaultUri?.fsPath, target, 'proposed inside the first workspace folder');
      return vscode.Uri.file(target);
    });
    clickNotification(/downloading “Download me” failed: the connection closed after \d+ bytes\. .* kept in Download me\.mp4\.part; Retry continues from there/, 'Retry');
    try {
      const saved = await vscode.commands.executeCommand('livepeer.assets.download', (await row(asset.id)).element);
      assert.equal(saved, target);
      assert.ok(fs.readFileSync(target).equals(MP4), 'byte for byte');
      assert.equal(fs.existsSync(`${target}.part`), false);
      const ranges = emulator.requests.filter((r) => r.origin === 'ingest' && MP4_PATH.test(r.url)).map((r) => r.headers.range);
      assert.equal(ranges.length, 2);
      assert.equal(ranges[0], undefined);
      assert.match(String(ranges[1]), /^bytes=[1-9]\d*-$/, `the rest only: ${JSON.stringify(ranges)} ${JSON.stringify(asked.filter((r) => r.kind === 'message').slice(-3))}`);
      assert.ok(lastMessage(/downloaded “Download me” to Download me\.mp4/));
    } finally {
      fs.rmSync(target, { force: true });
      fs.rmSync(`${target}.part`, { force: true });
    }
  });

  it('a cancelled download says how to continue; Download… to the same file continues it', async () => {
    const asset = emulator.store.addAsset({ name: 'Cancel me', status: { phase: 'ready', updatedAt: Date.now() } });
    made.push(asset);
    const target = path.join(folder, 'Cancel me.mp4');
    const save = () => answer(() => vscode.Uri.file(target));
    emulator.faults.trickle({ origin: 'ingest', path: MP4_PATH, everyMs: 50 });
    save();
    const since = asked.length;
    try {
      const first = vscode.commands.executeCommand('livepeer.assets.download', asset.id);
      const progress = await eventually(() => {
        const shown = lastProgress(/downloading “Cancel me”/, since);
        assert.ok(shown?.reports.some((text) => /^[1-9][\d.]* \w?B of /.test(text)), JSON.stringify(shown?.reports));
        return shown!;
      });
      progress.cancel();
      assert.equal(await first, undefined);
      assert.ok(lastMessage(/download of “Cancel me” stopped; .* kept in Cancel me\.mp4\.part\. Download… it to the same file to continue\./));
      const kept = fs.statSync(`${target}.part`).size;
      assert.ok(kept > 0 && kept < MP4.length);

      emulator.faults.clear();
      save();
      assert.equal(await vscode.commands.executeCommand('livepeer.assets.download', asset.id), target);
      assert.ok(lastProgress(/downloading “Cancel me” \(continuing after/, since), 'the second run says it continues');
      assert.ok(fs.readFileSync(target).equals(MP4));
    } finally {
      fs.rmSync(target, { force: true });
      fs.rmSync(`${target}.part`, { force: true });
    }
  });

  it('a signed asset downloads with a playback token signed by a kept private key; with none kept it says so and asks nothing more', async () => {
    const asset = emulator.store.addAsset({ name: 'Members download', status: { phase: 'ready', updatedAt: Date.now() }, playbackPolicy: { type: 'jwt' } });
    made.push(asset);
    const target = path.join(folder, 'Members download.mp4');
    // Earlier suites may have kept private keys: every key disabled (in Studio) for the first half, enabled again after.
    const enabled = [...emulator.store.signingKeys.values()].filter((key) => !key.disabled);
    for (const key of enabled) key.disabled = true;
    try {
      assert.equal(await vscode.commands.executeCommand('livepeer.assets.download', asset.id), undefined);
      const said = await eventually(() => lastMessage(/“Members download” has signed playback, and no private key of an enabled signing key is kept in VS Code to sign a token for its download/) ?? assert.fail('not said'));
      assert.deepEqual(said.actions, ['Create Signing Key…']);
    } finally {
      for (const key of enabled) key.disabled = false;
    }
    answer(
      () => 'download key',
      (request) => (request as Extract<PromptRequest, { kind: 'message' }>).actions.find((action) => /Keep in VS Code/.test(action)),
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
    answer(() => vscode.Uri.file(target));
    try {
      assert.equal(await vscode.commands.executeCommand('livepeer.assets.download', asset.id), target);
      assert.ok(fs.readFileSync(target).equals(MP4), 'byte for byte');
      const fetched = emulator.requests.filter((r) => r.origin === 'ingest' && MP4_PATH.test(new URL(r.url, 'http://edge').pathname)).at(-1);
      const claims = decodePlaybackToken(new URL(fetched?.url ?? '', 'http://edge').searchParams.get('jwt') ?? '');
      assert.equal(claims?.sub, asset.playbackId, 'with a playback token for this asset');
    } finally {
      fs.rmSync(target, { force: true });
      fs.rmSync(`${target}.part`, { force: true });
      // The account holds at most 11 keys: later suites create theirs. Deleted as a person does, its private key with it.
      answer(() => 'Delete');
      await vscode.commands.executeCommand('livepeer.keys.delete', (await keyRow('download key')).element);
    }
  });
});
