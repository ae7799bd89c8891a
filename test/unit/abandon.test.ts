import assert from 'node:assert/strict';
import { StudioApiError, StudioClient } from '../../src/api';
import { InMemoryStore, listInterruptedUploads, terminateTusUpload, uploadVideo } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile } from './helpers/uploadFiles';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';

describe('terminateTusUpload (tus termination) against the emulator', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;
  let dir: TempDir;
  let video: string;

  before(async () => {
    dir = new TempDir();
    video = makeFile(dir.file('take.mp4'), 17 * MiB + 7);
    emu = await startEmulator({ processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'abandon-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await emu?.close();
    dir?.remove();
  });

  afterEach(() => emu.faults.clear());

  const head = (url: string) => fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } }).then((r) => r.status);

  /** A tus upload stopped during its second PATCH (the first 8 MiB confirmed), as a paused or cancelled one is. */
  async function unfinishedUpload(): Promise<{ uploadUrl: string; assetId: string }> {
    const storage = new InMemoryStore();
    const controller = new AbortController();
    const patch = { origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/ } as const;
    // The first PATCH goes through; the second is held until the cancel, so the upload stops there
    // whatever the load (throttled progress could otherwise report past the end of the file first).
    emu.faults.delay({ ...patch, ms: 1 });
    emu.faults.delay({ ...patch, ms: 30_000 });
    const run = uploadVideo({ client, filePath: video, name: 'stopped', method: 'tus', chunkSizeMiB: 8, storage, signal: controller.signal });
    const started = emu.requests.length;
    await waitFor(() => emu.requests.slice(started).filter((r) => r.method === 'PATCH').length === 2, 10_000);
    controller.abort();
    await assert.rejects(run, (err: unknown) => err instanceof StudioApiError && err.kind === 'aborted');
    emu.faults.clear();
    const [entry] = await listInterruptedUploads(storage);
    assert.ok(entry?.uploadUrl, 'the tus upload exists on the server');
    return { uploadUrl: entry.uploadUrl, assetId: entry.assetId };
  }

  it('ends an unfinished upload (204, HEAD then 404), and an upload already gone counts as ended', async () => {
    const { uploadUrl, assetId } = await unfinishedUpload();
    assert.equal(await head(uploadUrl), 200);
    await terminateTusUpload(uploadUrl);
    const deletes = emu.requests.filter((r) => r.method === 'DELETE' && r.assetId === assetId);
    assert.deepEqual(deletes.map((r) => r.status), [204]);
    assert.ok(!('authorization' in deletes[0].headers), 'no API token goes to the upload server');
    assert.equal(await head(uploadUrl), 404);
    await terminateTusUpload(uploadUrl);
  });

  it('says what failed when the server refuses, and that the upload expires on its own', async () => {
    const { uploadUrl } = await unfinishedUpload();
    emu.faults.fail({ origin: 'ingest', method: 'DELETE', path: /\/upload\/tus\/.+/, status: 503, body: 'busy' });
    await assert.rejects(terminateTusUpload(uploadUrl), (err: unknown) => {
      assert.ok(err instanceof StudioApiError);
      assert.equal(err.kind, 'server');
      assert.equal(err.status, 503);
      assert.match(err.message, /the upload server did not end the unfinished upload \(.*busy.*\): it expires on its own \(DELETE \/api\/asset\/upload\/tus\/.+ → 503\)/);
      return true;
    });
  });
});
