import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { request } from 'undici';
import { StudioApiError, StudioClient } from '../../src/api';
import { InMemoryStore, listInterruptedUploads, resumeUpload, uploadVideo } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile, sha256File, tusOffset } from './helpers/uploadFiles';

const TOKEN = 'demo-token';
const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };

/**
 * The emulator in S3 mode stores tus uploads as the real service does (@tus/s3-store 1.0.0, 8 MiB
 * parts, on a local S3 stand-in), quirks included. These tests show it is as unkind as the service
 * and that the engine still lands every upload byte-identical.
 */
describe('tus uploads on the S3 store (the real service\'s)', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let client: StudioClient;
  let dir: TempDir;
  let file: string;
  let fileSha: string;

  before(async () => {
    dir = new TempDir('upload-s3-');
    file = makeFile(dir.file('take.mp4'), 41 * MiB + 12_345);
    fileSha = await sha256File(file);
    emu = await startEmulator({ tusStore: 's3', processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'upload-s3-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await emu?.close();
    dir?.remove();
  });

  afterEach(() => emu.faults.clear());

  it('misbehaves like the service: plain tus PATCHes of 10 MiB get 409 and a smaller offset, and the stored file is not the file', async () => {
    const ticket = await client.assets.requestUpload('raw 10 MiB');
    const size = fs.statSync(file).size;
    const created = await request(ticket.tusEndpoint, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size) },
    });
    await created.body.dump();
    assert.equal(created.statusCode, 201);
    const location = String(created.headers.location);
    const patch = async (offset: number) => {
      const length = Math.min(10 * MiB, size - offset);
      const body = Buffer.alloc(length);
      const fd = fs.openSync(file, 'r');
      fs.readSync(fd, body, 0, length, offset);
      fs.closeSync(fd);
      const res = await request(location, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body,
      });
      await res.body.dump();
      return { status: res.statusCode, offset: Number(res.headers['upload-offset']) };
    };
    const head = async () => {
      const res = await request(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
      await res.body.dump();
      return Number(res.headers['upload-offset']);
    };

    assert.deepEqual(await patch(0), { status: 204, offset: 10 * MiB });
    assert.equal((await patch(10 * MiB)).status, 409, 'the 2 MiB remainder is read back under the wrong name');
    assert.equal(await head(), 8 * MiB);

    // A client that re-sends from the offset HEAD reports, as the tus protocol says to.
    let offset = 8 * MiB;
    for (let round = 0; round < 20 && offset < size; round++) {
      const answer = await patch(offset);
      offset = answer.status === 204 ? answer.offset : await head();
    }
    assert.notEqual(await emu.uploadedSha256(ticket.asset.id), fileSha, 'the stored file is corrupt or was never completed');
  });

  for (const chunkSizeMiB of [1, 10, 13, 20, 64]) {
    it(`the engine with chunkSizeMiB ${chunkSizeMiB} lands byte-identical`, async () => {
      const result = await uploadVideo({ client, filePath: file, name: `chunks ${chunkSizeMiB}`, method: 'tus', chunkSizeMiB, retryDelaysMs: [] });
      assert.equal(await emu.uploadedSha256(result.assetId), fileSha);
      const patches = emu.requests.filter((r) => r.method === 'PATCH' && r.assetId === result.assetId);
      assert.ok(patches.every((r) => r.status === 204), patches.map((r) => r.status).join(','));
      assert.ok(patches.slice(0, -1).every((r) => r.bodyBytes % (8 * MiB) === 0), 'every PATCH but the last is a whole number of 8 MiB parts');
    });
  }

  it('paused inside a 64 MiB chunk: reports and stores the offset the server kept (its HEAD), not 0%', async () => {
    const storage = new InMemoryStore();
    const controller = new AbortController();
    // Larger than the chunk: however late the pause lands on a loaded machine, the upload cannot end in it.
    const long = makeFile(dir.file('long take.mp4'), 100 * MiB + 777);
    // Paused once 20 MiB of the first (and only) chunk are on their way: the store keeps whole 8 MiB parts of them.
    const paused = await uploadVideo({
      client,
      filePath: long,
      name: 'paused mid-chunk',
      method: 'tus',
      chunkSizeMiB: 64,
      storage,
      retryDelaysMs: [],
      signal: controller.signal,
      onProgress: (p) => p.bytesSent >= 20 * MiB && setImmediate(() => controller.abort()),
    }).catch((err: unknown) => err);
    assert.ok(paused instanceof StudioApiError && paused.kind === 'aborted', String(paused));
    const [entry] = await listInterruptedUploads(storage);
    // The store may still be writing a part that was on its way when the pause came (a late write, as
    // the service's S3 store does): the offset read now can be past the one read at the pause, never before it.
    const kept = await tusOffset(entry.uploadUrl!);
    const stored = entry.bytesDone;
    assert.ok(stored >= 8 * MiB && stored % (8 * MiB) === 0 && stored <= kept, `stored (what a resume and the Uploads row use): an offset the server reported, whole parts (${stored}; the server now has ${kept})`);
    assert.match(paused.message, new RegExp(`^upload paused at ${Math.floor((stored / fs.statSync(long).size) * 100)}%`), paused.message);
    // With the retries a user has: the store may still be writing the paused PATCH's last part, which
    // answers a resume's PATCH 409 until it is done (the service's late write); the retry then lands.
    const result = await resumeUpload({ client, entry, storage, chunkSizeMiB: 64 });
    assert.equal(await emu.uploadedSha256(result.assetId), await sha256File(long));
  });

  it('a PATCH cut mid-request keeps only whole 8 MiB parts; the resume lands byte-identical', async () => {
    const storage = new InMemoryStore();
    // The second 16 MiB PATCH is cut 11 MiB in: the store keeps one 8 MiB part of it.
    emu.faults.delay({ ...TUS_PATCH, times: 1, ms: 1 });
    emu.faults.cutAfter({ ...TUS_PATCH, bytes: 11 * MiB });
    let failed: unknown;
    await uploadVideo({ client, filePath: file, name: 'cut', method: 'tus', chunkSizeMiB: 16, storage, retryDelaysMs: [] }).catch((err: unknown) => (failed = err));
    assert.ok(failed instanceof StudioApiError && failed.kind === 'network', String(failed));
    const [entry] = await listInterruptedUploads(storage);
    assert.equal(entry.bytesDone, 16 * MiB, 'stored: what the server confirmed');
    // The server goes on storing the part it finished after the client saw the cut (the tus server
    // takes no lock); a resume at once could meet a moving offset (409, retried by default). Wait
    // until HEAD reports the whole part it kept, so the offsets below are exact.
    const headOffset = () => tusOffset(entry.uploadUrl!);
    let kept = await headOffset();
    for (let i = 0; i < 100 && kept !== 24 * MiB; i++) {
      await new Promise((r) => setTimeout(r, 50));
      kept = await headOffset();
    }
    assert.equal(kept, 24 * MiB, 'of the cut 11 MiB, one whole 8 MiB part is kept');
    const result = await resumeUpload({ client, entry, storage, chunkSizeMiB: 16, retryDelaysMs: [] });
    assert.equal(result.assetId, entry.assetId);
    assert.equal(await emu.uploadedSha256(entry.assetId), fileSha);
    const head = emu.requests.filter((r) => r.method === 'HEAD' && r.assetId === entry.assetId).at(-1);
    assert.equal(head?.status, 200);
    const resent = emu.requests.filter((r) => r.method === 'PATCH' && r.assetId === entry.assetId).reduce((sum, r) => sum + r.bodyBytes, 0) - result.bytes;
    assert.equal(resent, 3 * MiB, 'only the unfinished part of the cut PATCH is sent again');
  });
});
