// How long Local Studio takes to start (issue 39): `node dist/localStudio.js --json` until it prints
// where it listens, median of 5, on an empty data folder and on one holding the demo account, beside
// the same run's machine reference (test/bench/machineReference.ts). Run: npm run build && npm run
// compile-tests && node out/test/bench/localStudioStart.js
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureMachine } from './machineReference';

const SCRIPT = join(__dirname, '..', '..', '..', 'dist', 'localStudio.js');
const RUNS = 5;

/** Starts it on `dataDir`, times its ready line, optionally seeds it, and stops it (SIGTERM: it saves). */
function startOnce(dataDir: string, seed: boolean): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [SCRIPT, '--json', '--data', dataDir, '--token', 'bench-token'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => {
      const ms = performance.now() - started;
      const { baseUrl } = JSON.parse(chunk.toString().split('\n')[0] ?? '') as { baseUrl: string };
      const seeding = seed ? fetch(`${baseUrl}/local-studio/seed`, { method: 'POST', headers: { Authorization: 'Bearer bench-token' } }) : Promise.resolve();
      void seeding.then(() => {
        child.once('exit', () => resolve(ms));
        child.kill('SIGTERM');
      }, reject);
    });
    child.once('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

async function main(): Promise<void> {
  const machine = measureMachine();
  const dir = mkdtempSync(join(tmpdir(), 'local-studio-bench-'));
  try {
    const empty: number[] = [];
    for (let i = 0; i < RUNS; i++) empty.push(await startOnce(join(dir, `empty-${i}`), false));
    await startOnce(join(dir, 'demo'), true);
    const demo: number[] = [];
    for (let i = 0; i < RUNS; i++) demo.push(await startOnce(join(dir, 'demo'), false));
    const f = (values: number[]) => `${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;
    console.log(`Local Studio start, median of ${RUNS}: empty ${f(empty)}; with the demo account ${f(demo)}; machine: node -e 0 ${machine.nodeStartMs} ms, SHA-256 ${machine.cpuTaskMiBps} MiB/s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
