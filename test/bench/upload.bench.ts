/**
 * Upload benchmark (npm run bench; not part of npm test). On loopback against the emulator:
 *   references  curl --upload-file to the direct address; curl -X PATCH --upload-file of the
 *               whole file to a freshly created tus upload (creation POST not timed; curl's own
 *               time_total, so its process start-up is not counted either);
 *   ours        uploadVideo direct, and tus at 8/32/64/128 MiB chunks and whole-file, timed as
 *               the whole call (request-upload and tus creation included);
 *   memory      peak RSS of the uploader process per upload, over its idle RSS;
 *   resume      bytes re-sent after an abort at ~50% and a resume.
 * Runs are interleaved (ours, reference, ours, reference…) and each variant's figure is the
 * median of its per-pair ratios. The emulator and the uploader each run in their own process.
 * Environment: BENCH_SIZES_MIB (default 256,1024), BENCH_PAIRS (default 5).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { request } from 'undici';
import { StudioClient } from '../../src/api';
import { DEFAULT_CHUNK_SIZE_MIB, type UploadResult } from '../../src/upload';
import { MiB, TempDir, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { describeMachine, measureMachine, ratioTo } from './machineReference';
import { Remote } from './rpc';

const TOKEN = 'demo-token';
const SIZES_MIB = (process.env.BENCH_SIZES_MIB ?? '256,1024').split(',').map(Number);
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));
/** null = the whole file in one PATCH. */
const CHUNKS: Array<number | null> = [8, 32, 64, 128, null];

type UploadReply =
  | { ok: true; result: UploadResult; peakRss: number; sampledPeakRss: number }
  | { ok: false; error: string; kind?: string; assetId?: string; bytesDone?: number };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
const chunkLabel = (chunk: number | null): string => (chunk === null ? 'whole' : String(chunk));

/** Copies `file` into pieces of `pieceBytes` next to it (for the chunked curl reference). */
function splitFile(file: string, pieceBytes: number): string[] {
  const size = fs.statSync(file).size;
  const pieces: string[] = [];
  const buffer = Buffer.allocUnsafe(Math.min(pieceBytes, 4 * MiB));
  const input = fs.openSync(file, 'r');
  try {
    for (let offset = 0; offset < size; offset += pieceBytes) {
      const piece = `${file}.part${pieces.length}`;
      const output = fs.openSync(piece, 'w');
      try {
        for (let at = offset; at < Math.min(size, offset + pieceBytes); ) {
          const n = fs.readSync(input, buffer, 0, Math.min(buffer.length, offset + pieceBytes - at, size - at), at);
          fs.writeSync(output, buffer, 0, n);
          at += n;
        }
      } finally {
        fs.closeSync(output);
      }
      pieces.push(piece);
    }
  } finally {
    fs.closeSync(input);
  }
  return pieces;
}

function curl(args: string[]): Promise<{ status: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    execFile('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', ...args], (err, stdout, stderr) => {
      if (err) return reject(new Error(`curl failed: ${stderr || err.message}`));
      const [status, seconds] = stdout.trim().split(' ');
      resolve({ status: Number(status), seconds: Number(seconds) });
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0];
  // Before the emulator and uploader start, so the yardstick meets the machine as the figures do.
  const machine = measureMachine();
  process.stderr.write(`${describeMachine(machine)}\n`);
  const perCpu = (mibps: number) => String(ratioTo(mibps, machine.cpuTaskMiBps));
  const dir = new TempDir('upload-bench-');
  const outDir = __dirname;
  const emulator = await Remote.start(path.join(outDir, 'emulatorProcess.js'));
  let uploader: Remote | undefined;
  try {
    const info = await emulator.call<{ apiUrl: string; ingestOrigin: string }>('info');
    uploader = await Remote.start(path.join(outDir, 'uploaderProcess.js'), [info.apiUrl, TOKEN], ['--expose-gc']);
    const { idleRss } = await uploader.call<{ idleRss: number }>('idle');
    const client = new StudioClient({ baseUrl: info.apiUrl, getToken: () => TOKEN, userAgent: 'upload-bench' });

    /**
     * `mibps` is over the transfer (the PUT; tus creation through the last PATCH), the same span
     * curl's time_total covers; `endToEndMiBps` adds the file check and request-upload.
     */
    const ours = async (file: string, method: 'direct' | 'tus', chunkSizeMiB?: number | null) => {
      const reply = await uploader!.call<UploadReply>('upload', { file, method, chunkSizeMiB });
      if (!reply.ok) throw new Error(`our ${method} upload failed: ${reply.error}`);
      await emulator.call('purge');
      const { bytes, transferMs, durationMs } = reply.result;
      return { mibps: bytes / MiB / (transferMs / 1000), endToEndMiBps: bytes / MiB / (durationMs / 1000), peakRss: reply.peakRss };
    };
    // A POST is never retried by the API client; on loopback its only failure here is a kept-alive
    // connection that the emulator closed at the same moment, so ask once more.
    const requestUpload = (name: string) => client.assets.requestUpload(name).catch(() => client.assets.requestUpload(name));
    const curlDirect = async (file: string, size: number): Promise<number> => {
      const ticket = await requestUpload('bench curl');
      const { status, seconds } = await curl(['--upload-file', file, ticket.url]);
      if (status !== 200) throw new Error(`curl direct answered ${status}`);
      await emulator.call('purge');
      return size / MiB / seconds;
    };
    const createTus = async (size: number): Promise<string> => {
      const ticket = await requestUpload('bench curl tus');
      const created = await request(ticket.tusEndpoint, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size) } });
      await created.body.text();
      const location = created.headers.location;
      if (created.statusCode !== 201 || typeof location !== 'string') throw new Error(`tus creation answered ${created.statusCode}`);
      return location;
    };
    const curlTus = async (file: string, size: number): Promise<number> => {
      const location = await createTus(size);
      const { status, seconds } = await curl([
        '-X', 'PATCH', '-H', 'Tus-Resumable: 1.0.0', '-H', 'Upload-Offset: 0', '-H', 'Content-Type: application/offset+octet-stream', '--upload-file', file, location,
      ]);
      if (status !== 204) throw new Error(`curl tus PATCH answered ${status}`);
      await emulator.call('purge');
      return size / MiB / seconds;
    };

    /**
     * Extra reference, for the report: curl sending the same file as PATCHes of `pieces` (files of
     * one chunk each) over one kept-alive connection. It shows what the server's per-request cost
     * does to any client at that chunk size.
     */
    const curlTusChunked = async (pieces: string[], size: number): Promise<number> => {
      const location = await createTus(size);
      const args: string[] = [];
      let offset = 0;
      for (const piece of pieces) {
        if (args.length) args.push('--next');
        args.push('-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}\n', '-X', 'PATCH', '-H', 'Tus-Resumable: 1.0.0', '-H', `Upload-Offset: ${offset}`);
        args.push('-H', 'Content-Type: application/offset+octet-stream', '--upload-file', piece, location);
        offset += fs.statSync(piece).size;
      }
      const out = await new Promise<string>((resolve, reject) => execFile('curl', args, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))));
      const lines = out.trim().split('\n').map((line) => line.split(' '));
      if (lines.some(([status]) => status !== '204')) throw new Error(`curl chunked PATCH answered ${out}`);
      await emulator.call('purge');
      return size / MiB / lines.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
    };

    const perSize: Record<string, Record<string, unknown>> = {};
    const table: string[][] = [['file', 'what', 'ours MiB/s (÷ CPU task)', 'reference MiB/s (÷ CPU task)', 'ratio (median of pairs)', 'end-to-end MiB/s (ratio)', 'peak RSS over idle MiB']];
    for (const sizeMiB of SIZES_MIB) {
      const size = sizeMiB * MiB;
      const file = makeFile(dir.file(`bench-${sizeMiB}.mp4`), size);
      const sha = await sha256File(file);
      process.stderr.write(`\n${sizeMiB} MiB: `);

      // Correctness once per method before timing anything.
      for (const [method, chunk] of [['direct', undefined], ['tus', DEFAULT_CHUNK_SIZE_MIB]] as const) {
        const reply = await uploader.call<UploadReply>('upload', { file, method, chunkSizeMiB: chunk });
        if (!reply.ok || (await emulator.call<string>('sha256', reply.result.assetId)) !== sha) throw new Error(`${method} upload of ${sizeMiB} MiB did not arrive intact`);
        await emulator.call('purge');
      }

      const pieces = splitFile(file, DEFAULT_CHUNK_SIZE_MIB * MiB);
      const chunkedCurl: number[] = [];
      /** Our tus upload at the default chunk over curl sending the same pieces, pair by pair: the part the client controls. */
      const vsSameChunks: number[] = [];
      const series = () => ({ ours: [] as number[], ref: [] as number[], ratio: [] as number[], endToEnd: [] as number[], endToEndRatio: [] as number[], rss: [] as number[] });
      type Series = ReturnType<typeof series>;
      // Ours, then the reference right after it: one interleaved pair.
      const record = (into: Series, run: { mibps: number; endToEndMiBps: number; peakRss: number }, reference: number) => {
        into.ours.push(run.mibps);
        into.ref.push(reference);
        into.ratio.push(run.mibps / reference);
        into.endToEnd.push(run.endToEndMiBps);
        into.endToEndRatio.push(run.endToEndMiBps / reference);
        into.rss.push(run.peakRss - idleRss);
      };
      const direct = series();
      const tus = new Map(CHUNKS.map((c) => [chunkLabel(c), series()]));
      for (let pair = 0; pair < PAIRS; pair++) {
        const d = await ours(file, 'direct');
        record(direct, d, await curlDirect(file, size));
        let atDefault = NaN;
        for (const chunk of CHUNKS) {
          const t = await ours(file, 'tus', chunk);
          if (chunk === DEFAULT_CHUNK_SIZE_MIB) atDefault = t.mibps;
          record(tus.get(chunkLabel(chunk))!, t, await curlTus(file, size));
        }
        chunkedCurl.push(await curlTusChunked(pieces, size));
        vsSameChunks.push(atDefault / chunkedCurl[chunkedCurl.length - 1]);
        process.stderr.write('.');
      }

      // Resume: abort at ~50 %, then resume with the same storage; count what reached the server twice.
      const storageKey = `resume-${sizeMiB}`;
      const aborted = await uploader.call<UploadReply>('upload', { file, method: 'tus', chunkSizeMiB: DEFAULT_CHUNK_SIZE_MIB, abortAtFraction: 0.5, storageKey });
      if (aborted.ok || aborted.kind !== 'aborted' || !aborted.assetId) throw new Error(`the abort at 50% did not leave a resumable upload: ${JSON.stringify(aborted)}`);
      const resumed = await uploader.call<UploadReply>('upload', { file, method: 'tus', chunkSizeMiB: DEFAULT_CHUNK_SIZE_MIB, storageKey });
      if (!resumed.ok || !resumed.result.resumed || resumed.result.assetId !== aborted.assetId) throw new Error(`the resume did not continue the upload: ${JSON.stringify(resumed)}`);
      if ((await emulator.call<string>('sha256', aborted.assetId)) !== sha) throw new Error('the resumed upload did not arrive intact');
      const received = await emulator.call<number>('ingestBytes', aborted.assetId);
      const resentMiB = (received - size) / MiB;
      await emulator.call('purge');
      fs.rmSync(file, { force: true });
      for (const piece of pieces) fs.rmSync(piece, { force: true });

      const summary = (r: ReturnType<typeof series>) => ({
        oursMiBps: round(median(r.ours)),
        refMiBps: round(median(r.ref)),
        ratio: round(median(r.ratio), 3),
        pairRatios: r.ratio.map((ratio) => round(ratio, 3)),
        endToEndMiBps: round(median(r.endToEnd)),
        endToEndRatio: round(median(r.endToEndRatio), 3),
        peakRssOverIdleMiB: round(Math.max(...r.rss) / MiB),
      });
      const directSummary = summary(direct);
      const tusSummaries = Object.fromEntries([...tus].map(([label, r]) => [label, summary(r)]));
      const curlChunkedMiBps = round(median(chunkedCurl));
      perSize[sizeMiB] = {
        direct: directSummary,
        tus: tusSummaries,
        curlTusChunkedMiBps: curlChunkedMiBps,
        tusVsCurlSameChunks: round(median(vsSameChunks), 3),
        tusVsCurlSameChunksPairs: vsSameChunks.map((ratio) => round(ratio, 3)),
        resumeResentMiB: round(resentMiB, 2),
        resumeAbortedAtMiB: round((aborted.bytesDone ?? 0) / MiB),
      };
      const row = (what: string, f: ReturnType<typeof summary>) => [
        `${sizeMiB} MiB`, what, `${f.oursMiBps} (${perCpu(f.oursMiBps)})`, `${f.refMiBps} (${perCpu(f.refMiBps)})`, String(f.ratio), `${f.endToEndMiBps} (${f.endToEndRatio})`, String(f.peakRssOverIdleMiB),
      ];
      table.push(row('direct vs curl --upload-file', directSummary));
      for (const [label, f] of Object.entries(tusSummaries)) {
        const isDefault = label === String(DEFAULT_CHUNK_SIZE_MIB);
        table.push(row(`tus ${label}${label === 'whole' ? '' : ' MiB'}${isDefault ? ' (default)' : ''} vs curl whole-file PATCH`, f));
      }
      table.push([
        `${sizeMiB} MiB`, `tus ${DEFAULT_CHUNK_SIZE_MIB} MiB (default) vs curl PATCH of the same ${DEFAULT_CHUNK_SIZE_MIB} MiB pieces, kept alive`, '',
        `${curlChunkedMiBps} (${perCpu(curlChunkedMiBps)})`, String(round(median(vsSameChunks), 3)), '', '',
      ]);
      table.push([`${sizeMiB} MiB`, `resume after abort at ~50 %: re-sent MiB`, String(round(resentMiB, 2)), '', '', '', '']);
    }

    type Figures = { oursMiBps: number; refMiBps: number; ratio: number; pairRatios: number[]; endToEndMiBps: number; endToEndRatio: number; peakRssOverIdleMiB: number };
    type SizeFigures = { direct: Figures; tus: Record<string, Figures>; resumeResentMiB: number; tusVsCurlSameChunks: number };
    const largest = String(Math.max(...SIZES_MIB));
    const all = Object.values(perSize) as SizeFigures[];
    const bigDirect = (perSize[largest] as SizeFigures).direct;
    const bigTus = (perSize[largest] as SizeFigures).tus[String(DEFAULT_CHUNK_SIZE_MIB)];
    const bench = {
      fileMiB: Number(largest),
      pairs: PAIRS,
      curlMiBps: bigDirect.refMiBps,
      curlTusMiBps: bigTus.refMiBps,
      directMiBps: bigDirect.oursMiBps,
      tusMiBps: bigTus.oursMiBps,
      tusChunkMiB: DEFAULT_CHUNK_SIZE_MIB,
      directVsCurl: bigDirect.ratio,
      tusVsCurlTus: bigTus.ratio,
      directEndToEndVsCurl: bigDirect.endToEndRatio,
      tusEndToEndVsCurlTus: bigTus.endToEndRatio,
      minDirectVsCurl: Math.min(...all.map((s) => s.direct.ratio)),
      minTusVsCurlTus: Math.min(...all.map((s) => s.tus[String(DEFAULT_CHUNK_SIZE_MIB)].ratio)),
      // The tus target: at least 0.95× curl sending the same chunks.
      tusVsCurlSameChunks: (perSize[largest] as SizeFigures).tusVsCurlSameChunks,
      minTusVsCurlSameChunks: Math.min(...all.map((s) => s.tusVsCurlSameChunks)),
      machine,
      directVsCpuTask: ratioTo(bigDirect.oursMiBps, machine.cpuTaskMiBps),
      tusVsCpuTask: ratioTo(bigTus.oursMiBps, machine.cpuTaskMiBps),
      idleRssMiB: round(idleRss / MiB),
      directPeakRssMiB: Math.max(...all.map((s) => s.direct.peakRssOverIdleMiB)),
      tusPeakRssMiB: Math.max(...all.map((s) => Math.max(...Object.values(s.tus).map((t) => t.peakRssOverIdleMiB)))),
      resumeResentMiB: Math.max(...all.map((s) => s.resumeResentMiB)),
      bySize: perSize,
      seconds: Math.round((Date.now() - started) / 1000),
      loadAverage: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0], 2), cpus: os.cpus().length },
    };

    const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
    process.stdout.write('\n');
    for (const row of table) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
    process.stdout.write(
      `\nours MiB/s: over the transfer (the PUT; tus creation to last PATCH), like curl's time_total; end-to-end adds the file check and request-upload.\n` +
        `idle RSS of the uploader ${bench.idleRssMiB} MiB; peak RSS figures are the uploader's growth over it (max over runs). load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.\n` +
        `default tus chunk ${DEFAULT_CHUNK_SIZE_MIB} MiB; ${PAIRS} interleaved pairs per figure; ${bench.seconds} s in all.\n` +
        `${describeMachine(machine)}; (÷ CPU task) is each rate over that task's, comparable across machines.\n` +
        `tus target ≥ 0.95× curl sending the same chunks: ${bench.minTusVsCurlSameChunks >= 0.95 ? 'met' : 'NOT met'} (${SIZES_MIB.map((s) => (perSize[s] as SizeFigures).tusVsCurlSameChunks).join(' / ')}).\n`,
    );
    process.stdout.write(`BENCH ${JSON.stringify(bench)}\n`);
    await client.close().catch(() => undefined);
  } finally {
    await uploader?.stop();
    await emulator.stop();
    dir.remove();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${String((err as Error)?.stack ?? err)}\n`);
  process.exitCode = 1;
});
