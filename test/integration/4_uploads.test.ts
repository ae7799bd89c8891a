import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { Uploads } from '../../src/ui/uploads/activateUploads';
import { AssetWatcher } from '../../src/api';
import type { UploadItem } from '../../src/ui/uploads/uploadsView';
import { FinishedUploads, InMemoryStore, UPLOADS_STORAGE_KEY, UploadQueue, type Upload, type UploadOutcome } from '../../src/upload';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { EXTENSION_ID, TOKEN, answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, screenshot, signIn, sleep } from './harness';

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
  const item = (await items(uploads)).find((i) => i.entry);
  assert.ok(item?.entry, 'a paused or interrupted upload is listed');
  return item;
}

/** Request-body bytes the ingest received for one asset's tus PATCHes. */
function patchBytes(assetId: string): number {
  return emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0);
}

/** Every PATCH waits `ms` before the emulator reads it: a slow uplink, so uploads can be caught mid-way. */
/**
 * Delay of each tus PATCH while a test stops an upload mid-way: the upload must still be running
 * when a loaded 2-core machine gets to the stop, a few chunks after it started.
 */
const STOP_WINDOW_MS = 400;

function slowIngest(ms: number): void {
  emulator.faults.delay({ ...TUS_PATCH, ms, times: 10_000 });
}

/** Starts a slowed tus upload of "long take.mkv", pauses it mid-way, and lifts the slowdown. */
async function pausedUpload(name: string): Promise<void> {
  slowIngest(STOP_WINDOW_MS);
  const finished = upload([uri('long take.mkv')], { name, method: 'tus' });
  api.uploads.manager.pause(await runningUpload());
  assert.equal((await finished)[0].status, 'paused', 'still running when paused');
  emulator.faults.clear();
}

/** Names of the paused or interrupted uploads listed, with their state. */
function storedNames(rows: UploadItem[]): string[] {
  return rows.filter((i) => i.entry).map((i) => `${i.entry!.assetName}: ${i.description}`);
}

/** Commands of the Uploads view's row menus whose `when` clause holds for a row's contextValue. */
function rowCommands(viewItem: string): string[] {
  const menus: Array<{ command: string; when: string }> = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus['view/item/context'];
  return menus
    .filter(({ when }) => {
      if (!when.startsWith('view == livepeer.uploads')) return false;
      const equal = /viewItem == ([\w.]+)/.exec(when);
      const match = /viewItem =~ \/(.+)\/$/.exec(when);
      return equal ? equal[1] === viewItem : !!match && new RegExp(match[1]).test(viewItem);
    })
    .map((m) => m.command);
}

/** The asset is gone from the emulator and its tus upload was terminated on the upload server. */
async function assertLeftNothing(assetId: string): Promise<void> {
  await eventually(() => assert.ok(!emulator.store.assets.has(assetId) && emulator.store.deletedAssetIds.has(assetId), 'the asset was deleted'));
  await assertTusTerminated(assetId);
}

/** The termination may still be on its way when the asset is gone (they are sent side by side): waited for. */
function assertTusTerminated(assetId: string): Promise<void> {
  return eventually(() => {
    const patch = emulator.requests.find((r) => r.method === 'PATCH' && r.assetId === assetId);
    assert.ok(patch, 'a tus upload was under way');
    const terminate = emulator.requests.find((r) => r.origin === 'ingest' && r.method === 'DELETE' && r.url === patch.url);
    assert.equal(terminate?.status, 204, 'tus termination (DELETE on the upload address) answered 204');
  });
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
    await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSize', CHUNK_MIB, vscode.ConfigurationTarget.Global);
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
    const success = lastMessage(/uploaded clip one\.mp4 as “My first clip”; the service is processing it\./);
    assert.deepEqual(success?.actions, ['Copy Playback ID', 'Show Asset']);

    const item = await eventually(async () => {
      const row = (await items()).find((i) => i.finished?.assetId === result.assetId);
      assert.equal(row?.description, 'ready');
      return row;
    });
    assert.equal(item.contextValue, 'upload done');
    const tooltip = (item.tooltip as vscode.MarkdownString).value;
    assert.ok(tooltip.startsWith('**My first clip**  \n'), 'the name once, not "name — file"');
    assert.equal(tooltip.match(/clip one\\?\.mp4/g)?.length, 1, 'the file said once');
    await vscode.commands.executeCommand('livepeer.uploads.copyPlaybackId', item);
    assert.equal(await vscode.env.clipboard.readText(), result.playbackId);
    assert.ok(emulator.requests.some((r) => r.origin === 'api' && r.url === `/api/asset/${result.assetId}`), 'status polled with GET /asset/{id}');
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

  it('uploads videos dropped on the Uploads or Assets view (Explorer and OS), through the same queue; a folder or a non-video is refused in words', async () => {
    const names = ['dropped one.mp4', 'dropped two.mov'];
    for (const name of names) makeFile(file(name), 256 * 1024);
    fs.mkdirSync(file('dropped folder'), { recursive: true });
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
    const queued = api.uploads.manager.history.finished.all.length;
    try {
      await api.uploads.drop.handleDrop?.(undefined, data, new vscode.CancellationTokenSource().token);
      assert.match(lastMessage(/dropped folder/)?.message ?? '', /“dropped folder” is a folder, so it was not uploaded\. Drop the video files in it instead\./);
      assert.ok(lastMessage(/“notes\.txt” is not a video file, so it was not uploaded/));
      const finished = api.uploads.manager.history.finished.all.slice(0, api.uploads.manager.history.finished.all.length - queued);
      assert.deepEqual(finished.map((record) => record.name).sort(), names, 'both videos uploaded, named after their files');
      for (const record of finished) await assertSameBytes(record.assetId!, record.name);

      const nothing = new vscode.DataTransfer();
      nothing.set('text/plain', new vscode.DataTransferItem('just text'));
      await api.uploads.drop.handleDrop?.(undefined, nothing, new vscode.CancellationTokenSource().token);
      assert.ok(lastMessage(/nothing to upload in what was dropped: drop video files/));
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
    await api.session.setToken('revoked-token');
    try {
      const [outcome] = await upload([uri('clip one.mp4')], { name: 'never', method: 'direct' });
      assert.equal(outcome.status, 'failed');
      const error = lastMessage(/could not upload clip one\.mp4/);
      assert.equal(error?.severity, 'error');
      assert.deepEqual(error?.actions, ['Set API Token', 'Show Log']);
      assert.ok(!lastMessage(/uploaded “never”/));
      const [failed] = api.uploads.manager.finishedUploads;
      assert.equal(failed.name, 'never');
      assert.equal(failed.result, undefined);
      assert.equal(failed.assetId, undefined, 'request-upload was refused: no asset');
      assert.equal((await items()).find((i) => i.finished?.id === failed.id)?.contextValue, 'upload failed');
    } finally {
      await api.session.setToken(TOKEN);
    }
  });

  it('cancels a running tus upload, asks once, and on Delete Asset leaves nothing behind: asset deleted, tus upload terminated', async () => {
    slowIngest(STOP_WINDOW_MS);
    const finished = upload([uri('long take.mkv')], { name: 'cancel me', method: 'tus' });
    const running = await runningUpload();
    assert.equal(api.uploadStatusBar.item.text, '$(cloud-upload) 1');
    const row = (await items()).find((i) => i.upload === running)!;
    assert.equal(row.contextValue, 'upload running tus');
    assert.match(String(row.description), /^\d+% · [\d.]+ [kM]B\/s/);
    const assetId = running.assetId!;
    assert.ok(emulator.store.assets.has(assetId));
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.match(request.detail!, /The upload of “cancel me” was cancelled, so its asset has no video\./);
      assert.deepEqual(request.actions, ['Delete Asset'], 'keeping the asset is the safe default (Enter/Escape)');
      return 'Delete Asset';
    });
    await vscode.commands.executeCommand('livepeer.uploads.cancel', row);
    const [outcome] = await finished;
    assert.equal(outcome.status, 'cancelled');
    await assertLeftNothing(assetId);
    assert.deepEqual(storedNames(await items()), [], 'the stored entry is gone');
    assert.equal(api.uploadStatusBar.item.text, '$(cloud-upload) 0');
  });

  it('cancel with the safe answer keeps the asset: its row stays (cancelled · asset kept) with Delete Asset and Remove, and nothing polls it', async () => {
    for (const command of ['livepeer.uploads.deleteAsset', 'livepeer.uploads.remove', 'livepeer.uploads.copyAssetId']) assert.ok(rowCommands('upload cancelled').includes(command), command);
    const onDeleted = rowCommands('upload deleted');
    assert.ok(onDeleted.includes('livepeer.uploads.remove') && !onDeleted.some((c) => /deleteAsset|copy|showAsset|retry/.test(c)), onDeleted.join());
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await api.assets.getChildren();
    const cancelKeeping = async (name: string) => {
      slowIngest(STOP_WINDOW_MS);
      const finished = upload([uri('long take.mkv')], { name, method: 'tus' });
      const running = await runningUpload();
      let whileAsked: string | undefined;
      answer(async () => {
        const row = (await items()).find((i) => i.finished?.id === running.id);
        whileAsked = `${row?.contextValue} ${String(row?.description)}`;
        return undefined;
      });
      await vscode.commands.executeCommand('livepeer.uploads.cancel', (await items()).find((i) => i.upload === running));
      assert.equal((await finished)[0].status, 'cancelled');
      assert.equal(whileAsked, 'upload deciding cancelled · keep or delete its asset?', 'while the question is open, the row says what is being decided');
      emulator.faults.clear();
      return running.assetId!;
    };
    const assetId = await cancelKeeping('keep my asset');
    assert.equal(emulator.store.assets.get(assetId)?.status.phase, 'uploading', 'kept, without a video');
    await assertTusTerminated(assetId);
    assert.deepEqual(storedNames(await items()), []);
    const row = (await items()).find((i) => i.finished?.assetId === assetId);
    assert.equal(row?.contextValue, 'upload cancelled', 'the row stays');
    assert.match(String(row.description), /^cancelled · asset kept · /);
    assert.ok(api.assets.assets.some((a) => a.id === assetId), 'listed in the Assets view, uploading');
    assert.ok(!api.assets.unsettled().some((a) => a.id === assetId), 'the Assets view no longer polls it: it will never get a video');

    // Delete Asset: gone from Studio, from the Uploads view and from the Assets view, without a refresh.
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.deleteAsset', row), true);
    assert.ok(emulator.store.deletedAssetIds.has(assetId));
    assert.ok(!(await items()).some((i) => i.finished?.assetId === assetId));
    assert.ok(!api.assets.assets.some((a) => a.id === assetId), 'the Assets row went at once');

    // Remove: the row goes, the asset stays (and is still not polled).
    const kept = await cancelKeeping('keep it, forget the row');
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', (await items()).find((i) => i.finished?.assetId === kept)), true);
    assert.ok(!(await items()).some((i) => i.finished?.assetId === kept));
    assert.ok(emulator.store.assets.has(kept));
    assert.ok(!api.assets.unsettled().some((a) => a.id === kept));
  });

  it('cancelled while request-upload\'s answer is on its way: the asset it created is offered for deletion like any leftover', async () => {
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
    await vscode.commands.executeCommand('livepeer.uploads.cancel', (await items()).find((i) => i.upload?.name === 'cancelled early'));
    assert.equal((await finished)[0].status, 'cancelled');
    assert.ok(emulator.store.deletedAssetIds.has(created.id), 'the empty asset was deleted');
    assert.ok(!emulator.requests.some((r) => r.origin === 'ingest' && r.assetId === created.id), 'no byte was sent');
  });

  it('pauses a tus upload and resumes it from its offset', async () => {
    slowIngest(STOP_WINDOW_MS);
    const finished = upload([uri('long take.mkv')], { name: 'paused take', method: 'tus' });
    const running = await runningUpload();
    await vscode.commands.executeCommand('livepeer.uploads.pause', (await items()).find((i) => i.upload === running));
    assert.equal((await finished)[0].status, 'paused');
    const item = await interruptedItem();
    assert.equal(item.contextValue, 'upload paused');
    assert.match(String(item.description), /^paused at \d+% · /, 'paused, not "interrupted"');
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
      await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSize', 8, vscode.ConfigurationTarget.Global);
      const [run] = await first.manager.enqueue([{ filePath: file('long take.mkv'), name: 'cut take', method: 'tus' }]);
      const outcome = await run.finished;
      assert.ok(outcome.status === 'failed' && outcome.resumable, JSON.stringify(outcome));
      await eventually(() => assert.deepEqual(lastMessage(/could not upload long take\.mkv/)?.actions, ['Retry', 'Show Log']));
      api.uploads.view.refresh();
      const item = await interruptedItem();
      assert.match(String(item.description), /^interrupted at \d+% · /, 'a failure is "interrupted"');
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
      await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSize', CHUNK_MIB, vscode.ConfigurationTarget.Global);
    }
  });

  it('after a reload with two uploads running, Resume All: each row\'s Pause and Cancel act on that row, with no picker', async () => {
    const names = ['reload a.mp4', 'reload b.mp4'];
    names.forEach((name, i) => makeFile(file(name), 100 * MiB + i));
    slowIngest(STOP_WINDOW_MS);
    // The window that is reloaded: two uploads under way when it closes stay stored.
    const closing = api.createUploads();
    let runs: Upload[] = [];
    try {
      runs = await closing.manager.enqueue(names.map((name) => ({ filePath: file(name), name, method: 'tus' as const })));
      await eventually(() => assert.ok(runs.every((run) => run.progress.bytesSent >= CHUNK_MIB * MiB), 'both under way'));
    } finally {
      closing.dispose();
    }
    assert.deepEqual((await Promise.all(runs.map((run) => run.finished))).map((o) => o.status), ['paused', 'paused'], 'kept for the next window');
    // A reload takes a moment: the server has answered the requests the closed window left, as it has by the time a person clicks Resume All.
    const assetIds = runs.map((run) => run.assetId);
    await eventually(() => assert.ok(emulator.requests.filter((r) => assetIds.includes(r.assetId)).every((r) => r.status !== undefined), 'the server answered every request'));

    // The next window (the one whose Uploads view is on screen) resumes them.
    void vscode.commands.executeCommand('livepeer.uploads.resumeAll');
    const rows = await eventually(async () => {
      const running = (await items()).filter((i) => i.upload);
      assert.deepEqual(running.map((i) => `${i.contextValue} ${i.label}`).sort(), names.map((name) => `upload running tus ${name}`));
      return running;
    });
    // VS Code hands an inline button's command the row it knows by the row's handle, and a refresh of
    // the whole tree makes it forget every row until it has asked for them again: a button pressed
    // meanwhile got no row, so the command opened its picker. Progress must refresh the rows alone.
    const events: unknown[] = [];
    const listening = api.uploads.view.onDidChangeTreeData((event) => events.push(event));
    const progressed = async () => {
      const sent = rows.map((row) => row.upload!.progress.bytesSent);
      await eventually(() => assert.ok(rows.every((row, i) => row.upload!.progress.bytesSent > sent[i]), 'both progressed'));
    };
    try {
      // The rows came and went while the uploads started; from here on only progress changes.
      await progressed();
      await items();
      events.length = 0;
      const sent = rows.map((row) => row.upload!.progress.bytesSent);
      await eventually(() => assert.ok(rows.every((row, i) => row.upload!.progress.bytesSent > sent[i] && events.length > 0), 'both progressed and showed it'));
      assert.ok(!events.includes(undefined), 'progress refreshed the rows, never the whole tree');
      const again = (await items()).filter((i) => i.upload);
      assert.ok(again.length === 2 && again.every((row, i) => row === rows[i]), 'each row keeps its object while it runs');
    } finally {
      listening.dispose();
    }

    const [first, second] = rows;
    await vscode.commands.executeCommand('livepeer.uploads.pause', second);
    assert.equal((await second.upload!.finished).status, 'paused', `${second.label} paused`);
    assert.equal(first.upload!.phase, 'running', `${first.label} still running`);
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal, 'the leftover question, not a picker');
      assert.match(request.detail!, new RegExp(`The upload of “${first.label}” was cancelled`));
      return 'Delete Asset';
    });
    await vscode.commands.executeCommand('livepeer.uploads.cancel', first);
    assert.equal((await first.upload!.finished).status, 'cancelled', `${first.label} cancelled`);
    const paused = (await items()).filter((i) => i.entry);
    assert.deepEqual(paused.map((i) => `${i.contextValue} ${i.label}`), [`upload paused ${second.label}`]);
    emulator.faults.clear();
    answer(() => 'Discard and Delete Asset');
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', paused[0]), true);
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
    const refusal = await eventually(() => {
      const message = lastMessage(/long take\.mkv changed/);
      assert.ok(message, 'the refusal is announced');
      return message;
    });
    assert.equal(refusal.message, 'Livepeer: long take.mkv changed since its upload stopped, so it cannot be resumed. Discard it and upload the file again.');
    assert.deepEqual(refusal.actions, ['Discard', 'Show Log']);

    // Escape changes nothing; "Discard and Delete Asset" drops the entry, the tus upload and the asset.
    const { entry } = await interruptedItem();
    const discardQuestion = (reply: string | undefined) => (request: PromptRequest) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.match(request.detail!, /Discarding the interrupted upload of “changed take” \(at \d+%\) means it cannot be resumed/);
      assert.deepEqual(request.actions, ['Discard, Keep Asset', 'Discard and Delete Asset']);
      return reply;
    };
    answer(discardQuestion(undefined));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', await interruptedItem()), false);
    assert.equal((await interruptedItem()).entry!.id, entry!.id, 'still listed');
    await api.assets.getChildren();
    api.assets.addOrUpdate(emulator.store.assets.get(entry!.assetId)!);
    answer(discardQuestion('Discard and Delete Asset'));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.discard', await interruptedItem()), true);
    assert.ok(!api.assets.assets.some((a) => a.id === entry!.assetId), 'its Assets row went at once, without a refresh');
    assert.ok(!(await items()).some((i) => i.entry));
    await assertLeftNothing(entry!.assetId);
  });

  it('a failed upload is listed with Retry, Remove and Copy Asset ID; Retry replaces its empty asset, Remove asks once about it', async () => {
    for (const command of ['livepeer.uploads.retry', 'livepeer.uploads.remove', 'livepeer.uploads.copyAssetId']) assert.ok(rowCommands('upload failed').includes(command), command);

    const failPut = () => emulator.faults.fail({ origin: 'ingest', method: 'PUT', path: /\/upload\/direct/, status: 500, body: 'storage unavailable' });
    failPut();
    const [outcome] = await upload([uri('clip three.webm')], { name: 'flaky', method: 'direct' });
    assert.equal(outcome.status, 'failed');
    assert.deepEqual(lastMessage(/could not upload clip three\.webm/)?.actions, ['Retry', 'Show Log']);
    const row = (await items()).find((i) => i.finished?.name === 'flaky')!;
    assert.equal(row.contextValue, 'upload failed');
    const emptyAsset = row.assetId!;
    assert.equal(emulator.store.assets.get(emptyAsset)?.status.phase, 'uploading');
    await vscode.commands.executeCommand('livepeer.uploads.copyAssetId', row);
    assert.equal(await vscode.env.clipboard.readText(), emptyAsset);

    const [again] = await vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.retry', row);
    const result = done(again);
    assert.notEqual(result.assetId, emptyAsset);
    await assertSameBytes(result.assetId, 'clip three.webm');
    assert.ok(!emulator.store.assets.has(emptyAsset), 'the empty asset of the failed run was deleted');
    assert.ok(!(await items()).some((i) => i.finished?.id === row.finished!.id), 'the failed row made way for the new upload');

    failPut();
    await upload([uri('clip three.webm')], { name: 'flaky again', method: 'direct' });
    const failed = (await items()).find((i) => i.finished?.name === 'flaky again')!;
    const removeQuestion = (reply: string | undefined) => (request: PromptRequest) => {
      assert.ok(request.kind === 'message' && request.modal);
      assert.equal(request.message, 'Delete the unfinished asset from Studio?');
      assert.deepEqual(request.actions, ['Remove, Keep Asset', 'Remove and Delete Asset']);
      return reply;
    };
    answer(removeQuestion(undefined));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', failed), false);
    assert.ok((await items()).some((i) => i.finished?.id === failed.finished!.id), 'Escape changes nothing');
    answer(removeQuestion('Remove and Delete Asset'));
    assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', failed), true);
    assert.ok(!(await items()).some((i) => i.finished?.id === failed.finished!.id));
    assert.ok(!emulator.store.assets.has(failed.assetId!), 'its asset was deleted');
  });

  it('announces a new upload\'s asset at once, and every Show Asset reveals it in the Assets view', async () => {
    const created: Array<{ id: string; name?: string; bytesSent: number }> = [];
    const announced = api.uploads.onDidCreateAsset((asset) =>
      created.push({ id: asset.id, name: asset.name, bytesSent: api.uploads.manager.runningUploads.find((u) => u.assetId === asset.id)?.progress.bytesSent ?? -1 }),
    );
    const selectedAsset = () => (api.assetsTree.selection as Array<{ asset?: { id: string } }>).map((item) => item.asset?.id);
    try {
      await vscode.commands.executeCommand('workbench.view.extension.livepeer');
      await api.assets.getChildren();
      clickNotification(/uploaded “clip two\.mov”/, 'Show Asset');
      const result = done((await upload([uri('clip two.mov')], { name: 'clip two.mov', method: 'direct' }))[0]);
      assert.deepEqual(created, [{ id: result.assetId, name: 'clip two.mov', bytesSent: 0 }], 'announced before any byte was sent');
      assert.ok(api.assets.assets.some((asset) => asset.id === result.assetId), 'listed in the Assets view at once');
      assert.equal(lastMessage(/uploaded “clip two\.mov”/)!.message, 'Livepeer: uploaded “clip two.mov”; the service is processing it.', 'the file named once');
      await eventually(() => assert.deepEqual(selectedAsset(), [result.assetId]));
      const other = emulator.store.createAsset('another asset', 'test');
      api.assets.addOrUpdate(other);
      await vscode.commands.executeCommand('livepeer.assets.reveal', other.id);
      await eventually(() => assert.deepEqual(selectedAsset(), [other.id]));
      const row = (await items()).find((i) => i.finished?.assetId === result.assetId)!;
      await vscode.commands.executeCommand('livepeer.uploads.showAsset', row);
      await eventually(() => assert.deepEqual(selectedAsset(), [result.assetId]));
      assert.ok(api.assetsTree.visible, 'the Assets view is shown');
    } finally {
      announced.dispose();
    }
  });

  it('an asset deleted in the Assets view, or elsewhere, marks its Uploads row "asset deleted"; Show Asset says so; a restore unmarks it', async () => {
    const uploaded = async (name: string) => {
      const result = done((await upload([uri('clip three.webm')], { name, method: 'direct' }))[0]);
      return eventually(async () => {
        const row = (await items()).find((i) => i.finished?.assetId === result.assetId);
        assert.equal(row?.description, 'ready');
        return row;
      });
    };
    const row = await uploaded('deleted in the view');
    answer((request) => {
      assert.ok(request.kind === 'message' && request.modal);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.assets.delete', row.assetId);
    assert.ok(emulator.store.deletedAssetIds.has(row.assetId!));
    const deleted = await eventually(async () => {
      const now = (await items()).find((i) => i.finished?.id === row.finished!.id);
      assert.equal(now?.contextValue, 'upload deleted');
      return now;
    });
    assert.match(String(deleted.description), /^asset deleted · /);
    await vscode.commands.executeCommand('livepeer.uploads.showAsset', deleted);
    assert.equal(lastMessage(/deleted in the view/)?.message, 'Livepeer: the asset of “deleted in the view” was deleted.');
    // Restored (Restore Deleted Asset…): the row no longer says its asset was deleted.
    answer(() => row.assetId);
    await vscode.commands.executeCommand('livepeer.assets.restore');
    await eventually(async () => {
      const back = (await items()).find((i) => i.finished?.id === row.finished!.id);
      assert.notEqual(back?.contextValue, 'upload deleted');
      assert.doesNotMatch(String(back?.description), /asset deleted/);
    });

    // Deleted elsewhere (Studio's website): Show Asset finds out, says so, and the row follows.
    const other = await uploaded('deleted elsewhere');
    emulator.store.deleteAsset(other.assetId!);
    const from = asked.length;
    await vscode.commands.executeCommand('livepeer.uploads.showAsset', other);
    assert.equal(lastMessage(/was deleted, so it cannot be shown/)?.message, `Livepeer: asset ${other.assetId} was deleted, so it cannot be shown.`);
    assert.ok(!asked.slice(from).some((r) => r.kind === 'message' && /not found/i.test(r.message)), 'no raw 404');
    await eventually(async () => assert.equal((await items()).find((i) => i.finished?.id === other.finished!.id)?.contextValue, 'upload deleted'));
  });

  it('finished uploads stay listed across reloads for 7 days; Clear Finished removes the uploaded ones', async () => {
    const finished = api.uploads.manager.finishedUploads;
    assert.ok(finished.some((f) => f.result) && finished.some((f) => !f.result));
    const next = api.createUploads();
    try {
      assert.deepEqual(next.manager.finishedUploads.map((f) => f.id), finished.map((f) => f.id), 'the next window lists them');
      const ready = (await items(next)).find((i) => i.finished?.name === 'My first clip');
      assert.equal(ready?.description, 'ready', 'with the asset state last seen');
    } finally {
      next.dispose();
    }

    const storage = new InMemoryStore();
    const now = Date.now();
    const day = 24 * 3600_000;
    const record = { name: 'old', filePath: file('clip one.mp4'), method: 'direct' as const };
    const list = new FinishedUploads(storage, () => now);
    await list.add({ ...record, id: 'six days', finishedAt: now - 6 * day });
    await list.add({ ...record, id: 'eight days', finishedAt: now - 8 * day });
    assert.deepEqual(list.all.map((f) => f.id), ['six days']);
    assert.deepEqual(new FinishedUploads(storage, () => now + 2 * day).all, [], 'trimmed by age when read');

    const titleMenu = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.menus['view/title'];
    assert.ok(titleMenu.some((m: { command: string; when: string }) => m.command === 'livepeer.uploads.clearFinished' && m.when === 'view == livepeer.uploads'));
    await vscode.commands.executeCommand('livepeer.uploads.clearFinished');
    const rows = await items();
    assert.ok(!rows.some((i) => i.contextValue === 'upload done'));
    assert.ok(rows.some((i) => i.contextValue === 'upload failed'), 'failed rows stay until retried or removed');
  });

  it('an entry of an uploaded asset that globalState brings back (a late write echo) is dropped, never offered for resuming', async () => {
    const storage = new InMemoryStore();
    const log = vscode.window.createOutputChannel('Livepeer echo test', { log: true });
    const manager = new UploadQueue({ session: api.session, storage, log, watcher: new AssetWatcher(api.session), chunkSizeMiB: () => 1, concurrency: () => 2 });
    try {
      let whileRunning: unknown;
      manager.onDidProgress(() => (whileRunning ??= storage.get(UPLOADS_STORAGE_KEY)));
      const [run] = await manager.enqueue([{ filePath: file('clip three.webm'), name: 'echoed', method: 'tus' }]);
      done(await run.finished);
      assert.ok(whileRunning, 'the entry was stored while uploading');
      await storage.update(UPLOADS_STORAGE_KEY, whileRunning);
      assert.deepEqual(await manager.interrupted(), []);
      assert.equal(storage.get(UPLOADS_STORAGE_KEY), undefined, 'removed from storage too');
    } finally {
      manager.dispose();
      log.dispose();
    }
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

    /** Uploads the batch slowly and waits until two are under way (past their first chunk) and the rest queued. */
    async function startBatch(names: string[]): Promise<{ finished: Thenable<UploadOutcome[]> }> {
      // Slow enough that the checks below run long before the first file is done, even on a busy machine.
      slowIngest(2 * STOP_WINDOW_MS);
      const finished = upload(names.map(uri), { method: 'tus' });
      const expected = [...names.slice(2).map(() => 'upload queued'), 'upload running tus: past 1 MiB', 'upload running tus: past 1 MiB'];
      const seen = new Set<string>();
      await eventually(async () => {
        const rows = (await items()).filter((i) => i.upload);
        const states = rows.map((i) => `${i.contextValue}${i.contextValue === 'upload running tus' && i.upload!.progress.bytesSent >= MiB ? ': past 1 MiB' : ''}`);
        seen.add(states.sort().join(', '));
        assert.deepEqual(states, expected, `two at once, the rest queued (seen: ${[...seen].join(' | ')})`);
      });
      return { finished };
    }

    it('queues them with the concurrency limit under one progress notification; Pause All stops the batch and Resume All continues it', async () => {
      const shownBefore = api.uploads.feedback.notificationsShown;
      let most = 0;
      const watch = api.uploads.manager.onDidChange(() => (most = Math.max(most, api.uploads.manager.runningUploads.length)));
      try {
        const { finished } = await startBatch(batchFiles);
        assert.equal(api.uploads.feedback.notificationsShown, shownBefore + 1, 'one notification for the batch');
        await eventually(() => assert.match(api.uploads.feedback.progressText, /^0 of 4 files done · [\d.]+ MB of 84 MB · [\d.]+ [kM]B\/s( · \d+ (s|min) left)?$/));

        await vscode.commands.executeCommand('livepeer.uploads.pauseAll');
        assert.deepEqual((await finished).map((o) => o.status), ['paused', 'paused', 'paused', 'paused']);
        const pausedMessage = await eventually(() => {
          const message = lastMessage(/uploads paused/);
          assert.ok(message, 'the batch says it is paused');
          return message;
        });
        assert.match(pausedMessage.message, /^Livepeer: uploads paused with [\d.]+ MB left: 0 of 4 videos uploaded, 4 paused\.$/, 'paused, not a final result');
        assert.deepEqual(pausedMessage.actions, ['Resume All', 'Show Uploads']);
        const rows = await items();
        assert.equal(rows.filter((i) => i.contextValue === 'upload paused').length, 2, rows.map((i) => `${i.contextValue} ${i.label} ${i.description}`).join(' | '));
        assert.deepEqual(rows.filter((i) => i.contextValue === 'upload held').map((i) => i.description), ['paused · not started', 'paused · not started']);
        emulator.faults.clear();

        const outcomes = await vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.resumeAll');
        assert.equal(outcomes.length, 4);
        for (const result of outcomes.map(done)) await assertSameBytes(result.assetId, path.basename(batchFiles.find((f) => f === result.assetName)!));
        assert.equal(outcomes.map(done).filter((r) => r.resumed).length, 2, 'the paused two continued on their assets');
        assert.deepEqual(storedNames(await items()), [], 'nothing left to resume');
        assert.ok(most <= 2, `never more than 2 at once (saw ${most})`);
        assert.equal(api.uploads.feedback.notificationsShown, shownBefore + 2, 'one more for the continued batch');
        assert.match(lastMessage(/videos uploaded/)!.message, /^Livepeer: 4 of 4 videos uploaded\.$/);
      } finally {
        watch.dispose();
      }
    });

    it('cancelling the batch stops every file and asks once about all unfinished assets', async () => {
      const { finished } = await startBatch(cancelFiles);
      const assetIds = api.uploads.manager.runningUploads.map((u) => u.assetId!);
      const requestUploads = emulator.requests.filter((r) => r.url === '/api/asset/request-upload').length;
      answer((request) => {
        assert.ok(request.kind === 'message' && request.modal);
        assert.equal(request.message, 'Delete the 2 unfinished assets from Studio?');
        assert.deepEqual(request.actions, ['Delete Assets']);
        return 'Delete Assets';
      });
      await api.uploads.feedback.cancelBatch();
      assert.deepEqual((await finished).map((o) => o.status), ['cancelled', 'cancelled', 'cancelled']);
      for (const assetId of assetIds) await assertLeftNothing(assetId);
      assert.equal(emulator.requests.filter((r) => r.url === '/api/asset/request-upload').length, requestUploads, 'the queued file never created an asset');
      assert.ok(!(await items()).some((i) => i.upload || i.entry), 'nothing left running, queued or stored');
    });
  });

  it('a file that changes during a resumable upload is noticed at the next chunk, with a short message', async () => {
    makeFile(file('growing.mp4'), 48 * MiB + 3);
    slowIngest(STOP_WINDOW_MS);
    const finished = upload([uri('growing.mp4')], { name: 'growing.mp4', method: 'tus' });
    const running = await runningUpload();
    assert.equal(running.name, 'growing.mp4');
    fs.appendFileSync(file('growing.mp4'), 'more frames');
    const [outcome] = await finished;
    assert.equal(outcome.status, 'failed');
    // The change lands at 2 chunks sent or soon after; the next chunk's read notices it.
    assert.ok(patchBytes(running.assetId!) <= 4 * CHUNK_MIB * MiB, `stopped soon after the change, not at the end (${patchBytes(running.assetId!)} bytes sent)`);
    const message = await eventually(() => lastMessage(/growing\.mp4 changed/)!.message);
    assert.equal(message, 'Livepeer: growing.mp4 changed during the upload, so the upload stopped. Upload it again once the file is complete.');
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
    assert.match(text, /Upload of “My first clip” finished: asset [\w-]+, 3\.\d MB; sent 3\.\d MB in [\d.]+ m?s \([\d.]+ [kMG]B\/s\)/);
    assert.ok(!/ 0\.0 [kMG]?B\/s/.test(text), 'no rate of zero');
    assert.match(text, /Upload of “never” failed: /);
    assert.ok(!text.includes(TOKEN));
    assert.ok(!/token=(?!\*\*\*)/.test(text), 'no upload token in the log');
    assert.ok(!JSON.stringify(asked).includes(TOKEN));
  });
});
