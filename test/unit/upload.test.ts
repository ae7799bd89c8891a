import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StudioApiError, StudioClient } from '../../src/api';
import type { UploadRequest } from '../../src/api/assets/types';
import {
  DEFAULT_CHUNK_SIZE_MIB,
  InMemoryStore,
  JsonFileStore,
  listInterruptedUploads,
  resumeUpload,
  uploadVideo,
  type IssuedUpload,
  type UploadProgress,
  type UploadRequester,
} from '../../src/upload';
import { describeProgress } from '../../src/ui/uploads/progressText';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile, sha256File, tusOffset } from './helpers/uploadFiles';

const TOKEN = 'demo-token';
const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };
/** Short waits between tus retries so fault tests stay fast. */
const FAST_RETRIES = [0, 50, 100, 200];

async function rejection(promise: Promise<unknown>): Promise<StudioApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof StudioApiError, `expected StudioApiError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the upload to fail');
}

describe('upload engine against the emulator', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let client: StudioClient;
  let dir: TempDir;
  let small: string;
  let big: string;
  let bigSha: string;

  before(async () => {
    dir = new TempDir();
    small = makeFile(dir.file('small clip.mp4'), 3 * MiB + 12_345);
    big = makeFile(dir.file('big.mov'), 64 * MiB + 4_321);
    bigSha = await sha256File(big);
    emu = await startEmulator({ processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'upload-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await emu?.close();
    dir?.remove();
  });

  afterEach(() => emu.faults.clear());

  const ingestRequests = (assetId?: string) => emu.requests.filter((r) => r.origin === 'ingest' && (!assetId || r.assetId === assetId));
  const requestUploadCalls = () => emu.requests.filter((r) => r.origin === 'api' && r.url.startsWith('/api/asset/request-upload')).length;
  const patchBytes = (assetId: string) => ingestRequests(assetId).filter((r) => r.method === 'PATCH').reduce((sum, r) => sum + r.bodyBytes, 0);

  async function phaseOf(assetId: string): Promise<string | undefined> {
    return (await client.assets.get(assetId)).status?.phase;
  }

  /** Captures the ticket so a test can reuse or damage it. */
  function capturingClient(change?: (ticket: UploadRequest) => UploadRequest): UploadRequester & { tickets: UploadRequest[] } {
    const tickets: UploadRequest[] = [];
    return {
      tickets,
      assets: {
        get: (id, signal) => client.assets.get(id, signal),
        async requestUpload(name, signal) {
          const ticket = change ? change(await client.assets.requestUpload(name, signal)) : await client.assets.requestUpload(name, signal);
          tickets.push(ticket);
          return ticket;
        },
      },
    };
  }

  describe('direct and tus uploads', () => {
    for (const [label, method, file] of [
      ['direct, small', 'direct', () => small],
      ['direct, 64 MiB', 'direct', () => big],
      ['tus, small', 'tus', () => small],
      ['tus, 64 MiB (8 MiB chunks)', 'tus', () => big],
    ] as const) {
      it(`${label}: arrives byte-identical and leaves "uploading"`, async () => {
        const filePath = file();
        const progress: UploadProgress[] = [];
        const storage = new InMemoryStore();
        const result = await uploadVideo({ client, filePath, name: `  ${label}  `, method, chunkSizeMiB: 8, storage, onProgress: (p) => progress.push(p) });
        const size = fs.statSync(filePath).size;
        assert.equal(result.method, method);
        assert.equal(result.bytes, size);
        assert.equal(result.assetName, label);
        assert.equal(result.resumed, false);
        assert.ok(result.playbackId && result.taskId && result.durationMs > 0);
        assert.equal(await emu.uploadedSha256(result.assetId), filePath === big ? bigSha : await sha256File(filePath));
        assert.notEqual(await phaseOf(result.assetId), 'uploading');
        const last = progress.at(-1)!;
        assert.equal(last.bytesSent, size);
        assert.equal(last.etaSeconds, 0);
        assert.ok(progress.every((p, i) => i === 0 || p.bytesSent >= progress[i - 1].bytesSent));
        assert.deepEqual(await listInterruptedUploads(storage), [], 'no entry left after success');
        const put = ingestRequests(result.assetId).find((r) => r.method === 'PUT' || r.method === 'POST');
        if (method === 'direct') {
          assert.equal(put?.headers['content-type'], filePath === big ? 'video/quicktime' : 'video/mp4');
          assert.equal(put?.headers['content-length'], String(size));
        } else {
          const patches = ingestRequests(result.assetId).filter((r) => r.method === 'PATCH');
          assert.equal(patches.length, Math.ceil(size / (8 * MiB)));
          assert.match(String(put?.headers['upload-metadata']), /filename /);
        }
      });
    }

    it('auto picks direct below the threshold and tus above it', async () => {
      const a = await uploadVideo({ client, filePath: small, name: 'auto small', method: 'auto' });
      const b = await uploadVideo({ client, filePath: big, name: 'auto big' });
      assert.equal(a.method, 'direct');
      assert.equal(b.method, 'tus');
      assert.equal(await emu.uploadedSha256(b.assetId), bigSha);
    });

    it('never sends the API token to the upload origin', () => {
      const ingest = ingestRequests();
      assert.ok(ingest.length > 10);
      for (const r of ingest) {
        assert.equal(r.headers.authorization, undefined, `${r.method} ${r.url} carried an authorization header`);
        assert.ok(!JSON.stringify({ url: r.url, headers: r.headers }).includes(TOKEN), `${r.method} ${r.url} carried the API token`);
      }
      assert.ok(emu.requests.filter((r) => r.origin === 'api').every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
    });
  });

  describe('resume', () => {
    it('an aborted tus upload resumes on the same asset from the server offset', async () => {
      const storage = new InMemoryStore();
      const controller = new AbortController();
      const chunkSizeMiB = 8;
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 60 });
      const calls = requestUploadCalls();
      const first = await rejection(
        uploadVideo({
          client, filePath: big, name: 'resume me', method: 'tus', chunkSizeMiB, storage, signal: controller.signal,
          onProgress: (p) => p.bytesSent >= p.totalBytes / 2 && controller.abort(),
        }),
      );
      assert.equal(first.kind, 'aborted');
      assert.match(first.message, /resumed/);
      const [entry] = await listInterruptedUploads(storage);
      assert.ok(entry, 'the interrupted upload is listed');
      assert.equal(entry.filePath, big);
      assert.equal(entry.assetName, 'resume me');
      assert.ok(entry.bytesDone > 0 && entry.bytesDone < entry.totalBytes, `bytesDone ${entry.bytesDone}`);
      assert.ok(!JSON.stringify(entry).includes('token='), 'the listed entry carries no upload token');
      assert.equal(await emu.uploadedSha256(entry.assetId), undefined);
      assert.equal(await phaseOf(entry.assetId), 'uploading');
      emu.faults.clear();

      const second = await uploadVideo({ client, filePath: big, name: 'resume me', method: 'tus', chunkSizeMiB, storage });
      assert.equal(second.resumed, true);
      assert.equal(second.assetId, entry.assetId);
      assert.equal(requestUploadCalls(), calls + 1, 'the resume did not request a new upload');
      assert.equal(await emu.uploadedSha256(entry.assetId), bigSha);
      const resent = patchBytes(entry.assetId) - fs.statSync(big).size;
      assert.ok(resent <= chunkSizeMiB * MiB, `re-sent ${resent} bytes`);
      assert.ok(second.bytesTransferred < fs.statSync(big).size);
      assert.deepEqual(await listInterruptedUploads(storage), []);
    });

    it('a connection cut by the server mid-PATCH resumes within one chunk', async () => {
      const storage = new InMemoryStore();
      const chunkSizeMiB = 16;
      // Cut the third PATCH 5 MiB in; without retries the run fails and leaves the entry.
      emu.faults.delay({ ...TUS_PATCH, times: 2, ms: 1 });
      emu.faults.cutAfter({ ...TUS_PATCH, bytes: 5 * MiB });
      const failed = await rejection(uploadVideo({ client, filePath: big, name: 'cut', method: 'tus', chunkSizeMiB, storage, retryDelaysMs: [] }));
      assert.equal(failed.kind, 'network');
      assert.match(failed.message, /resume/);
      assert.ok(!failed.message.includes('token=') || failed.message.includes('token=***'));
      const [entry] = await listInterruptedUploads(storage);
      assert.ok(entry);
      const result = await resumeUpload({ client, entry, storage, chunkSizeMiB });
      assert.equal(result.assetId, entry.assetId);
      assert.equal(result.resumed, true);
      assert.equal(await emu.uploadedSha256(entry.assetId), bigSha);
      const resent = patchBytes(entry.assetId) - fs.statSync(big).size;
      assert.ok(resent <= chunkSizeMiB * MiB, `re-sent ${resent} bytes`);
    });

    it('with retries, a cut connection is resumed within the same run', async () => {
      emu.faults.cutAfter({ ...TUS_PATCH, bytes: 3 * MiB });
      const result = await uploadVideo({ client, filePath: big, name: 'cut and retried', method: 'tus', chunkSizeMiB: 16, retryDelaysMs: FAST_RETRIES });
      assert.equal(await emu.uploadedSha256(result.assetId), bigSha);
      assert.ok(patchBytes(result.assetId) - result.bytes <= 16 * MiB);
    });

    it('while it retries a server that does not answer, says so instead of a frozen rate, and stops saying it once the server answers', async () => {
      emu.faults.delay({ ...TUS_PATCH, times: 1, ms: 1 });
      emu.faults.cutAfter({ ...TUS_PATCH, bytes: 3 * MiB, times: 3 });
      const reports: UploadProgress[] = [];
      const result = await uploadVideo({ client, filePath: big, name: 'retried', method: 'tus', chunkSizeMiB: 16, retryDelaysMs: FAST_RETRIES, onProgress: (p) => reports.push(p) });
      assert.equal(await emu.uploadedSha256(result.assetId), bigSha);
      const retrying = reports.filter((p) => p.retrying);
      assert.ok(retrying.length, 'a report while retrying');
      for (const report of retrying) {
        assert.equal(report.bytesPerSecond, 0, 'no rate of before the failure');
        assert.match(describeProgress(report), /^\d+% · retrying \(server not answering\)$/);
      }
      assert.equal(reports.at(-1)?.retrying, undefined, 'done, not retrying');
    });

    it('continues after the uploading process was SIGKILLed, from its JSON-file storage', async () => {
      const storePath = dir.file('uploads.json');
      const child = path.join(__dirname, 'helpers', 'uploadChild.js');
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 60 });
      const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
        const proc = execFile(process.execPath, [child, emu.apiUrl, TOKEN, big, storePath, '8', '0.5'], (_err, stdout, stderr) =>
          resolve({ code: proc.exitCode, signal: proc.signalCode, stdout, stderr }),
        );
      });
      emu.faults.clear();
      assert.equal(outcome.signal, 'SIGKILL', `child ended with ${outcome.code} ${outcome.stdout} ${outcome.stderr}`);
      const storage = new JsonFileStore(storePath);
      const [entry] = await listInterruptedUploads(storage);
      assert.ok(entry, 'the new process finds the interrupted upload');
      assert.equal(entry.assetName, 'restart test');
      assert.equal(await emu.uploadedSha256(entry.assetId), undefined);
      const calls = requestUploadCalls();
      const result = await uploadVideo({ client, filePath: big, name: 'restart test', method: 'tus', chunkSizeMiB: 8, storage });
      assert.equal(result.resumed, true);
      assert.equal(result.assetId, entry.assetId);
      assert.equal(requestUploadCalls(), calls);
      assert.equal(await emu.uploadedSha256(entry.assetId), bigSha);
      const resent = patchBytes(entry.assetId) - result.bytes;
      assert.ok(resent <= 8 * MiB, `re-sent ${resent} bytes`);
      assert.deepEqual(await listInterruptedUploads(new JsonFileStore(storePath)), [], 'the entry is gone from the file');
    });

    it('auto continues an interrupted tus upload of the same file even below the tus threshold', async () => {
      const storage = new InMemoryStore();
      const controller = new AbortController();
      // Slower than the 200 ms between progress reports, so the abort comes before the PATCH is answered.
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 300 });
      const first = await rejection(
        uploadVideo({ client, filePath: small, name: 'small resumable', method: 'tus', chunkSizeMiB: 8, storage, signal: controller.signal, onProgress: (p) => p.bytesSent > MiB && controller.abort() }),
      );
      assert.equal(first.kind, 'aborted');
      emu.faults.clear();
      const [entry] = await listInterruptedUploads(storage);
      const result = await uploadVideo({ client, filePath: small, name: 'small resumable', method: 'auto', storage });
      assert.equal(result.method, 'tus');
      assert.equal(result.resumed, true);
      assert.equal(result.assetId, entry.assetId);
      assert.equal(await emu.uploadedSha256(entry.assetId), await sha256File(small));
    });

    it('an interrupted upload records its account, and a new upload of the same file for another account does not continue it', async () => {
      const storage = new InMemoryStore();
      const controller = new AbortController();
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 300 });
      await rejection(
        uploadVideo({ client, filePath: small, name: 'A upload', method: 'tus', chunkSizeMiB: 8, storage, account: 'profile-a', signal: controller.signal, onProgress: (p) => p.bytesSent > MiB && controller.abort() }),
      );
      emu.faults.clear();
      const [entry] = await listInterruptedUploads(storage);
      assert.equal(entry.account, 'profile-a');
      const other = await uploadVideo({ client, filePath: small, name: 'B upload', method: 'tus', storage, account: 'profile-b' });
      assert.equal(other.resumed, false);
      assert.notEqual(other.assetId, entry.assetId, 'a new asset, not A’s');
      assert.deepEqual((await listInterruptedUploads(storage)).map((e) => [e.id, e.account]), [[entry.id, 'profile-a']], 'A’s entry is kept for A');
      const own = await uploadVideo({ client, filePath: small, name: 'A upload', method: 'auto', storage, account: 'profile-a' });
      assert.deepEqual([own.resumed, own.assetId], [true, entry.assetId]);
    });

    it('a resume that finishes while another live process holds the storage lock reports success, not "locked"', async () => {
      const file = dir.file('locked-uploads.json');
      const controller = new AbortController();
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 60 });
      await rejection(
        uploadVideo({
          client, filePath: big, name: 'locked', method: 'tus', chunkSizeMiB: 8, storage: new JsonFileStore(file), signal: controller.signal,
          onProgress: (p) => p.bytesSent >= p.totalBytes / 2 && controller.abort(),
        }),
      );
      emu.faults.clear();
      const [entry] = await listInterruptedUploads(new JsonFileStore(file));
      const holder = spawn(process.execPath, [path.join(__dirname, 'helpers', 'lockChild.js'), `${file}.lock`, 'hold'], { stdio: ['ignore', 'pipe', 'inherit'] });
      try {
        await once(holder.stdout, 'data');
        const storage = new JsonFileStore(file, { lockWaitMs: 200 });
        const result = await resumeUpload({ entry, storage, client, chunkSizeMiB: 8 });
        assert.equal(result.assetId, entry.assetId);
        assert.equal(await emu.uploadedSha256(entry.assetId), bigSha);
      } finally {
        holder.kill('SIGKILL');
      }
    });

    it('resumeUpload refuses a file that changed or vanished, keeping the entry', async () => {
      const filePath = makeFile(dir.file('changing.mp4'), 20 * MiB);
      const storage = new InMemoryStore();
      const controller = new AbortController();
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: 300 });
      await rejection(
        uploadVideo({ client, filePath, name: 'changes', method: 'tus', chunkSizeMiB: 8, storage, signal: controller.signal, onProgress: (p) => p.bytesSent > 4 * MiB && controller.abort() }),
      );
      const [entry] = await listInterruptedUploads(storage);
      fs.appendFileSync(filePath, 'more');
      const changed = await rejection(resumeUpload({ client, entry, storage }));
      assert.equal(changed.kind, 'config');
      assert.match(changed.message, /changed since the upload started/);
      fs.rmSync(filePath);
      const vanished = await rejection(resumeUpload({ client, entry, storage }));
      assert.equal(vanished.kind, 'config');
      assert.match(vanished.message, /does not exist/);
      assert.equal((await listInterruptedUploads(storage)).length, 1);
    });
  });

  describe('faults', () => {
    it('tus PATCH answered 500 twice, then fine: completes', async () => {
      emu.faults.fail({ ...TUS_PATCH, times: 2, status: 500 });
      const from = emu.requests.length;
      const result = await uploadVideo({ client, filePath: big, name: '500 twice', method: 'tus', chunkSizeMiB: 32, retryDelaysMs: FAST_RETRIES });
      assert.equal(await emu.uploadedSha256(result.assetId), bigSha);
      // Fault answers come before the handler, so they carry no assetId: count them by position.
      assert.equal(emu.requests.slice(from).filter((r) => r.origin === 'ingest' && r.status === 500).length, 2);
    });

    it('tus PATCH failing with 5xx beyond the retries: a server error that says it can be resumed', async () => {
      emu.faults.html502({ ...TUS_PATCH, times: 10 });
      const storage = new InMemoryStore();
      const err = await rejection(uploadVideo({ client, filePath: small, name: '502', method: 'tus', storage, retryDelaysMs: [0, 10] }));
      assert.equal(err.kind, 'server');
      assert.equal(err.status, 502);
      assert.match(err.message, /502 Bad Gateway.*resumed/);
      assert.ok(!err.message.includes('<'));
      assert.equal((await listInterruptedUploads(storage)).length, 1);
    });

    it('connection cut mid direct upload: a clear network error, nothing stored', async () => {
      emu.faults.cutAfter({ origin: 'ingest', method: 'PUT', path: /upload\/direct/, bytes: 2 * MiB });
      const capture = capturingClient();
      const err = await rejection(uploadVideo({ client: capture, filePath: big, name: 'cut direct', method: 'direct' }));
      assert.equal(err.kind, 'network');
      assert.match(err.message, /direct upload did not complete.*upload again/);
      assert.match(err.message, /token=\*\*\*/);
      assert.ok(!err.message.includes(new URL(capture.tickets[0].url).searchParams.get('token')!));
      assert.equal(await emu.uploadedSha256(capture.tickets[0].asset.id), undefined);
    });

    it('401 on request-upload: the API token error, nothing sent to the upload origin', async () => {
      const before = ingestRequests().length;
      const bad = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => 'wrong-token', userAgent: 'upload-test' });
      const err = await rejection(uploadVideo({ client: bad, filePath: small, name: 'no auth' }));
      assert.equal(err.kind, 'auth');
      assert.match(err.message, /API token/);
      assert.equal(ingestRequests().length, before);
    });

    it('an upload address used twice: "already uploaded" with what to do', async () => {
      let first: UploadRequest | undefined;
      const reuse: UploadRequester = {
        assets: {
          get: (id) => client.assets.get(id),
          requestUpload: async (name) => (first ??= await client.assets.requestUpload(name)),
        },
      };
      await uploadVideo({ client: reuse, filePath: small, name: 'once', method: 'direct' });
      const direct = await rejection(uploadVideo({ client: reuse, filePath: small, name: 'twice', method: 'direct' }));
      assert.equal(direct.kind, 'validation');
      assert.equal(direct.status, 422);
      assert.match(direct.message, /already received its file.*start a new upload/);
      const tus = await rejection(uploadVideo({ client: reuse, filePath: small, name: 'twice', method: 'tus', retryDelaysMs: [] }));
      assert.equal(tus.kind, 'validation');
      assert.match(tus.message, /already received its file/);
    });

    it('a damaged upload token: forbidden, token redacted', async () => {
      const damaged = capturingClient((t) => ({ ...t, url: t.url.replace(/token=([^&]+)/, 'token=$1x'), tusEndpoint: t.tusEndpoint.replace(/token=([^&]+)/, 'token=$1x') }));
      for (const method of ['direct', 'tus'] as const) {
        const err = await rejection(uploadVideo({ client: damaged, filePath: small, name: 'damaged', method, retryDelaysMs: [] }));
        assert.equal(err.kind, 'forbidden');
        assert.equal(err.status, 403);
        assert.match(err.message, /signed upload address/);
        const token = new URL(damaged.tickets.at(-1)!.url).searchParams.get('token')!;
        assert.ok(!err.message.includes(token.slice(0, 20)), err.message);
      }
    });
  });

  describe('what the engine reports is what the server holds', () => {
    /** Waits before each arrival check: short, so a missing file is reported within a second. */
    const FAST_CHECKS = [0, 50, 100, 200];

    it('a tus file that cannot be read for a moment keeps its entry, says why, and resumes byte-identical', async () => {
      const filePath = makeFile(dir.file('flaky read.mp4'), 24 * MiB + 7);
      const sha = await sha256File(filePath);
      const storage = new InMemoryStore();
      const aside = `${filePath}.aside`;
      let blocked = false;
      // Root reads files whatever their mode, so as root the path turns into a symlink loop instead:
      // both make opening fail with something other than "not found", as EACCES or EMFILE would.
      const block = () => {
        if (process.getuid?.() === 0) {
          fs.renameSync(filePath, aside);
          fs.symlinkSync(path.basename(filePath), filePath);
        } else fs.chmodSync(filePath, 0);
      };
      const unblock = () => {
        if (process.getuid?.() === 0) {
          fs.rmSync(filePath);
          fs.renameSync(aside, filePath);
        } else fs.chmodSync(filePath, 0o644);
      };
      emu.faults.delay({ ...TUS_PATCH, times: 1, ms: 300 });
      const err = await rejection(
        uploadVideo({
          client, filePath, name: 'flaky read', method: 'tus', chunkSizeMiB: 8, storage, retryDelaysMs: [],
          onProgress: () => {
            if (!blocked) {
              blocked = true;
              block();
            }
          },
        }).finally(() => blocked && unblock()),
      );
      assert.equal(err.kind, 'config');
      assert.match(err.message, /could not be read \((permission denied|ELOOP)\): the upload is kept; fix this and resume it/);
      assert.doesNotMatch(err.message, /changed/);
      const [entry] = await listInterruptedUploads(storage);
      assert.ok(entry, 'the entry is kept');
      const result = await resumeUpload({ client, entry, storage, chunkSizeMiB: 8 });
      assert.equal(result.assetId, entry.assetId);
      assert.equal(await emu.uploadedSha256(entry.assetId), sha);
    });

    it('a tus failure before the upload exists says to upload again, not that it can be resumed', async () => {
      emu.faults.fail({ origin: 'ingest', method: 'POST', path: /upload\/tus$/, status: 503 });
      const storage = new InMemoryStore();
      const err = await rejection(uploadVideo({ client, filePath: small, name: 'no creation', method: 'tus', storage, retryDelaysMs: [] }));
      assert.equal(err.status, 503);
      assert.doesNotMatch(err.message, /resum/);
      assert.match(err.message, /try again later/);
      assert.deepEqual(await listInterruptedUploads(storage), []);
    });

    it('stores and reports the offset the server holds (its answers, and its HEAD after a pause), not the bytes sent', async () => {
      const storage = new InMemoryStore();
      // The second PATCH is refused without its body being kept: 16 MiB were sent, the server holds 8.
      emu.faults.delay({ ...TUS_PATCH, times: 1, ms: 1 });
      emu.faults.fail({ ...TUS_PATCH, status: 500 });
      const from = emu.requests.length;
      const err = await rejection(uploadVideo({ client, filePath: big, name: 'confirmed only', method: 'tus', chunkSizeMiB: 8, storage, retryDelaysMs: [] }));
      assert.equal(err.status, 500);
      const [entry] = await listInterruptedUploads(storage);
      assert.equal(entry.bytesDone, 8 * MiB, 'what the server confirmed');
      const sent = emu.requests.slice(from).filter((r) => r.method === 'PATCH').reduce((sum, r) => sum + r.bodyBytes, 0);
      assert.ok(sent > 8 * MiB, `bytes sent ${sent}`);

      const controller = new AbortController();
      emu.faults.holdAnswer({ ...TUS_PATCH, times: 100, ms: 2_000 });
      const paused = await rejection(
        // Paused while the answer to the next PATCH is held: its 8 MiB went out, the server did not confirm them yet.
        resumeUpload({ client, entry, storage, chunkSizeMiB: 8, signal: controller.signal, onProgress: () => setTimeout(() => controller.abort(), 500) }),
      );
      assert.equal(paused.kind, 'aborted');
      // The server stored the PATCH whose answer it held: after a pause the engine asks it (HEAD).
      const held = await tusOffset(entry.uploadUrl!);
      assert.ok(held > 8 * MiB, `the server kept the held PATCH (${held})`);
      assert.equal((await listInterruptedUploads(storage))[0].bytesDone, held, 'stored: what the server holds');
      assert.match(paused.message, new RegExp(`paused at ${Math.floor((held / fs.statSync(big).size) * 100)}%`), paused.message);
    });

    it('cancelled while the direct PUT waits for its answer: says the file may have arrived', async () => {
      const capture = capturingClient();
      const controller = new AbortController();
      emu.faults.holdAnswer({ origin: 'ingest', method: 'PUT', path: /direct/, ms: 5_000 });
      // Cancel once the server has stored the file, while its answer is held back.
      const arrived = setInterval(() => {
        const ticket = capture.tickets[0];
        if (ticket && emu.store.uploadedFiles.has(ticket.asset.id)) controller.abort();
      }, 10);
      const err = await rejection(uploadVideo({ client: capture, filePath: small, name: 'answer lost', method: 'direct', signal: controller.signal })).finally(() => clearInterval(arrived));
      const assetId = capture.tickets[0].asset.id;
      assert.equal(err.kind, 'aborted');
      assert.match(err.message, new RegExp(`whole file was sent: it may have arrived; check asset ${assetId}`));
      assert.doesNotMatch(err.message, /not uploaded/);
      assert.equal(await emu.uploadedSha256(assetId), await sha256File(small), 'the server did get it all');
    });

    for (const method of ['direct', 'tus'] as const) {
      it(`${method}: an asset that stays "uploading" after the last byte is reported as not received, never success`, async () => {
        // The service answers request-upload for one asset and stores the bytes for another, so the
        // asset the upload is about never leaves "uploading", as when a store loses the end of a file.
        const other = await client.assets.requestUpload('never filled');
        const swapped = capturingClient((t) => ({ ...t, asset: other.asset }));
        const err = await rejection(uploadVideo({ client: swapped, filePath: small, name: 'lost', method, arrivalCheckDelaysMs: FAST_CHECKS }));
        assert.equal(err.kind, 'server');
        assert.match(err.message, new RegExp(`service did not receive the whole file: asset ${other.asset.id} is still "uploading" .*upload the file again`));
        assert.equal(await phaseOf(other.asset.id), 'uploading');
      });
    }

    it('an arrival check the service cannot answer is reported, never success', async () => {
      emu.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/asset\/[^/]+$/, status: 503, times: FAST_CHECKS.length });
      const err = await rejection(uploadVideo({ client, filePath: small, name: 'unchecked', method: 'direct', arrivalCheckDelaysMs: FAST_CHECKS }));
      assert.equal(err.kind, 'server');
      assert.match(err.message, /file was sent, but the service could not confirm it arrived \(service error HTTP 503.*check asset /);
    });

    it('a direct retry reuses a young upload address, and asks for a new one once it is 12 hours old', async () => {
      const issued: IssuedUpload[] = [];
      emu.faults.cutAfter({ origin: 'ingest', method: 'PUT', path: /direct/, bytes: MiB });
      const clock = { now: 1_000_000 };
      const now = () => clock.now;
      await rejection(uploadVideo({ client, filePath: small, name: 'retry me', method: 'direct', now, onUploadRequested: (i) => issued.push(i) }));
      assert.equal(issued.length, 1);
      assert.equal(issued[0].requestedAt, 1_000_000);
      const calls = requestUploadCalls();

      clock.now += 10 * 3_600_000;
      const young = await uploadVideo({ client, filePath: small, name: 'retry me', method: 'direct', now, reuseUpload: issued[0], onUploadRequested: (i) => issued.push(i) });
      assert.equal(young.assetId, issued[0].request.asset.id, 'same asset, same address');
      assert.equal(requestUploadCalls(), calls);

      clock.now += 2 * 3_600_000;
      const old = await uploadVideo({ client, filePath: small, name: 'retry me', method: 'direct', now, reuseUpload: issued[0], onUploadRequested: (i) => issued.push(i) });
      assert.equal(requestUploadCalls(), calls + 1, 'a 12-hour-old address is replaced by a new request-upload');
      assert.notEqual(old.assetId, issued[0].request.asset.id);
      assert.equal(issued.length, 2);
      assert.equal(await emu.uploadedSha256(old.assetId), await sha256File(small));
    });
  });

  describe('bad input: a clear config error and no request', () => {
    let requestsBefore: number;
    beforeEach(() => (requestsBefore = emu.requests.length));
    afterEach(() => assert.equal(emu.requests.length, requestsBefore, 'no request was sent'));

    const cases: Array<[string, () => string, string, RegExp]> = [
      ['missing file', () => dir.file('nope.mp4'), 'x', /does not exist/],
      ['a directory', () => dir.path, 'x', /is a folder/],
      ['a zero-byte file', () => (fs.writeFileSync(dir.file('empty.mp4'), ''), dir.file('empty.mp4')), 'x', /empty \(0 bytes\)/],
      ['an empty name', () => small, '   ', /asset name is empty/],
      ['an empty path', () => '', 'x', /no file given/],
    ];
    for (const [label, file, name, message] of cases) {
      it(label, async () => {
        const err = await rejection(uploadVideo({ client, filePath: file(), name }));
        assert.equal(err.kind, 'config');
        assert.match(err.message, message);
      });
    }

    it('a bad chunk size or method', async () => {
      assert.equal((await rejection(uploadVideo({ client, filePath: small, name: 'x', chunkSizeMiB: -1 }))).kind, 'config');
      assert.equal((await rejection(uploadVideo({ client, filePath: small, name: 'x', method: 'ftp' as 'tus' }))).kind, 'config');
    });

    it('an unreadable file (checked as an unprivileged user)', async function () {
      if (process.getuid?.() !== 0) {
        const locked = makeFile(dir.file('locked.mp4'), 1000);
        fs.chmodSync(locked, 0);
        const err = await rejection(uploadVideo({ client, filePath: locked, name: 'x' }));
        assert.equal(err.kind, 'config');
        assert.match(err.message, /permission denied/);
        return;
      }
      // Root reads anything: run the check in a child process as "nobody".
      const locked = makeFile(path.join('/tmp', `locked-${process.pid}.mp4`), 1000);
      fs.chmodSync(locked, 0);
      const script = `require(${JSON.stringify(path.resolve(__dirname, '../../src/upload/fileSource.js'))}).inspectFile(${JSON.stringify(locked)}).then(() => console.log('read'), (e) => console.log(e.kind + ': ' + e.message))`;
      try {
        const out = await new Promise<string>((resolve, reject) =>
          execFile(process.execPath, ['-e', script], { uid: 65534, gid: 65534 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))),
        );
        assert.match(out, /^config: .*permission denied/);
      } catch (err) {
        if (/EPERM|Cannot find module|EACCES/.test(String(err))) this.skip();
        throw err;
      } finally {
        fs.rmSync(locked, { force: true });
      }
    });
  });

  describe('a file that changes during the upload', () => {
    for (const method of ['direct', 'tus'] as const) {
      it(`${method}: detected, the upload fails clearly and nothing claims success`, async () => {
        const filePath = makeFile(dir.file(`growing-${method}.mp4`), 24 * MiB);
        const storage = new InMemoryStore();
        const capture = capturingClient();
        let grown = false;
        emu.faults.delay({ ...(method === 'tus' ? TUS_PATCH : { origin: 'ingest', method: 'PUT', path: /direct/ }), times: 100, ms: 20 });
        const err = await rejection(
          uploadVideo({
            client: capture, filePath, name: 'growing', method, chunkSizeMiB: 4, storage, retryDelaysMs: FAST_RETRIES,
            // The first report comes as the first body starts; later ones are 200 ms apart, and a
            // fast machine can finish all chunks within that, so grow the file at the first one.
            onProgress: () => {
              if (!grown) {
                grown = true;
                fs.appendFileSync(filePath, Buffer.alloc(1000, 1));
              }
            },
          }),
        );
        assert.equal(err.kind, 'config');
        assert.match(err.message, /changed during the upload \(its size changed from 25165824 to 25166824 bytes\)/);
        assert.equal(await emu.uploadedSha256(capture.tickets[0].asset.id), undefined);
        assert.equal(await phaseOf(capture.tickets[0].asset.id), 'uploading');
        assert.deepEqual(await listInterruptedUploads(storage), [], 'a changed file is not offered for resuming');
      });
    }
  });

  describe('cancel', () => {
    it('direct: stops promptly, nothing claims success', async () => {
      const controller = new AbortController();
      // Cancel 50 ms into the (delayed) PUT: counted from the ticket, so a slow request-upload on a
      // loaded machine cannot move the cancel before it.
      let abortedAt = 0;
      const capture = capturingClient((ticket) => {
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort();
        }, 50);
        return ticket;
      });
      emu.faults.delay({ origin: 'ingest', method: 'PUT', path: /direct/, ms: 200 });
      const err = await rejection(uploadVideo({ client: capture, filePath: big, name: 'cancel direct', method: 'direct', signal: controller.signal }));
      // Counted from the cancel, not from the start: file checks and request-upload are not what is measured.
      assert.ok(abortedAt > 0 && Date.now() - abortedAt < 1000, 'stopped promptly');
      assert.equal(err.kind, 'aborted');
      assert.match(err.message, /cancelled/);
      assert.equal(await emu.uploadedSha256(capture.tickets[0].asset.id), undefined);
      assert.equal(await phaseOf(capture.tickets[0].asset.id), 'uploading');
    });

    it('tus: stops promptly and keeps the entry (pause)', async () => {
      const controller = new AbortController();
      const storage = new InMemoryStore();
      // The server holds every PATCH for HELD_MS: the pause lands first however loaded the machine is,
      // and a client that waited for the server's answer instead of stopping would take at least that long.
      const HELD_MS = 5_000;
      emu.faults.delay({ ...TUS_PATCH, times: 100, ms: HELD_MS });
      let abortedAt = 0;
      const err = await rejection(
        uploadVideo({
          client, filePath: big, name: 'pause', method: 'tus', chunkSizeMiB: DEFAULT_CHUNK_SIZE_MIB, storage, signal: controller.signal,
          onProgress: (p) => {
            if (!abortedAt && p.bytesSent > 0) {
              abortedAt = Date.now();
              controller.abort();
            }
          },
        }),
      );
      assert.ok(Date.now() - abortedAt < HELD_MS, 'stopped without waiting for the server to answer the PATCH it holds');
      assert.equal(err.kind, 'aborted');
      assert.match(err.message, /paused.*can be resumed/);
      const entries = await listInterruptedUploads(storage);
      assert.equal(entries.length, 1);
      assert.equal(await emu.uploadedSha256(entries[0].assetId), undefined);
    });

    it('an already aborted signal sends nothing', async () => {
      const before = emu.requests.length;
      const err = await rejection(uploadVideo({ client, filePath: small, name: 'x', signal: AbortSignal.abort() }));
      assert.equal(err.kind, 'aborted');
      assert.equal(emu.requests.length, before);
    });
  });
});
