/**
 * Upload benchmark (npm run bench; not part of npm test). On loopback against the emulator:
 *   references  curl --upload-file to the direct address; curl -X PATCH --upload-file of the
 *               whole file to a freshly created tus upload (creation POST not timed; curl's own
 *               time_total, so its process start-up is not counted either);
 *   ours        uploadVideo direct, and tus at 8/32/64/128 MiB chunks and whole-file, timed as
 *               the whole call (request-upload and tus creation included);
 *   CPU         user + sys of the uploader process over each upload, and of each curl process;
 *   memory      peak RSS of the uploader process per upload, over its idle RSS;
 *   resume      bytes re-sent after an abort at ~50% and a resume.
 * Runs are interleaved (ours, reference, ours, reference…) and each variant's figure is the
 * median of its per-pair ratios, printed with the lowest and highest pair. The emulator and the
 * uploader each run in their own process.
 * Environment: BENCH_SIZES_MIB (default 256,1024), BENCH_PAIRS (default 5), BENCH_TUS_CHUNKS
 * (default 8,32,64,128,whole; the default chunk is always run), LIVEPEER_BENCH_CPU_PROFILE=<folder>
 * (a CPU profile of the uploader per variant and size, its top entries printed).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StudioClient } from '../../src/api';
import { DEFAULT_CHUNK_SIZE_MIB, type UploadResult } from '../../src/upload';
import { MiB, TempDir, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { topSelfTime } from './cpuProfile';
import { CurlReferences, splitFile } from './curlReferences';
import { describeMachine, measureMachine, ratioTo } from './machineReference';
import { PairSeries, round, withSpread, type OurRun, type PairFigures } from './pairs';
import { Remote } from './rpc';

const TOKEN = 'demo-token';
const SIZES_MIB = (process.env.BENCH_SIZES_MIB ?? '256,1024').split(',').map(Number);
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));
const PROFILE_DIR = process.env.LIVEPEER_BENCH_CPU_PROFILE;
/** null = the whole file in one PATCH. */
const CHUNKS: Array<number | null> = [
  ...new Set([DEFAULT_CHUNK_SIZE_MIB, ...(process.env.BENCH_TUS_CHUNKS ?? '8,32,64,128,whole').split(',').map((c) => (c === 'whole' ? null : Number(c)))]),
].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));

type UploadReply =
  | { ok: true; result: UploadResult; cpuMs: number; peakRss: number; sampledPeakRss: number }
  | { ok: false; error: string; kind?: string; assetId?: string; bytesDone?: number };

const chunkLabel = (chunk: number | null): string => (chunk === null ? 'whole' : String(chunk));

const variantLabel = (chunk: number | null): string =>
  `tus ${chunkLabel(chunk)}${chunk === null ? '' : ' MiB'}${chunk === DEFAULT_CHUNK_SIZE_MIB ? ' (default)' : ''} vs curl whole-file PATCH`;

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0];
  // Before the emulator and uploader start, so the yardstick meets the machine as the figures do.
  const machine = measureMachine();
  process.stderr.write(`${describeMachine(machine)}\n`);
  const perCpu = (mibps: number) => String(ratioTo(mibps, machine.cpuTaskMiBps));
  const dir = new TempDir('upload-bench-');
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const profiles: string[] = [];
  const emulator = await Remote.start(path.join(__dirname, 'emulatorProcess.js'));
  let uploader: Remote | undefined;
  try {
    const info = await emulator.call<{ apiUrl: string; ingestOrigin: string }>('info');
    uploader = await Remote.start(path.join(__dirname, 'uploaderProcess.js'), [info.apiUrl, TOKEN], ['--expose-gc']);
    const { idleRss } = await uploader.call<{ idleRss: number }>('idle');
    const client = new StudioClient({ baseUrl: info.apiUrl, getToken: () => TOKEN, userAgent: 'upload-bench' });
    const curls = new CurlReferences(client, emulator);

    /**
     * `mibps` is over the transfer (the PUT; tus creation through the last PATCH), the same span
     * curl's time_total covers; `endToEndMiBps` adds the file check and request-upload. CPU time is
     * the uploader process's over the whole call. `profile` names the variant's profile file.
     */
    const ours = async (file: string, method: 'direct' | 'tus', chunkSizeMiB: number | null | undefined, profile?: string): Promise<OurRun> => {
      const profileTo = PROFILE_DIR && profile ? path.join(PROFILE_DIR, `${profile}.cpuprofile`) : undefined;
      const reply = await uploader!.call<UploadReply>('upload', { file, method, chunkSizeMiB, profileTo });
      if (!reply.ok) throw new Error(`our ${method} upload failed: ${reply.error}`);
      if (profileTo && !profiles.includes(profileTo)) profiles.push(profileTo);
      await emulator.call('purge');
      const { bytes, transferMs, durationMs } = reply.result;
      return { mibps: bytes / MiB / (transferMs / 1000), endToEndMiBps: bytes / MiB / (durationMs / 1000), cpuMs: reply.cpuMs, rssOverIdle: reply.peakRss - idleRss };
    };

    const perSize: Record<string, SizeFigures> = {};
    const table: string[][] = [[
      'file', 'what', 'ours MiB/s (÷ CPU task)', 'reference MiB/s (÷ CPU task)', 'ratio: median (spread)', 'CPU s/GiB ours / ref', 'CPU ours÷ref: median (spread)', 'end-to-end MiB/s (ratio)', 'peak RSS over idle MiB',
    ]];
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
      const direct = new PairSeries(size);
      const tus = new Map(CHUNKS.map((c) => [chunkLabel(c), new PairSeries(size)]));
      /** Our tus upload at the default chunk and curl sending the same pieces: the part the client controls. */
      const sameChunks = new PairSeries(size);
      for (let pair = 0; pair < PAIRS; pair++) {
        // Ours, then the reference right after it: one interleaved pair.
        direct.record(await ours(file, 'direct', undefined, `direct-${sizeMiB}MiB`), await curls.direct(file, size));
        let atDefault: OurRun | undefined;
        for (const chunk of CHUNKS) {
          const run = await ours(file, 'tus', chunk, `tus-${chunkLabel(chunk)}-${sizeMiB}MiB`);
          if (chunk === DEFAULT_CHUNK_SIZE_MIB) atDefault = run;
          tus.get(chunkLabel(chunk))!.record(run, await curls.tus(file, size));
        }
        sameChunks.record(atDefault!, await curls.tusChunked(pieces, size));
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

      const figures: SizeFigures = {
        direct: direct.summary(),
        tus: Object.fromEntries([...tus].map(([label, r]) => [label, r.summary()])),
        tusVsCurlSameChunks: sameChunks.summary(),
        resumeResentMiB: round(resentMiB, 2),
        resumeAbortedAtMiB: round((aborted.bytesDone ?? 0) / MiB),
      };
      perSize[sizeMiB] = figures;
      const row = (what: string, f: PairFigures, ours = true) => [
        `${sizeMiB} MiB`,
        what,
        ours ? `${f.oursMiBps} (${perCpu(f.oursMiBps)})` : '',
        `${f.refMiBps} (${perCpu(f.refMiBps)})`,
        withSpread(f.ratio, f.ratioMin, f.ratioMax),
        `${f.oursCpuSPerGiB} / ${f.refCpuSPerGiB}`,
        withSpread(f.cpuRatio, f.cpuRatioMin, f.cpuRatioMax),
        ours ? `${f.endToEndMiBps} (${f.endToEndRatio})` : '',
        ours ? String(f.peakRssOverIdleMiB) : '',
      ];
      table.push(row('direct vs curl --upload-file', figures.direct));
      for (const chunk of CHUNKS) table.push(row(variantLabel(chunk), figures.tus[chunkLabel(chunk)]));
      table.push(row(`tus ${DEFAULT_CHUNK_SIZE_MIB} MiB (default) vs curl PATCH of the same ${DEFAULT_CHUNK_SIZE_MIB} MiB pieces, kept alive`, figures.tusVsCurlSameChunks, false));
      table.push([`${sizeMiB} MiB`, `resume after abort at ~50 %: re-sent MiB`, String(round(resentMiB, 2)), '', '', '', '', '', '']);
    }

    const bench = summarize(perSize, { machine, idleRss, started, loadAtStart });
    const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
    process.stdout.write('\n');
    for (const row of table) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
    process.stdout.write(
      `\nours MiB/s: over the transfer (the PUT; tus creation to last PATCH), like curl's time_total; end-to-end adds the file check and request-upload.\n` +
        `ratio: ours over the reference, median of the ${PAIRS} interleaved pairs (lowest–highest pair). CPU: user + sys of the uploader process over the\n` +
        `whole call and of the curl process (its start-up included), per GiB sent; ours÷ref per pair (lower is better).\n` +
        `idle RSS of the uploader ${bench.idleRssMiB} MiB; peak RSS figures are the uploader's growth over it (max over runs). load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (at start ${round(loadAtStart, 2)}).\n` +
        `default tus chunk ${DEFAULT_CHUNK_SIZE_MIB} MiB; ${bench.seconds} s in all.\n` +
        `${describeMachine(machine)}; (÷ CPU task) is each rate over that task's, comparable across machines.\n` +
        `targets at ${bench.fileMiB} MiB, median ≥ 0.95×: direct vs curl PUT ${bench.directVsCurl} (${bench.directVsCurl >= 0.95 ? 'met' : 'NOT met'}); ` +
        `tus vs curl sending the same chunks ${bench.tusVsCurlSameChunks} (${bench.tusVsCurlSameChunks >= 0.95 ? 'met' : 'NOT met'}).\n`,
    );
    for (const profile of profiles) {
      process.stdout.write(`\nCPU profile ${profile} (last timed run), top self time:\n`);
      for (const entry of topSelfTime(profile)) process.stdout.write(`  ${(entry.share * 100).toFixed(1).padStart(5)} %  ${String(entry.selfMs).padStart(7)} ms  ${entry.name}\n`);
    }
    process.stdout.write(`BENCH ${JSON.stringify(bench)}\n`);
    await client.close().catch(() => undefined);
  } finally {
    await uploader?.stop();
    await emulator.stop();
    dir.remove();
  }
}

interface SizeFigures {
  direct: PairFigures;
  tus: Record<string, PairFigures>;
  tusVsCurlSameChunks: PairFigures;
  resumeResentMiB: number;
  resumeAbortedAtMiB: number;
}

/** The `BENCH {json}` line: the largest file's figures first, then every size's. */
function summarize(perSize: Record<string, SizeFigures>, run: { machine: ReturnType<typeof measureMachine>; idleRss: number; started: number; loadAtStart: number }) {
  const largest = String(Math.max(...SIZES_MIB));
  const all = Object.values(perSize);
  const big = perSize[largest];
  const bigTus = big.tus[String(DEFAULT_CHUNK_SIZE_MIB)];
  return {
    fileMiB: Number(largest),
    pairs: PAIRS,
    curlMiBps: big.direct.refMiBps,
    curlTusMiBps: bigTus.refMiBps,
    directMiBps: big.direct.oursMiBps,
    tusMiBps: bigTus.oursMiBps,
    tusChunkMiB: DEFAULT_CHUNK_SIZE_MIB,
    directVsCurl: big.direct.ratio,
    directVsCurlSpread: [big.direct.ratioMin, big.direct.ratioMax],
    directCpuVsCurl: big.direct.cpuRatio,
    tusVsCurlTus: bigTus.ratio,
    directEndToEndVsCurl: big.direct.endToEndRatio,
    tusEndToEndVsCurlTus: bigTus.endToEndRatio,
    minDirectVsCurl: Math.min(...all.map((s) => s.direct.ratio)),
    minTusVsCurlTus: Math.min(...all.map((s) => s.tus[String(DEFAULT_CHUNK_SIZE_MIB)].ratio)),
    // The tus target: at least 0.95× curl sending the same chunks.
    tusVsCurlSameChunks: big.tusVsCurlSameChunks.ratio,
    tusVsCurlSameChunksSpread: [big.tusVsCurlSameChunks.ratioMin, big.tusVsCurlSameChunks.ratioMax],
    tusCpuVsCurlSameChunks: big.tusVsCurlSameChunks.cpuRatio,
    minTusVsCurlSameChunks: Math.min(...all.map((s) => s.tusVsCurlSameChunks.ratio)),
    machine: run.machine,
    directVsCpuTask: ratioTo(big.direct.oursMiBps, run.machine.cpuTaskMiBps),
    tusVsCpuTask: ratioTo(bigTus.oursMiBps, run.machine.cpuTaskMiBps),
    idleRssMiB: round(run.idleRss / MiB),
    directPeakRssMiB: Math.max(...all.map((s) => s.direct.peakRssOverIdleMiB)),
    tusPeakRssMiB: Math.max(...all.map((s) => Math.max(...Object.values(s.tus).map((t) => t.peakRssOverIdleMiB)))),
    resumeResentMiB: Math.max(...all.map((s) => s.resumeResentMiB)),
    bySize: perSize,
    seconds: Math.round((Date.now() - run.started) / 1000),
    loadAverage: { atStart: round(run.loadAtStart, 2), atEnd: round(os.loadavg()[0], 2), cpus: os.cpus().length },
  };
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${String((err as Error)?.stack ?? err)}\n`);
  process.exitCode = 1;
});
