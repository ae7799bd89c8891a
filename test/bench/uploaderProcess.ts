/**
 * Runs OUR uploads for the benchmark in a process of their own, so the RSS measured is the
 * uploader's alone. Idle RSS is taken once modules are loaded and the API client is set up;
 * before each upload the kernel's peak-RSS counter (VmHWM) is reset, and RSS is also sampled, so
 * each upload's peak is its own. Each upload also reports the process's CPU time (user + sys, all
 * threads) over the call, and, when asked (`profileTo`), writes a CPU profile of it.
 */
import * as fs from 'node:fs';
import { StudioClient } from '../../src/api';
import { InMemoryStore, listInterruptedUploads, uploadVideo, type UploadMethodChoice } from '../../src/upload';
import { UploadProfiler } from './cpuProfile';
import { serve } from './rpc';

const MiB = 1024 * 1024;

function vmHwmBytes(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux: write 5 to clear_refs); false where unsupported. */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const [apiUrl, token] = process.argv.slice(2);
  const client = new StudioClient({ baseUrl: apiUrl, getToken: () => token, userAgent: 'upload-bench' });
  // Warm up the API client (and JIT) with a tiny call, then settle before measuring idle RSS.
  await client.streams.list({}).catch(() => undefined);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((r) => setTimeout(r, 200));
  let idleRss = process.memoryUsage.rss();

  serve({
    /** Idle RSS, after a full collection, before any upload (taken when the benchmark starts). */
    idle: async () => {
      gc?.();
      await new Promise((r) => setTimeout(r, 100));
      idleRss = Math.min(idleRss, process.memoryUsage.rss());
      return { idleRss };
    },
    upload: async (arg: { file: string; method: UploadMethodChoice; chunkSizeMiB?: number | null; abortAtFraction?: number; resume?: boolean; storageKey?: string; profileTo?: string }) => {
      // Start each upload from a collected heap, so garbage of the previous one is not counted.
      (globalThis as { gc?: () => void }).gc?.();
      const hwmReset = resetPeak();
      const startRss = process.memoryUsage.rss();
      let peak = startRss;
      // Sampled only where the kernel's peak cannot be reset: the sampling costs CPU the figures count.
      const sampler = hwmReset ? undefined : setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
      if (arg.profileTo) await (profiler ??= new UploadProfiler()).start();
      const cpuStart = process.cpuUsage();
      const storage = arg.storageKey ? stores.get(arg.storageKey) ?? stores.set(arg.storageKey, new InMemoryStore()).get(arg.storageKey)! : new InMemoryStore();
      const controller = new AbortController();
      // The API client never retries a POST; a kept-alive API connection closed by the emulator at
      // the same moment (after a long upload) is the one loopback failure of request-upload.
      const upload = (options: Parameters<typeof uploadVideo>[0]) =>
        uploadVideo(options).catch((err: { kind?: string; path?: string }) => {
          if (err.kind === 'network' && err.path === '/asset/request-upload') return uploadVideo(options);
          throw err;
        });
      try {
        const result = await upload({
          client,
          filePath: arg.file,
          name: 'bench',
          method: arg.method,
          // IPC turns Infinity into null: null means "whole file in one PATCH".
          chunkSizeMiB: arg.chunkSizeMiB === null ? Number.POSITIVE_INFINITY : arg.chunkSizeMiB,
          storage,
          signal: controller.signal,
          onProgress: (p) => {
            if (arg.abortAtFraction && p.bytesSent >= p.totalBytes * arg.abortAtFraction) controller.abort();
          },
        });
        const cpu = process.cpuUsage(cpuStart);
        return { ok: true, result, cpuMs: (cpu.user + cpu.system) / 1000, cpuUserMs: cpu.user / 1000, peakRss: Math.max(peak, (hwmReset && vmHwmBytes()) || 0), sampledPeakRss: peak, startRss };
      } catch (err) {
        const [entry] = await listInterruptedUploads(storage);
        return { ok: false, error: String((err as Error).message), kind: (err as { kind?: string }).kind, assetId: entry?.assetId, bytesDone: entry?.bytesDone };
      } finally {
        if (sampler) clearInterval(sampler);
        if (arg.profileTo) await profiler!.stopTo(arg.profileTo);
      }
    },
    rss: () => ({ rss: process.memoryUsage.rss(), memory: process.memoryUsage(), MiB }),
  });
}

const stores = new Map<string, InMemoryStore>();
let profiler: UploadProfiler | undefined;
void main();
