import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { AssetWatcher, StudioClient } from '../../src/api';
import { FinishedUploads, InMemoryStore, UPLOADS_STORAGE_KEY, UploadQueue, type Logger, type UploadOutcome } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile, sha256File } from './helpers/uploadFiles';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';
const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };
const CHUNK_MIB = 8;

/**
 * What the next window finds of this one's uploads: the upload state over the same storage
 * (globalState in VS Code), built again as a window starts. Moved here from the extension-host
 * Uploads suite, which can build no second window (the extension hands tests no internals).
 */
describe('uploads across windows (no VS Code) against the emulator', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let client: StudioClient;
  let dir: TempDir;
  let storage: InMemoryStore;
  const open: Array<{ dispose(): void }> = [];

  /** A window's upload state over the shared storage. */
  function window(retryDelaysMs?: readonly number[], chunkMiB = CHUNK_MIB): UploadQueue {
    const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const watcher = new AssetWatcher({ client: () => client });
    const queue = new UploadQueue({ session: { client: () => client }, storage, log, watcher, chunkSizeMiB: () => chunkMiB, concurrency: () => 2, retryDelaysMs });
    open.push(watcher, queue);
    return queue;
  }

  const done = (outcome: UploadOutcome) => (outcome.status === 'done' ? outcome.result : assert.fail(`not uploaded: ${JSON.stringify(outcome)}`));
  const patchBytes = (assetId: string | undefined) => emu.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0);
  const requestUploads = () => emu.requests.filter((r) => r.url === '/api/asset/request-upload').length;

  before(async () => {
    dir = new TempDir();
    emu = await startEmulator({ processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'restart-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await emu?.close();
    dir?.remove();
  });

  beforeEach(() => (storage = new InMemoryStore()));

  afterEach(() => {
    for (const item of open.splice(0)) item.dispose();
    emu.faults.clear();
  });

  it('an upload cut by the network is kept as interrupted (not paused); the next window lists it and resumes it from its offset on the same asset', async () => {
    const file = makeFile(dir.file('cut take.mkv'), 28 * MiB + 999);
    // No retries, so the cut ends the run as a lost connection does once the retries ran out.
    const first = window([]);
    emu.faults.cutAfter({ ...TUS_PATCH, bytes: 3 * MiB + 100, times: 1 });
    const [run] = await first.enqueue([{ filePath: file, name: 'cut take', method: 'tus' }]);
    const outcome = await run.finished;
    assert.ok(outcome.status === 'failed' && outcome.resumable, JSON.stringify(outcome));
    first.dispose();

    const second = window();
    const [entry] = await second.interrupted();
    assert.deepEqual([entry?.assetId, entry?.assetName], [run.assetId, 'cut take']);
    assert.ok(!second.isPaused(entry), 'interrupted, so the next window offers to resume it');
    const before = requestUploads();
    const [resumed] = await second.resumeAll();
    const result = done(await resumed.finished);
    assert.ok(result.resumed);
    assert.equal(result.assetId, run.assetId, 'resumed on the same asset');
    assert.equal(requestUploads(), before, 'no new request-upload');
    assert.equal(await emu.uploadedSha256(result.assetId), await sha256File(file));
    assert.ok(patchBytes(result.assetId) - fs.statSync(file).size <= CHUNK_MIB * MiB, 'at most one chunk sent twice');
  });

  it('uploads running when the window closes are kept paused for the next one, which resumes each on its asset', async () => {
    const files = ['reload a.mp4', 'reload b.mp4'].map((name, i) => makeFile(dir.file(name), 30 * MiB + i));
    emu.faults.delay({ ...TUS_PATCH, ms: 200, times: 10_000 });
    const closing = window();
    const runs = await closing.enqueue(files.map((filePath, i) => ({ filePath, name: `reload ${i}`, method: 'tus' as const })));
    await waitFor(() => runs.every((run) => run.progress.bytesSent >= CHUNK_MIB * MiB), 30_000);
    closing.dispose();
    assert.deepEqual((await Promise.all(runs.map((run) => run.finished))).map((o) => o.status), ['paused', 'paused'], 'kept for the next window');
    emu.faults.clear();
    // The server answered what the closed window left, as it has by the time the next one resumes.
    await waitFor(() => emu.requests.filter((r) => runs.some((run) => run.assetId === r.assetId)).every((r) => r.status !== undefined), 10_000);

    const next = window();
    assert.deepEqual((await next.interrupted()).map((entry) => entry.assetId).sort(), runs.map((run) => run.assetId).sort());
    const before = requestUploads();
    const resumed = await next.resumeAll();
    const results = (await Promise.all(resumed.map((run) => run.finished))).map(done);
    assert.deepEqual(results.map((r) => r.assetId).sort(), runs.map((run) => run.assetId).sort(), 'each on its asset');
    assert.equal(requestUploads(), before);
    for (const [i, run] of runs.entries()) assert.equal(await emu.uploadedSha256(run.assetId!), await sha256File(files[i]));
  });

  it('finished uploads, uploaded and failed, are listed by the next window with the asset state last seen; kept 7 days', async () => {
    const file = makeFile(dir.file('finished.mp4'), 2 * MiB + 5);
    const first = window();
    const [ok] = await first.enqueue([{ filePath: file, name: 'uploaded', method: 'direct' }]);
    const { assetId } = done(await ok.finished);
    emu.faults.fail({ origin: 'ingest', method: 'PUT', path: /./, status: 500, body: 'disk full' });
    const [bad] = await first.enqueue([{ filePath: file, name: 'failed', method: 'direct' }]);
    assert.equal((await bad.finished).status, 'failed');
    await waitFor(() => first.finishedUploads.find((f) => f.assetId === assetId)?.assetStatus?.phase === 'ready', 15_000);
    const listed = first.finishedUploads;
    first.dispose();

    const next = window();
    assert.deepEqual(next.finishedUploads.map((f) => f.id), listed.map((f) => f.id), 'the next window lists them');
    assert.equal(next.finishedUploads.find((f) => f.assetId === assetId)?.assetStatus?.phase, 'ready', 'with the asset state last seen');
    assert.ok(next.finishedUploads.some((f) => f.name === 'failed' && !f.result));

    const trimmed = new InMemoryStore();
    const now = Date.now();
    const day = 24 * 3600_000;
    const record = { name: 'old', filePath: file, method: 'direct' as const };
    const list = new FinishedUploads(trimmed, () => now);
    await list.add({ ...record, id: 'six days', finishedAt: now - 6 * day });
    await list.add({ ...record, id: 'eight days', finishedAt: now - 8 * day });
    assert.deepEqual(list.all.map((f) => f.id), ['six days']);
    assert.deepEqual(new FinishedUploads(trimmed, () => now + 2 * day).all, [], 'trimmed by age when read');
  });

  it('an entry of an uploaded asset that the storage brings back (a late write echo) is dropped, never offered for resuming', async () => {
    const file = makeFile(dir.file('echoed.webm'), 2 * MiB + 5);
    const queue = window(undefined, 1);
    let whileRunning: unknown;
    queue.onDidProgress(() => (whileRunning ??= storage.get(UPLOADS_STORAGE_KEY)));
    const [run] = await queue.enqueue([{ filePath: file, name: 'echoed', method: 'tus' }]);
    done(await run.finished);
    assert.ok(whileRunning, 'the entry was stored while uploading');
    await storage.update(UPLOADS_STORAGE_KEY, whileRunning);
    assert.deepEqual(await queue.interrupted(), []);
    assert.equal(storage.get(UPLOADS_STORAGE_KEY), undefined, 'removed from storage too');
  });
});
