import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { StudioClient } from '../../src/api';
import { DownloadError, downloadFile, partPathOf } from '../../src/download/rangeDownload';
import { startEmulator, type Emulator } from '../emulator';
import { FIXTURES_DIR } from '../../src/localStudio/hlsFixture';

const TOKEN = 'demo-token';
const MP4 = fs.readFileSync(path.join(FIXTURES_DIR, 'clip.mp4'));
const MP4_PATH = /\.mp4$/;

describe('download (Range, resume) over real HTTP against the emulator’s CDN', () => {
  let emu: Emulator;
  let client: StudioClient;
  let dir: string;
  let url: string;
  const target = () => path.join(dir, 'video.mp4');
  /** The Range header of each request for the MP4, in order (undefined: the whole file asked). */
  const ranges = () => emu.requests.filter((r) => r.origin === 'ingest' && MP4_PATH.test(r.url)).map((r) => r.headers.range);

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    url = (await client.assets.get(asset.id)).downloadUrl ?? assert.fail('a ready asset has a download URL');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-download-'));
  });
  afterEach(async () => {
    await client.close();
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('downloads the whole file into the target, through a part file that is gone at the end', async () => {
    const seen: number[] = [];
    const result = await downloadFile({ url, target: target(), onProgress: (bytes, total) => (assert.equal(total, MP4.length), seen.push(bytes)) });
    assert.deepEqual(result, { bytes: MP4.length, resumedFrom: 0 });
    assert.ok(fs.readFileSync(target()).equals(MP4), 'byte for byte');
    assert.equal(fs.existsSync(partPathOf(target())), false);
    assert.equal(seen.at(-1), MP4.length);
    assert.deepEqual(ranges(), [undefined]);
  });

  it('a connection cut mid-way keeps the part beside the target; the next try asks only for the rest (Range) and the file is whole', async () => {
    emu.faults.cutBody({ origin: 'ingest', path: MP4_PATH, bytes: 40_000 });
    const error = await downloadFile({ url, target: target() }).then(() => assert.fail('the cut went unnoticed'), (e: unknown) => e);
    assert.ok(error instanceof DownloadError, String(error));
    const kept = fs.statSync(partPathOf(target())).size;
    assert.equal(error.kept, kept);
    assert.ok(kept > 0 && kept < MP4.length, `kept ${kept}`);
    assert.equal(fs.existsSync(target()), false, 'no file under the target’s name until it is whole');

    const result = await downloadFile({ url, target: target() });
    assert.deepEqual(result, { bytes: MP4.length, resumedFrom: kept });
    assert.deepEqual(ranges(), [undefined, `bytes=${kept}-`]);
    assert.ok(fs.readFileSync(target()).equals(MP4), 'byte for byte');
  });

  it('a cancel keeps what arrived, and the download continues from there', async () => {
    emu.faults.trickle({ origin: 'ingest', path: MP4_PATH, everyMs: 20 });
    const abort = new AbortController();
    const stopped = downloadFile({ url, target: target(), signal: abort.signal, onProgress: (bytes) => bytes > 0 && abort.abort() });
    await assert.rejects(stopped, (error: Error) => error.name === 'AbortError');
    const kept = fs.statSync(partPathOf(target())).size;
    assert.ok(kept > 0 && kept < MP4.length, `kept ${kept}`);
    const result = await downloadFile({ url, target: target() });
    assert.equal(result.resumedFrom, kept);
    assert.ok(fs.readFileSync(target()).equals(MP4));
  });

  it('a complete part is checked by its size (the server answers 416 to the range after it); a part larger than the file is refused and kept', async () => {
    /** A part left by a cut first try, then grown with `more` (as a crash before the rename leaves it). */
    const partOf = async (file: string, more: Buffer) => {
      emu.faults.cutBody({ origin: 'ingest', path: MP4_PATH, bytes: 40_000 });
      await assert.rejects(downloadFile({ url, target: file }), DownloadError);
      const kept = fs.statSync(partPathOf(file)).size;
      fs.appendFileSync(partPathOf(file), Buffer.concat([MP4.subarray(kept), more]));
    };
    await partOf(target(), Buffer.alloc(0));
    assert.deepEqual(await downloadFile({ url, target: target() }), { bytes: MP4.length, resumedFrom: MP4.length });
    assert.ok(fs.readFileSync(target()).equals(MP4));

    const other = path.join(dir, 'other.mp4');
    await partOf(other, Buffer.from('more'));
    await assert.rejects(downloadFile({ url, target: other }), /is not the file on the server .* delete .*other\.mp4\.part and download again/);
    assert.equal(fs.statSync(partPathOf(other)).size, MP4.length + 4, 'nothing deleted');
  });

  it('an error answer loses nothing; a part of unknown version is fetched again whole, which replaces it', async () => {
    fs.writeFileSync(partPathOf(target()), Buffer.from('stale bytes'));
    emu.faults.fail({ origin: 'ingest', path: MP4_PATH, status: 404, body: 'not found' });
    await assert.rejects(downloadFile({ url, target: target() }), /the server answered 404/);
    assert.equal(fs.readFileSync(partPathOf(target()), 'utf8'), 'stale bytes', 'a refusal loses nothing');

    const plain = http.createServer((_req, res) => res.writeHead(200, { 'Content-Length': String(MP4.length) }).end(MP4));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = plain.address() as AddressInfo;
      assert.deepEqual(await downloadFile({ url: `http://127.0.0.1:${port}/video.mp4`, target: target() }), { bytes: MP4.length, resumedFrom: 0 });
      assert.ok(fs.readFileSync(target()).equals(MP4), 'the stale part replaced, not appended to');
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
