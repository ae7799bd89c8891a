import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PromptRequest } from '../../src/ui/prompts';
import type { Uploads } from '../../src/ui/uploads';
import type { UploadOutcome } from '../../src/ui/uploads/uploadManager';
import type { UploadItem } from '../../src/ui/uploads/uploadsView';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { TOKEN, answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, screenshot, signIn, sleep } from './harness';

const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };
/** The smallest chunk the engine sends (whole 8 MiB parts, as the real service stores them). */
const CHUNK_MIB = 8;

let folder: string;
const file = (name: string) => path.join(folder, name);
const uri = (name: string) => vscode.Uri.file(file(name));

function upload(uris: vscode.Uri[], options: { name?: string; method?: string } = {}): Thenable<UploadOutcome[]> {
  return vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.upload', uris[0], uris, options);
}

function done(outcome: UploadOutcome | undefined): Extract<UploadOutcome, { status: 'done' }>['result'] {
  assert.ok(outcome?.status === 'done', `upload did not succeed: ${JSON.stringify(outcome)}`);
  return outcome.result;
}

async function assertSameBytes(assetId: string, name: string): Promise<void> {
  assert.equal(await emulator.uploadedSha256(assetId), await sha256File(file(name)), `the emulator received ${name} byte for byte`);
}

/** The items of a scripted quick pick. */
function pickItems<T extends vscode.QuickPickItem>(request: PromptRequest): T[] {
  assert.equal(request.kind, 'pick');
  return [...(request as Extract<PromptRequest, { kind: 'pick' }>).items] as T[];
}

async function items(uploads: Uploads = api.uploads): Promise<UploadItem[]> {
  return uploads.view.getChildren();
}

async function interruptedItem(uploads: Uploads = api.uploads): Promise<UploadItem> {
  const item = (await items(uploads)).find((i) => i.contextValue === 'upload.interrupted');
  assert.ok(item?.entry, 'an interrupted upload is listed');
  return item;
}

/** Request-body bytes the ingest received for one asset's tus PATCHes. */
function patchBytes(assetId: string): number {
  return emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0);
}

/** Every PATCH waits `ms` before the emulator reads it: a slow uplink, so uploads can be caught mid-way. */
function slowIngest(ms: number): void {
  emulator.faults.delay({ ...TUS_PATCH, ms, times: 10_000 });
}

/** Starts a slowed tus upload of "long take.mkv", pauses it mid-way, and lifts the slowdown. */
async function pausedUpload(name: string): Promise<void> {
  slowIngest(100);
  const finished = upload([uri('long take.mkv')], { name, method: 'tus' });
  api.uploads.manager.pause(await runningUpload());
  await finished;
  emulator.faults.clear();
}

async function runningUpload() {
  return eventually(() => {
    const [running] = api.uploads.manager.runningUploads;
    assert.ok(running && running.progress.bytesSent >= 2 * CHUNK_MIB * MiB, 'an upload is under way');
    return running;
  });
}

describe('Uploads', function () {
  this.timeout(60_000);

  before(async () => {
    await signIn();
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    makeFile(file('clip one.mp4'), 3 * MiB + 1234);
    makeFile(file('clip two.mov'), 5 * MiB + 77);
    makeFile(file('clip three.webm'), 2 * MiB + 5);
    makeFile(file('long take.mkv'), 28 * MiB + 999);
    fs.writeFileSync(file('notes.txt'), 'not a video');
    await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSizeMiB', CHUNK_MIB, vscode.ConfigurationTarget.Global);
  });

  afterEach(() => {
    emulator.faults.clear();
    assertAllAnswered();
  });

  it('refuses a non-video file by name and sends nothing', async () => {
    const before = emulator.requests.length;
    assert.deepEqual(await upload([uri('notes.txt')]), []);
    assert.match(lastMessage(/notes\.txt/)!.message, /“notes\.txt” is not a video file, so it was not uploaded\. Video files end in \.3g2.*\.mp4/);
    assert.equal(emulator.requests.length, before, 'nothing was sent');
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
    const success = lastMessage(/uploaded “My first clip” from clip one\.mp4/);
    assert.deepEqual(success?.actions, ['Copy Playback ID', 'Show Asset']);

    const item = await eventually(async () => {
      const row = (await items()).find((i) => i.upload?.result?.assetId === result.assetId);
      assert.equal(row?.description, 'ready');
      return row;
    });
    assert.equal(item.contextValue, 'upload.done');
    await vscode.commands.executeCommand('livepeer.uploads.copyPlaybackId', item);
    assert.equal(await vscode.env.clipboard.readText(), result.playbackId);
    assert.ok(emulator.requests.some((r) => r.origin === 'api' && r.url === `/api/asset/${result.assetId}`), 'status polled with GET /asset/{id}');
    // "Show Asset" on the success notification, and the row's Reveal File (a workspace file: the Explorer).
    await vscode.commands.executeCommand('livepeer.uploads.showUpload', item.upload);
    await vscode.commands.executeCommand('livepeer.uploads.revealFile', item);
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
    assert.equal(api.uploads.manager.runningUploads.length, 0);
    assert.equal(api.uploadStatusBar.item.text, '$(cloud-upload) 0');
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
      assert.ok(api.session.hasToken);
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
    await api.session.tokens.set('revoked-token');
    try {
      const [outcome] = await upload([uri('clip one.mp4')], { name: 'never', method: 'direct' });
      assert.equal(outcome.status, 'failed');
      const error = lastMessage(/could not upload clip one\.mp4/);
      assert.equal(error?.severity, 'error');
      assert.deepEqual(error?.actions, ['Set API Token', 'Show Log']);
      assert.ok(!lastMessage(/uploaded “never”/));
      const [failed] = api.uploads.manager.recentUploads;
      assert.equal(failed.phase, 'failed');
      assert.equal((await items()).find((i) => i.upload === failed)?.contextValue, 'upload.failed');
    } finally {
      await api.session.tokens.set(TOKEN);
    }
  });

  it('cancels a running tus upload: nothing stored, nothing resumable, status bar back to zero', async () => {
    slowIngest(100);
    const finished = upload([uri('long take.mkv')], { name: 'cancel me', method: 'tus' });
    const running = await runningUpload();
    assert.equal(api.uploadStatusBar.item.text, '$(cloud-upload) 1');
    const row = (await items()).find((i) => i.upload === running)!;
    assert.equal(row.contextValue, 'upload.running.tus');
    assert.match(String(row.description), /^\d+% · [\d.]+ MB\/s/);
    await vscode.commands.executeCommand('livepeer.uploads.cancel', row);
    const [outcome] = await finished;
    assert.equal(outcome.status, 'cancelled');
    const asset = [...emulator.store.assets.values()].find((a) => a.name === 'cancel me')!;
    assert.equal(await emulator.uploadedSha256(asset.id), undefined);
    assert.ok(!(await items()).some((i) => i.contextValue === 'upload.interrupted'), 'the stored entry is gone');
    assert.equal(api.uploadStatusBar.item.text, '$(cloud-upload) 0');
  });

  it('pauses a tus upload and resumes it from its offset', async () => {
    slowIngest(100);
    const finished = upload([uri('long take.mkv')], { name: 'paused take', method: 'tus' });
    const running = await runningUpload();
    await vscode.commands.executeCommand('livepeer.uploads.pause', (await items()).find((i) => i.upload === running));
    assert.equal((await finished)[0].status, 'paused');
    const item = await interruptedItem();
    assert.match(String(item.description), /^interrupted at \d+% · /);
    assert.ok(item.entry!.bytesDone > 0);
    emulator.faults.clear();

    const resumed = await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', item);
    const result = done(resumed);
    assert.ok(result.resumed);
    assert.equal(result.assetId, item.entry!.assetId, 'same asset, no new request-upload');
    await assertSameBytes(result.assetId, 'long take.mkv');
    const size = fs.statSync(file('long take.mkv')).size;
    assert.ok(patchBytes(result.assetId) - size <= CHUNK_MIB * MiB, 'at most one chunk sent twice');
  });

  it('an upload cut by the network is listed as interrupted, survives a restart, and resumes from its offset', async () => {
    // No retries, so the cut ends the run as a lost connection would once the retries ran out.
    const first = api.createUploads({ retryDelaysMs: [] });
    let assetId: string;
    const requestUploads = () => emulator.requests.filter((r) => r.url === '/api/asset/request-upload').length;
    try {
      emulator.faults.cutAfter({ ...TUS_PATCH, bytes: 3 * MiB + 100, times: 1 });
      await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSizeMiB', 8, vscode.ConfigurationTarget.Global);
      const run = await first.manager.start({ filePath: file('long take.mkv'), name: 'cut take', method: 'tus' });
      const outcome = await run.finished;
      assert.ok(outcome.status === 'failed' && outcome.resumable, JSON.stringify(outcome));
      assert.deepEqual(lastMessage(/could not upload long take\.mkv/)?.actions, ['Retry', 'Show Log']);
      api.uploads.view.refresh();
      const item = await interruptedItem();
      assetId = item.entry!.assetId;
      assert.equal(item.entry!.assetName, 'cut take');
    } finally {
      first.dispose();
    }

    // What the next window builds from the same globalState.
    const second = api.createUploads();
    try {
      await eventually(() => assert.ok(lastMessage(/an upload was interrupted and can be resumed: “cut take”/)));
      assert.deepEqual(lastMessage(/interrupted and can be resumed/)!.actions, ['Resume All', 'Show']);
      assert.equal((await interruptedItem(second)).entry!.assetId, assetId);
    } finally {
      second.dispose();
    }

    const requestsBefore = requestUploads();
    clickNotification(/interrupted and can be resumed/, 'Resume All');
    const third = api.createUploads();
    try {
      const resumed = await eventually(() => {
        const [run] = third.manager.runningUploads;
        assert.ok(run);
        return run;
      });
      const result = done(await resumed.finished);
      assert.equal(result.assetId, assetId);
      await assertSameBytes(assetId, 'long take.mkv');
      const size = fs.statSync(file('long take.mkv')).size;
      assert.ok(patchBytes(assetId) - size <= 8 * MiB, 'at most one chunk sent twice');
      assert.equal(requestUploads(), requestsBefore, 'resumed on the same asset');
    } finally {
      third.dispose();
      await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSizeMiB', CHUNK_MIB, vscode.ConfigurationTarget.Global);
    }
  });

  it('uploading a file again with method auto continues its interrupted tus upload, although it is small', async () => {
    await pausedUpload('take twice');
    const { entry } = await interruptedItem();

    const result = done((await upload([uri('long take.mkv')], { name: 'take twice', method: 'auto' }))[0]);
    assert.equal(result.method, 'tus');
    assert.ok(result.resumed);
    assert.equal(result.assetId, entry!.assetId);
    await assertSameBytes(result.assetId, 'long take.mkv');
  });

  it('refuses to resume a file that changed since, and discards the entry after a modal confirmation', async () => {
    await pausedUpload('changed take');
    fs.appendFileSync(file('long take.mkv'), 'more');

    const item = await interruptedItem();
    const outcome = await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', item);
    assert.equal(outcome.status, 'failed');
    const refusal = lastMessage(/cannot resume the upload of "changed take"/);
    assert.match(refusal!.message, /changed since the upload started \(its size changed/);
    assert.deepEqual(refusal!.actions, ['Discard', 'Show Log']);

    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.match(request.message, /Discard the interrupted upload of “changed take”\?/);
      return 'Discard';
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', await interruptedItem()), true);
    assert.ok(!(await items()).some((i) => i.contextValue === 'upload.interrupted'));
  });

  it('shows the progress notification, status bar and Uploads view during an upload (screenshot)', async () => {
    makeFile(file('screenshot take.mp4'), 24 * MiB);
    await vscode.commands.executeCommand('livepeer.uploads.focus');
    slowIngest(150);
    const finished = upload([uri('screenshot take.mp4')], { name: 'Conference keynote', method: 'tus' });
    await eventually(() => assert.ok((api.uploads.manager.runningUploads[0]?.progress.fraction ?? 0) > 0.2));
    await sleep(300);
    const shot = await screenshot('upload');
    assert.ok(fs.statSync(shot).size > 10_000);
    emulator.faults.clear();
    done((await finished)[0]);
  });

  it('logs start and finish of uploads without any token', async () => {
    await sleep(500);
    const logDir = api.logUri.fsPath;
    const text = fs
      .readdirSync(logDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    assert.match(text, /Upload of “My first clip” started: .*clip one\.mp4 \(3\.\d MB, direct\)/);
    assert.match(text, /Upload of “My first clip” finished: asset [\w-]+/);
    assert.match(text, /Upload of “never” failed: /);
    assert.ok(!text.includes(TOKEN));
    assert.ok(!/token=(?!\*\*\*)/.test(text), 'no upload token in the log');
    assert.ok(!JSON.stringify(asked).includes(TOKEN));
  });
});
