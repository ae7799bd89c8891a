import assert from 'node:assert/strict';
import { AssetWatcher, StudioApiError, StudioClient } from '../../src/api';
import { InMemoryStore, UploadQueue, listInterruptedUploads, type FinishedUpload, type Logger, type Upload, type UploadOutcome } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile, sha256File } from './helpers/uploadFiles';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';
const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };

describe('UploadQueue (no VS Code) against the emulator', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let client: StudioClient;
  let dir: TempDir;
  let files: { a: string; b: string; c: string; big: string };
  let storage: InMemoryStore;
  let lines: string[];
  let concurrency: number;
  let watcher: AssetWatcher;
  let queue: UploadQueue;

  before(async () => {
    dir = new TempDir();
    files = {
      a: makeFile(dir.file('a.mp4'), 3 * MiB + 1),
      b: makeFile(dir.file('b.mp4'), 3 * MiB + 2),
      c: makeFile(dir.file('c.mp4'), 3 * MiB + 3),
      // Three 8 MiB chunks, so a stop can land after the first is stored.
      big: makeFile(dir.file('big.mov'), 20 * MiB + 7),
    };
    emu = await startEmulator({ processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'queue-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await emu?.close();
    dir?.remove();
  });

  beforeEach(() => {
    storage = new InMemoryStore();
    lines = [];
    concurrency = 2;
    const log: Logger = { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
    watcher = new AssetWatcher({ client: () => client });
    queue = new UploadQueue({ session: { client: () => client }, storage, log, watcher, chunkSizeMiB: () => 8, concurrency: () => concurrency, retryDelaysMs: [] });
  });

  afterEach(() => {
    queue.dispose();
    watcher.dispose();
    emu.faults.clear();
  });

  const done = (outcome: UploadOutcome) => (outcome.status === 'done' ? outcome.result : assert.fail(`not uploaded: ${JSON.stringify(outcome)}`));

  /** Starts `big` over tus and holds its second chunk, so it stops after the first one is stored. */
  async function heldBigUpload(): Promise<Upload> {
    emu.faults.delay({ ...TUS_PATCH, ms: 1 });
    emu.faults.delay({ ...TUS_PATCH, ms: 30_000 });
    const started = emu.requests.length;
    const [run] = await queue.enqueue([{ filePath: files.big, name: 'big', method: 'tus' }]);
    await waitFor(() => emu.requests.slice(started).filter((r) => r.method === 'PATCH').length === 2, 10_000);
    return run;
  }

  it('runs at most `concurrency` uploads at once, the rest queued; each is announced, ended with its bytes, and listed as finished', async () => {
    emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 100 });
    const queued: string[] = [];
    const ended: string[] = [];
    let most = 0;
    queue.onDidQueue((u) => queued.push(u.name));
    queue.onDidEnd(({ upload }) => ended.push(upload.name));
    queue.onDidChange(() => (most = Math.max(most, queue.runningUploads.length)));
    const runs = await queue.enqueue(['a', 'b', 'c'].map((name) => ({ filePath: files[name as 'a'], name, method: 'tus' as const })));
    assert.deepEqual([queue.runningUploads.length, queue.queuedUploads.length], [2, 1]);
    await assert.rejects(queue.enqueue([{ filePath: files.c, name: 'again', method: 'tus' }]), /c\.mp4 is already being uploaded/);
    const results = (await Promise.all(runs.map((run) => run.finished))).map(done);
    assert.equal(most, 2, 'never more than two at once');
    assert.deepEqual(queued, ['a', 'b', 'c']);
    assert.deepEqual([...ended].sort(), ['a', 'b', 'c']);
    for (const [i, name] of ['a', 'b', 'c'].entries()) assert.equal(await emu.uploadedSha256(results[i].assetId), await sha256File(files[name as 'a']));
    assert.deepEqual(queue.finishedUploads.map((f) => f.name).sort(), ['a', 'b', 'c']);
    assert.ok(lines.some((l) => /^info Upload of “a” finished: asset .+, 3\.1 MB; sent 3\.1 MB in /.test(l)), lines.join('\n'));
  });

  it('Pause All pauses a running tus upload (stored, marked paused) and holds a queued one; Resume All continues both, the paused one from its offset', async () => {
    concurrency = 1;
    const big = await heldBigUpload();
    const [small] = await queue.enqueue([{ filePath: files.a, name: 'small', method: 'tus' }]);
    assert.equal(small.phase, 'queued');
    await queue.pauseAll();
    assert.deepEqual([(await big.finished).status, (await small.finished).status], ['paused', 'paused']);
    assert.deepEqual(queue.heldUploads, [small]);
    const [entry] = await queue.interrupted();
    assert.equal(entry.assetId, big.assetId);
    assert.ok(queue.isPaused(entry), 'paused by the user, not interrupted');
    emu.faults.clear();

    const again = await queue.resumeAll();
    assert.equal(again.length, 2);
    const results = (await Promise.all(again.map((u) => u.finished))).map(done);
    const resumed = results.find((r) => r.assetId === big.assetId);
    assert.ok(resumed?.resumed, 'the paused one continued on its asset');
    assert.equal(await emu.uploadedSha256(big.assetId!), await sha256File(files.big));
    assert.deepEqual([queue.heldUploads, await queue.interrupted()], [[], []]);
    assert.ok(!queue.isPaused(entry));
  });

  it('Cancel stops a tus upload for good (entry dropped, tus upload ended) and returns its asset, which deleteLeftovers deletes', async () => {
    const run = await heldBigUpload();
    const deleted: string[] = [];
    queue.history.onDidDeleteAsset((id) => deleted.push(id));
    const leftovers = await queue.cancel([run]);
    assert.deepEqual(leftovers, [{ assetId: run.assetId, name: 'big' }]);
    assert.deepEqual(await listInterruptedUploads(storage), []);
    assert.deepEqual(emu.requests.filter((r) => r.method === 'DELETE' && r.assetId === run.assetId).map((r) => r.status), [204], 'the tus upload ended');
    assert.ok(queue.finishedUploads.some((f) => f.cancelled && f.assetId === run.assetId), 'listed as cancelled, asset kept');

    await queue.history.deleteLeftovers(leftovers);
    assert.ok(!emu.store.assets.has(run.assetId!));
    assert.deepEqual(deleted, [run.assetId]);
    assert.deepEqual(queue.finishedUploads, [], 'its row goes with the asset');
  });

  it('a failed direct upload is listed with its error; Retry deletes its empty asset and uploads again', async () => {
    emu.faults.fail({ origin: 'ingest', method: 'PUT', path: /./, status: 500, body: 'disk full' });
    const [run] = await queue.enqueue([{ filePath: files.a, name: 'fails', method: 'direct' }]);
    const outcome = await run.finished;
    assert.ok(outcome.status === 'failed' && !outcome.resumable && outcome.error instanceof StudioApiError);
    const [record] = queue.finishedUploads;
    assert.equal(record.assetId, run.assetId);
    assert.match(record.error ?? '', /disk full/);
    assert.ok(lines.some((l) => l.startsWith('error Upload of “fails” failed: ')));

    const [retried] = await queue.retry(record);
    assert.ok(emu.store.deletedAssetIds.has(run.assetId!), 'the empty asset of the failed run was deleted');
    assert.notEqual(done(await retried.finished).assetId, run.assetId);
  });

  it('follows an uploaded asset until it is processed and announces it settled', async () => {
    const settled: FinishedUpload[] = [];
    queue.history.onDidSettle((record) => settled.push(record));
    const [run] = await queue.enqueue([{ filePath: files.b, name: 'processed', method: 'direct' }]);
    const { assetId } = done(await run.finished);
    await waitFor(() => settled.length > 0, 15_000);
    assert.equal(settled[0].assetId, assetId);
    assert.equal(settled[0].assetStatus?.phase, 'ready');
    assert.equal(queue.finishedUploads[0].assetStatus?.phase, 'ready', 'the row shows it too');
    assert.ok(lines.includes(`info Asset ${assetId} (“processed”) is ready`));
  });
});
