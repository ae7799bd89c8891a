import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DownloadError, downloadFile, partPathOf } from '../../src/download/rangeDownload';

/** One version of the file a server holds: its bytes and what its answers say of it. */
interface Version {
  bytes: Buffer;
  etag?: string;
  lastModified?: string;
}

/**
 * A file server over real HTTP whose file can be changed between tries. `honoursIfRange: false`
 * answers every Range with the current file's bytes (as a server or cache that ignores If-Range);
 * `cutAfter` closes the connection after that many bytes of the next answer.
 */
class FileServer {
  version: Version;
  honoursIfRange = true;
  cutAfter: number | undefined;
  noLength = false;
  readonly requests: http.IncomingHttpHeaders[] = [];
  private readonly server = http.createServer((req, res) => this.answer(req, res));

  constructor(first: Version) {
    this.version = first;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/video.mp4`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests.push(req.headers);
    const { bytes, etag, lastModified } = this.version;
    const validators = { ...(etag ? { ETag: etag } : {}), ...(lastModified ? { 'Last-Modified': lastModified } : {}) };
    const ifRange = req.headers['if-range'];
    const sameVersion = !ifRange || !this.honoursIfRange || ifRange === etag || ifRange === lastModified;
    const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? NaN);
    if (Number.isFinite(start) && sameVersion) {
      if (start >= bytes.length) return void res.writeHead(416, { ...validators, 'Content-Range': `bytes */${bytes.length}` }).end();
      res.writeHead(206, { ...validators, 'Content-Range': `bytes ${start}-${bytes.length - 1}/${bytes.length}`, 'Content-Length': String(bytes.length - start) });
      return this.send(res, bytes.subarray(start));
    }
    res.writeHead(200, { ...validators, ...(this.noLength ? {} : { 'Content-Length': String(bytes.length) }) });
    this.send(res, bytes);
  }

  private send(res: http.ServerResponse, bytes: Buffer): void {
    const cut = this.cutAfter;
    this.cutAfter = undefined;
    if (cut === undefined) return void res.end(bytes);
    res.write(bytes.subarray(0, cut), () => res.destroy());
  }
}

const versionA: Version = { bytes: randomBytes(300_000), etag: '"a"', lastModified: 'Mon, 02 Nov 2026 10:00:00 GMT' };
const versionB: Version = { bytes: randomBytes(320_000), etag: '"b"', lastModified: 'Tue, 03 Nov 2026 10:00:00 GMT' };

describe('download: a part is resumed only from the same version of the file (If-Range), over real HTTP', () => {
  let dir: string;
  let server: FileServer;
  let url: string;
  const target = () => path.join(dir, 'video.mp4');
  const part = () => partPathOf(target());

  /** A first try cut after `bytes`: the part and its version are kept; answers the part's size. */
  async function cutFirstTry(bytes: number): Promise<number> {
    server.cutAfter = bytes;
    const error = await downloadFile({ url, target: target() }).then(() => assert.fail('the cut went unnoticed'), (e: unknown) => e);
    assert.ok(error instanceof DownloadError, String(error));
    const kept = fs.statSync(part()).size;
    assert.ok(kept > 0, 'a part is kept');
    return kept;
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-download-versions-'));
    server = new FileServer(versionA);
    url = await server.start();
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('resumes the same version with If-Range (its ETag) and the file is whole', async () => {
    const kept = await cutFirstTry(100_000);
    assert.deepEqual(await downloadFile({ url, target: target() }), { bytes: versionA.bytes.length, resumedFrom: kept });
    assert.deepEqual(server.requests.map((h) => [h.range, h['if-range']]), [[undefined, undefined], [`bytes=${kept}-`, '"a"']]);
    assert.ok(fs.readFileSync(target()).equals(versionA.bytes));
    assert.deepEqual(fs.readdirSync(dir), ['video.mp4'], 'nothing left beside the file');
  });

  it('without an ETag, If-Range carries the Last-Modified date', async () => {
    server.version = { bytes: versionA.bytes, lastModified: versionA.lastModified };
    await cutFirstTry(50_000);
    await downloadFile({ url, target: target() });
    assert.equal(server.requests[1]?.['if-range'], versionA.lastModified);
    assert.ok(fs.readFileSync(target()).equals(versionA.bytes));
  });

  it('a file changed between tries: the server answers 200 to If-Range, which replaces the part; the file is the new version alone', async () => {
    await cutFirstTry(100_000);
    server.version = versionB;
    assert.deepEqual(await downloadFile({ url, target: target() }), { bytes: versionB.bytes.length, resumedFrom: 0 });
    assert.ok(fs.readFileSync(target()).equals(versionB.bytes), 'not a mix of two versions');
  });

  it('a server that ignores If-Range: a 206 of another total, or of another ETag, drops the part and starts again from zero', async () => {
    server.honoursIfRange = false;
    let kept = await cutFirstTry(100_000);
    server.version = versionB;
    assert.deepEqual(await downloadFile({ url, target: target() }), { bytes: versionB.bytes.length, resumedFrom: 0 });
    assert.deepEqual(server.requests.map((h) => h.range), [undefined, `bytes=${kept}-`, undefined], 'the whole file asked again');
    assert.ok(fs.readFileSync(target()).equals(versionB.bytes), 'another total: not a mix of two versions');

    // Same size, another ETag.
    fs.rmSync(target());
    server.version = versionA;
    server.requests.length = 0;
    kept = await cutFirstTry(100_000);
    const sameSize: Version = { bytes: randomBytes(versionA.bytes.length), etag: '"a2"' };
    server.version = sameSize;
    assert.deepEqual(await downloadFile({ url, target: target() }), { bytes: sameSize.bytes.length, resumedFrom: 0 });
    assert.deepEqual(server.requests.map((h) => h.range), [undefined, `bytes=${kept}-`, undefined]);
    assert.ok(fs.readFileSync(target()).equals(sameSize.bytes), 'another ETag: not a mix of two versions');
  });

  it('an answer without Content-Length stops a little after the listed size, says so and keeps nothing', async () => {
    const endless = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let sent = 0;
      // Up to 200 MB, as fast as the client takes it; stops when the client goes.
      const pump = () => {
        while (sent < 200 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/video.mp4`;
      let seen = 0;
      const error = await downloadFile({ url: address, target: target(), expectedBytes: 1_000_000, onProgress: (bytes) => (seen = bytes) }).then(
        () => assert.fail('an endless answer was taken'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof DownloadError, String(error));
      assert.match(error.message, /the server sent more than the 1000000 bytes listed for the file without saying its length; stopped after \d+ bytes and kept none of them/);
      assert.ok(seen <= 1_000_000 + 64 * 1024, `stopped near the listed size (${seen} bytes)`);
      assert.deepEqual(fs.readdirSync(dir), [], 'no part, no file');
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
});
