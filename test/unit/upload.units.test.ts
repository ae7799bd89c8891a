import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  InMemoryStore,
  JsonFileStore,
  UPLOADS_STORAGE_KEY,
  VIDEO_EXTENSIONS,
  chunkBytes,
  discardUpload,
  isVideoFile,
  listInterruptedUploads,
  mediaTypeOf,
  type InterruptedUpload,
} from '../../src/upload';
import { EstimateGate } from '../../src/upload/estimate';
import { ProgressMeter, type UploadProgress } from '../../src/upload/progress';
import { TusUrlStorage, fingerprintOf } from '../../src/upload/tus/urlStorage';
import { UploadRegistry } from '../../src/upload/store/registry';
import { uploadHttpError } from '../../src/upload/uploadErrors';
import { redact } from '../../src/api/core/redact';
import { TempDir } from './helpers/uploadFiles';

describe('upload engine units', () => {
  describe('content types', () => {
    it('maps video extensions, case-insensitively, and unknown ones to octet-stream', () => {
      const cases: Record<string, string> = {
        'a.mp4': 'video/mp4',
        'A.MOV': 'video/quicktime',
        'b.m4v': 'video/x-m4v',
        'c.webm': 'video/webm',
        'd.mkv': 'video/x-matroska',
        'e.avi': 'video/x-msvideo',
        'f.ts': 'video/mp2t',
        'g.mpeg': 'video/mpeg',
        'g.mpg': 'video/mpeg',
        'h.flv': 'video/x-flv',
        'i.3gp': 'video/3gpp',
        'j.ogv': 'video/ogg',
        'k.wmv': 'video/x-ms-wmv',
        '/dir.mp4/clip': 'application/octet-stream',
        'notes.txt': 'application/octet-stream',
        'noext': 'application/octet-stream',
        'x.constructor': 'application/octet-stream',
        'x.toString': 'application/octet-stream',
      };
      for (const [file, type] of Object.entries(cases)) assert.equal(mediaTypeOf(file), type, file);
    });

    it('exports the extension list the explorer menu uses', () => {
      for (const ext of ['mp4', 'mov', 'm4v', 'webm', 'mkv', 'avi', 'ts', 'mpeg', 'mpg', 'flv', '3gp', 'ogv', 'wmv']) assert.ok(VIDEO_EXTENSIONS.includes(ext), ext);
      assert.ok(VIDEO_EXTENSIONS.every((ext) => ext === ext.toLowerCase() && !ext.startsWith('.')));
      assert.ok(Object.isFrozen(VIDEO_EXTENSIONS));
      assert.ok(isVideoFile('x.MKV'));
      assert.ok(!isVideoFile('x.json'));
    });
  });

  describe('tus chunk sizes', () => {
    it('are whole multiples of 8 MiB, at least 8, whatever is asked for', () => {
      const MiB = 1024 * 1024;
      const cases: Array<[number | undefined, number]> = [
        [undefined, 64], [1, 8], [0.5, 8], [7.99, 8], [8, 8], [10, 8], [13, 8], [15.9, 8], [16, 16], [20, 16], [40, 40], [64, 64], [100, 96], [4096, 4096],
      ];
      for (const [asked, mib] of cases) assert.equal(chunkBytes(asked), mib * MiB, `asked ${asked}`);
      assert.equal(chunkBytes(Infinity), Infinity, 'the whole file in one PATCH stays possible');
      for (const bad of [0, -8, NaN, -Infinity, '16' as unknown as number]) assert.throws(() => chunkBytes(bad), /chunk size must be a positive number/);
    });
  });

  describe('progress', () => {
    it('smooths the rate (EWMA) and derives the ETA', () => {
      let now = 0;
      const seen: UploadProgress[] = [];
      const meter = new ProgressMeter(100 * 1000, (p) => seen.push(p), 0, () => now);
      for (let i = 1; i <= 10; i++) {
        now = i * 1000;
        meter.update(i * 5000); // 5000 B/s
      }
      const last = seen.at(-1)!;
      assert.ok(Math.abs(last.bytesPerSecond - 5000) < 1, String(last.bytesPerSecond));
      assert.ok(Math.abs(last.etaSeconds! - 10) < 0.01);
      // A sudden burst moves the average only part of the way.
      now = 11_000;
      meter.update(50_000 + 20_000);
      const burst = seen.at(-1)!;
      assert.ok(burst.bytesPerSecond > 5000 && burst.bytesPerSecond < 20_000, String(burst.bytesPerSecond));
      assert.equal(burst.fraction, 0.7);
    });

    it('gives no time-left estimate until 2 s after the first byte and 5% of the bytes (8 MiB at most) are sent', () => {
      let now = 0;
      const meter = new ProgressMeter(100 * 1000, undefined, 20 * 1000, () => now);
      now = 500;
      meter.update(30 * 1000); // a fast start: 10 kB in 0.5 s
      assert.ok(meter.snapshot().bytesPerSecond > 0, 'the rate is shown at once');
      assert.equal(meter.snapshot().etaSeconds, undefined, 'but no estimate after 0.5 s');
      now = 1_900;
      meter.update(31 * 1000);
      assert.equal(meter.snapshot().etaSeconds, undefined, 'nor after 1.4 s since the first byte');
      now = 2_600;
      meter.update(32 * 1000);
      assert.ok(meter.snapshot().etaSeconds! > 0, '2 s after the first byte, with 12 kB of 80 kB to send');

      const gate = new EstimateGate(() => now);
      now = 0;
      assert.equal(gate.ready(0, 1000), false, 'nothing sent');
      assert.equal(gate.ready(100, 1000), false, 'the first byte starts the clock');
      now = 2_000;
      assert.equal(gate.ready(49, 1000), false, 'less than 5% sent');
      assert.equal(gate.ready(50, 1000), true);
      const big = 10 * 2 ** 30;
      assert.equal(gate.ready(8 * 2 ** 20 - 1, big), false);
      assert.equal(gate.ready(8 * 2 ** 20, big), true, '8 MiB is enough of a big file');
    });

    it('throttles callbacks but always reports when forced', () => {
      let now = 0;
      let calls = 0;
      const meter = new ProgressMeter(1000, () => calls++, 0, () => now);
      for (let i = 0; i < 100; i++) {
        now += 1;
        meter.update(i);
      }
      assert.equal(calls, 1);
      meter.update(1000, true);
      assert.equal(calls, 2);
      assert.equal(meter.snapshot().etaSeconds, 0);
    });

    it('takes a lower count after a retry without a negative rate', () => {
      let now = 0;
      const meter = new ProgressMeter(1000, undefined, 0, () => now);
      now = 1000;
      meter.update(600);
      now = 2000;
      meter.update(400);
      assert.equal(meter.snapshot().bytesSent, 400);
      assert.ok(meter.snapshot().bytesPerSecond >= 0);
    });
  });

  describe('token redaction and upload error wording', () => {
    it('replaces every token value', () => {
      assert.equal(redact('https://h/api/asset/upload/direct?token=eyJ.a.b&x=1'), 'https://h/api/asset/upload/direct?token=***&x=1');
      assert.equal(redact('https://h/p?a=1&token=abc'), 'https://h/p?a=1&token=***');
    });

    it('explains upload-origin statuses in upload terms, never echoing the token', () => {
      const url = 'https://ingest/api/asset/upload/direct?token=SECRET';
      const e403 = uploadHttpError('PUT', url, 403, '{"errors":["Invalid signed upload URL: bad token=SECRET"]}', 'direct');
      assert.equal(e403.kind, 'forbidden');
      assert.doesNotMatch(e403.message, /API token|SECRET/);
      assert.match(e403.message, /token=\*\*\*/);
      const e422 = uploadHttpError('PUT', url, 422, '{"errors":["asset has already been uploaded"]}', 'direct');
      assert.equal(e422.kind, 'validation');
      assert.match(e422.message, /start a new upload/);
      const e500 = uploadHttpError('PATCH', 'https://ingest/api/asset/upload/tus/abc', 500, 'boom', 'tus');
      assert.equal(e500.kind, 'server');
      assert.match(e500.message, /can be resumed/);
      const e404 = uploadHttpError('HEAD', 'https://ingest/api/asset/upload/tus/abc', 404, '', 'tus');
      assert.match(e404.message, /no longer has this resumable upload/);
    });
  });

  describe('stores and the interrupted-upload list', () => {
    let dir: TempDir;
    beforeEach(() => (dir = new TempDir('upload-store-')));
    afterEach(() => dir.remove());

    const entry = (id: string, startedAt: number): InterruptedUpload => ({
      id,
      filePath: `/videos/${id}.mp4`,
      fileSize: 1000,
      fileMtimeMs: 1,
      contentType: 'video/mp4',
      assetName: id,
      assetId: `asset-${id}`,
      playbackId: `pb-${id}`,
      taskId: `task-${id}`,
      bytesDone: 10,
      totalBytes: 1000,
      startedAt,
      updatedAt: startedAt,
      uploadUrl: `https://ingest/api/asset/upload/tus/${id}`,
      tusEndpoint: 'https://ingest/api/asset/upload/tus?token=SECRET',
      fingerprint: `fp-${id}`,
      metadata: { filename: `${id}.mp4`, filetype: 'video/mp4' },
      creationTime: 'then',
    });

    for (const [label, make] of [
      ['InMemoryStore', () => new InMemoryStore()],
      ['JsonFileStore', () => new JsonFileStore(dir.file('sub/uploads.json'))],
    ] as const) {
      it(`${label}: lists newest first without tokens, updates progress, discards`, async () => {
        const store = make();
        const registry = new UploadRegistry(store);
        await Promise.all([registry.put(entry('old', 1)), registry.put(entry('new', 2))]);
        const listed = await listInterruptedUploads(store);
        assert.deepEqual(listed.map((e) => e.id), ['new', 'old']);
        assert.ok(!JSON.stringify(listed).includes('SECRET'));
        assert.deepEqual(Object.keys(listed[0]).sort(), [
          'assetId', 'assetName', 'bytesDone', 'contentType', 'fileMtimeMs', 'filePath', 'fileSize', 'id', 'playbackId', 'startedAt', 'taskId', 'totalBytes', 'updatedAt', 'uploadUrl',
        ]);
        await registry.patch('old', { bytesDone: 500 });
        assert.equal(registry.get('old')?.bytesDone, 500);
        assert.equal(await discardUpload(store, 'old'), true);
        assert.equal(await discardUpload(store, 'old'), false);
        assert.deepEqual((await listInterruptedUploads(store)).map((e) => e.id), ['new']);
        if (store instanceof JsonFileStore) {
          const reread = new JsonFileStore(store.filePath);
          assert.deepEqual((await listInterruptedUploads(reread)).map((e) => e.id), ['new']);
          assert.deepEqual(fs.readdirSync(dir.file('sub')), ['uploads.json'], 'no temp files left behind');
        }
      });
    }

    it('JsonFileStore writes atomically: concurrent updates all land, a torn file is never read', async () => {
      const file = dir.file('kv.json');
      const store = new JsonFileStore(file);
      await Promise.all(Array.from({ length: 50 }, (_, i) => store.update(`k${i}`, { i })));
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      assert.equal(Object.keys(data).length, 50);
      fs.writeFileSync(file, '{"broken": ');
      assert.equal(new JsonFileStore(file).get('broken'), undefined, 'an unreadable file starts empty');
    });

    it('JsonFileStore shared by two processes: every entry of both lands', async () => {
      const file = dir.file('shared.json');
      const child = path.join(__dirname, 'helpers', 'registryChild.js');
      const run = (prefix: string) =>
        new Promise<void>((resolve, reject) =>
          execFile(process.execPath, [child, file, prefix, '25'], (err, _out, stderr) => (err ? reject(new Error(`${prefix}: ${stderr || err.message}`)) : resolve())),
        );
      await Promise.all([run('a'), run('b')]);
      const ids = (await listInterruptedUploads(new JsonFileStore(file))).map((e) => e.id).sort();
      assert.equal(ids.length, 50, `entries kept: ${ids.length}`);
      assert.deepEqual(fs.readdirSync(dir.path), ['shared.json'], 'no lock or temp file left behind');
    });

    it('JsonFileStore sees what another store object on the same file wrote, and takes over a dead writer\'s lock', async () => {
      const file = dir.file('two.json');
      const one = new JsonFileStore(file);
      const two = new JsonFileStore(file);
      await one.update('a', 1);
      await two.update('b', 2);
      assert.equal(one.get('b'), 2);
      fs.writeFileSync(`${file}.lock`, '999999999');
      await one.update('c', 3);
      assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { a: 1, b: 2, c: 3 });
    });

    it('TusUrlStorage: adds entries with the asset context, finds them by file fingerprint, throttles progress', async () => {
      const store = new InMemoryStore();
      const storage = new TusUrlStorage(new UploadRegistry(store));
      const file = { path: '/videos/a.mp4', size: 1000, mtimeMs: 123.456 };
      storage.setContext({
        filePath: file.path, fileSize: file.size, fileMtimeMs: file.mtimeMs, contentType: 'video/mp4', assetName: 'A', assetId: 'asset-a',
        playbackId: 'pb', taskId: 't', totalBytes: 1000, startedAt: 5, tusEndpoint: 'https://ingest/tus?token=SECRET',
      });
      const key = await storage.addUpload(fingerprintOf(file), { size: 1000, metadata: { filename: 'a.mp4' }, creationTime: 'now', urlStorageKey: '', uploadUrl: 'https://ingest/tus/pb', parallelUploadUrls: null });
      const found = await storage.findUploadsByFingerprint(fingerprintOf({ ...file }));
      assert.equal(found.length, 1);
      assert.equal(found[0].urlStorageKey, key);
      assert.equal(found[0].uploadUrl, 'https://ingest/tus/pb');
      assert.equal((await storage.findUploadsByFingerprint(fingerprintOf({ ...file, mtimeMs: 124 }))).length, 0, 'another mtime is another file');
      await storage.recordProgress(100);
      await storage.recordProgress(200); // within a second: skipped
      assert.equal((await listInterruptedUploads(store))[0].bytesDone, 100);
      await storage.recordProgress(300, true);
      assert.equal((await listInterruptedUploads(store))[0].bytesDone, 300);
      await storage.removeUpload(key);
      assert.deepEqual(store.get(UPLOADS_STORAGE_KEY), undefined);
    });
  });
});
