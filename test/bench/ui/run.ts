// npm run bench:ui — what opening the extension costs, and how its views hold up with a large account:
// the bundle's size and load time (fresh Node processes), then the packaged-like build in a real VS
// Code host (two windows on one profile) against the emulator seeded with 5,000 streams, 20,000
// sessions and 10,000 assets. Figures come from one run; the last line is `BENCH {json}`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulator } from '../../emulator';
import { describeMachine, measureMachine, ratioTo } from '../machineReference';
import { bundleShares } from './bundleShares';
import { loadMoreAsSeen } from './inBrowser';
import { mcpFirstList } from './mcpStart';
import { LARGE_ACCOUNT, seedLargeAccount } from './largeAccount';

const root = resolve(__dirname, '..', '..', '..', '..');
const TOKEN = 'bench-ui-token';
const REQUIRE_RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Load more… key press to drawn rows, per click; `at5000` is the click that brought the view to 5,000 rows. */
function summary(perClick: number[]): { at5000: number; median: number; max: number; perClick: number[] } {
  return { at5000: perClick.at(-1) ?? NaN, median: median(perClick), max: Math.max(...perClick), perClick };
}

type ViewLayout = { initialSize?: number; visibility?: string };

/** The first-rows floor stands for the Livepeer container only while laid out as it is: the same views' sizes, the same ones collapsed. */
function checkFloorLayout(floorDir: string): void {
  const layout = (file: string, container: string) =>
    JSON.stringify(((JSON.parse(readFileSync(file, 'utf8')) as { contributes: { views: Record<string, ViewLayout[]> } }).contributes.views[container] ?? []).map(({ initialSize, visibility }) => ({ initialSize, visibility })));
  const ours = layout(join(root, 'package.json'), 'livepeer');
  const floor = layout(join(floorDir, 'package.json'), 'livepeerBenchFirstRows');
  if (ours !== floor) throw new Error(`test/bench/ui/firstRowsFloor/package.json no longer lays out its views as package.json's Livepeer container does: ${floor} vs ${ours}`);
}

/** The floor stands for VS Code's part only while its window started the same other extensions by its first rows as the measured one. */
function checkFloorStartedAlike(measured: unknown, floor: unknown): void {
  if (JSON.stringify(measured) !== JSON.stringify(floor)) throw new Error(`the floor's window started other extensions by its first rows than the measured one: ${JSON.stringify(floor)} vs ${JSON.stringify(measured)}`);
}

function requireMs(bundle: string): number {
  const script = join(__dirname, 'requireTime.js');
  return median(Array.from({ length: REQUIRE_RUNS }, () => Number(execFileSync(process.execPath, [script, bundle], { encoding: 'utf8' }).trim())));
}

/** Each time figure (a key ending in Ms; the numbers under it) over Node's start-up in the same run: comparable across machines. */
function overNodeStart(figures: Record<string, unknown>, nodeStartMs: number): Record<string, unknown> {
  const scale = (value: unknown): unknown =>
    typeof value === 'number'
      ? ratioTo(value, nodeStartMs)
      : Array.isArray(value)
        ? value.map(scale)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scale(inner)]))
          : value;
  return Object.fromEntries(Object.entries(figures).filter(([key]) => key.endsWith('Ms')).map(([key, value]) => [key, scale(value)]));
}

async function main(): Promise<void> {
  const load = loadavg()[0]?.toFixed(2);
  // Before anything else runs, so the yardstick meets the machine as the figures do.
  const machine = measureMachine();
  const bundle = join(root, 'dist', 'extension.js');
  const figures: Record<string, unknown> = { bundleKB: Math.round(statSync(bundle).size / 100) / 10, requireMs: requireMs(bundle) };
  // KB per part of extension.js (npm run bench:ui builds with --metafile=out/extension.meta.json).
  figures.bundleSharesKB = bundleShares(join(root, 'out', 'extension.meta.json'));

  const emulator = await startEmulator({ tokens: [TOKEN] });
  // As an MCP client starts it (the first list asks the service nothing); target ≤ 300 ms on a quiet machine.
  figures.mcpFirstListMs = await mcpFirstList(join(root, 'dist', 'mcp.js'), { LIVEPEER_API_KEY: TOKEN, LIVEPEER_BASE_URL: emulator.apiUrl });
  seedLargeAccount(emulator);
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-bench-ui-'));
  const out = join(scratch, 'figures.json');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runInHost } = require(join(root, 'test', 'host', 'runInHost.js')) as {
      runInHost: (options: { extensionDevelopmentPath: string; extensionTestsPath: string; workspaceDir: string; userDataDir: string; env: Record<string, string> }) => Promise<number>;
    };
    const host = { extensionDevelopmentPath: root, extensionTestsPath: join(__dirname, 'inHost.js'), workspaceDir: scratch, userDataDir: join(scratch, 'profile') };
    await runInHost({ ...host, env: { LIVEPEER_BENCH_PHASE: 'setup', LIVEPEER_BENCH_API_URL: emulator.apiUrl, LIVEPEER_BENCH_TOKEN: TOKEN } });
    await runInHost({ ...host, env: { LIVEPEER_BENCH_PHASE: 'measure', LIVEPEER_BENCH_OUT: out, LIVEPEER_BENCH_HEAP_SNAPSHOT: process.env.LIVEPEER_BENCH_HEAP_SNAPSHOT ?? '', LIVEPEER_BENCH_CPU_PROFILE: process.env.LIVEPEER_BENCH_CPU_PROFILE ?? '', LIVEPEER_BENCH_FIRST_ROWS_PROFILE: process.env.LIVEPEER_BENCH_FIRST_ROWS_PROFILE ?? '', LIVEPEER_BENCH_ONLY: process.env.LIVEPEER_BENCH_ONLY ?? '', LIVEPEER_TEST_RENDERER_PROFILE: process.env.LIVEPEER_BENCH_RENDERER_PROFILE ?? '', LIVEPEER_TEST_RENDERER_TRACE: process.env.LIVEPEER_BENCH_RENDERER_TRACE ?? '' } });
    Object.assign(figures, JSON.parse(readFileSync(out, 'utf8')));
    // VS Code's own time to open a container laid out as Livepeer's, in a window of its own started as the measured one was.
    const floorDir = join(root, 'test', 'bench', 'ui', 'firstRowsFloor');
    checkFloorLayout(floorDir);
    const floor = { extensionDevelopmentPath: floorDir, extensionTestsPath: host.extensionTestsPath, workspaceDir: scratch, userDataDir: join(scratch, 'floorProfile') };
    await runInHost({ ...floor, env: { LIVEPEER_BENCH_PHASE: 'floorSetup', LIVEPEER_BENCH_API_URL: emulator.apiUrl } });
    const cpuWindowMs = String((figures.firstRowsCpuMs as { wallMs?: number } | undefined)?.wallMs ?? 0);
    await runInHost({ ...floor, env: { LIVEPEER_BENCH_PHASE: 'floor', LIVEPEER_BENCH_OUT: out, LIVEPEER_BENCH_CPU_WINDOW_MS: cpuWindowMs } });
    Object.assign(figures, JSON.parse(readFileSync(out, 'utf8')));
    checkFloorStartedAlike(figures.othersActiveAtFirstRows, figures.floorOthersActive);
    // Every paged view, and VS Code's floor (a bare flat list of as many rows) in the same window.
    // LIVEPEER_BENCH_ONLY=firstRows stops after the first rows (a quicker run while working on them).
    if (process.env.LIVEPEER_BENCH_ONLY !== 'firstRows') {
      const seen = await loadMoreAsSeen(emulator.apiUrl, TOKEN, LARGE_ACCOUNT.shownRows);
      figures.loadMoreMs = Object.fromEntries(Object.entries(seen).map(([view, perClick]) => [view, summary(perClick)]));
    }
  } finally {
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  figures.loadAverage = Number(load);
  const { streams, sessionsPerStream, assets, webhooks, tasks, multistreamTargets } = LARGE_ACCOUNT;
  figures.account = { streams, sessions: streams * sessionsPerStream, assets, webhooks, tasks, multistreamTargets };
  const relative = overNodeStart(figures, machine.nodeStartMs);
  console.log(`load average at start: ${load} (${process.env.CI ? 'CI' : 'local'})`);
  console.log(describeMachine(machine));
  const shown = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value));
  for (const [name, value] of Object.entries(figures)) {
    console.log(`${name.padEnd(24)} ${shown(value)}${name in relative ? `\n${''.padEnd(24)} ÷ node start-up: ${shown(relative[name])}` : ''}`);
  }
  console.log(`BENCH ${JSON.stringify({ ...figures, machine, overNodeStart: relative })}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
