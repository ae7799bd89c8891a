import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

/** Runs of each yardstick; the median is kept. */
const RUNS = 5;
/** The fixed CPU task: SHA-256 over this many bytes (a fixed pattern, the same on every machine). */
const CPU_TASK_BYTES = 64 * 2 ** 20;

/**
 * Yardsticks measured in the same run as a benchmark's figures, so figures from two machines can be
 * compared through their ratios: Node's own start-up (a process, its disk reads, its JIT: what
 * loading and showing things costs) and a fixed CPU task (what moving bytes costs).
 */
export interface MachineReference {
  /** Median wall time of `node -e 0`, ms. */
  nodeStartMs: number;
  /** Median time of SHA-256 over 64 MiB in this process, ms. */
  cpuTaskMs: number;
  /** The CPU task as a rate, MiB/s: what throughput figures are set beside. */
  cpuTaskMiBps: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timedMs(task: () => unknown): number {
  const started = performance.now();
  task();
  return performance.now() - started;
}

export function measureMachine(): MachineReference {
  const nodeStartMs = median(Array.from({ length: RUNS }, () => timedMs(() => execFileSync(process.execPath, ['-e', '0']))));
  const data = Buffer.alloc(CPU_TASK_BYTES, 'livepeer');
  const cpuTaskMs = median(Array.from({ length: RUNS }, () => timedMs(() => createHash('sha256').update(data).digest())));
  const round = (n: number) => Math.round(n * 10) / 10;
  return { nodeStartMs: round(nodeStartMs), cpuTaskMs: round(cpuTaskMs), cpuTaskMiBps: round(CPU_TASK_BYTES / 2 ** 20 / (cpuTaskMs / 1000)) };
}

/** "Node start-up 42 ms, SHA-256 of 64 MiB 150 ms (427 MiB/s)": the line a benchmark prints first. */
export function describeMachine(reference: MachineReference): string {
  return `machine reference (same run): node start-up ${reference.nodeStartMs} ms, SHA-256 of 64 MiB ${reference.cpuTaskMs} ms (${reference.cpuTaskMiBps} MiB/s)`;
}

/** A figure over its yardstick, to two decimals: what two machines can compare. */
export function ratioTo(value: number, reference: number): number {
  return Math.round((value / reference) * 100) / 100;
}
