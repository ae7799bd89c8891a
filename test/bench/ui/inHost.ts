// extensionTestsPath of the UI benchmark (npm run bench:ui): runs in the real extension host, twice
// on one profile. `setup` stores the base URL and the token as a user would; `measure` is the next
// window: activation, opening the Livepeer container, Load more… to 5,000 rows, one auto-refresh.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { Session as InspectorSession } from 'node:inspector/promises';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { answerer, captureWorkbench, captured } from '../../integration/capture';
import { cpuShares } from './cpuShares';
import { BETWEEN_CLICKS_MS, LARGE_ACCOUNT } from './largeAccount';
import { firstRowsTimeline } from './timeline';

const EXTENSION_ID = 'livepeer-studio-tools.livepeer-studio';
const ROWS = LARGE_ACCOUNT.shownRows;

/**
 * The other extensions active once the first rows are in: run.ts checks that the measured window
 * and the floor's started the same ones (a built-in started in one only spends its CPU in that
 * window's first rows alone).
 */
function othersActive(): string[] {
  return vscode.extensions.all.filter((extension) => extension.isActive && extension.id !== EXTENSION_ID && extension.id !== FLOOR_ID).map((extension) => extension.id).sort();
}

type Provider = vscode.TreeDataProvider<vscode.TreeItem> & { onDidChangeTreeData: vscode.Event<unknown> };

const RENDER_TIMEOUT_MS = 60_000;

/** Resolves with the root rows the next time VS Code itself asks the provider for them and `accept`s them. */
function nextRootRender(provider: Provider, accept: (rows: vscode.TreeItem[]) => boolean): Promise<vscode.TreeItem[]> {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`no matching rows rendered in ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS).unref();
    const original = provider.getChildren.bind(provider);
    provider.getChildren = async (element?: vscode.TreeItem) => {
      const rows = (await original(element)) ?? [];
      if (!element && accept(rows)) {
        provider.getChildren = original;
        resolve(rows);
      }
      return rows;
    };
  });
}

const labelOf = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
const isRow = (item: vscode.TreeItem) => item.contextValue !== undefined && item.contextValue !== 'rowGroup' && !labelOf(item).startsWith('Load more');
/** The rows a view holds: its top-level rows, or past 500 the last row number its group rows name ("Streams 4,001–5,000"). */
const shownRows = (rows: vscode.TreeItem[]) => Math.max(rows.filter(isRow).length, ...rows.map((item) => Number(/–([\d,]+)$/.exec(labelOf(item))?.[1]?.replace(/\D/g, '') ?? 0)));

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}


/**
 * Clicks Load more… until the view holds `ROWS` rows, as a person does (after the rows drew); per
 * click, how long the extension's command took, and how long until the extension handed VS Code the
 * new rows (VS Code asks for them once told the list changed). The time until the rows show is
 * measured in the browser (inBrowser.ts): the rest of it is VS Code turning every row shown into its
 * tree again.
 */
async function loadMoreFigures(provider: Provider, command: string): Promise<{ commandMs: number[]; rowsGivenMs: number[] }> {
  const commandMs: number[] = [];
  const rowsGivenMs: number[] = [];
  let count = shownRows((await provider.getChildren())!);
  while (count < ROWS) {
    const before = count;
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_CLICKS_MS));
    const [given, rows] = await timed(async () => {
      const render = nextRootRender(provider, (rows) => shownRows(rows) > before);
      const [ran] = await timed(() => Promise.resolve(vscode.commands.executeCommand(command)));
      commandMs.push(Math.round(ran));
      return render;
    });
    rowsGivenMs.push(Math.round(given));
    count = shownRows(rows);
  }
  console.log(`bench: ${command}: per click, ms until the rows were handed to VS Code ${rowsGivenMs.join(' ')}; of which the command ${commandMs.join(' ')}`);
  return { commandMs, rowsGivenMs };
}

/** Load more… in the other paged views, each shown first (Tasks and Multistream Targets start collapsed). */
async function otherPagedViews(): Promise<Record<string, { commandMs: number[]; rowsGivenMs: number[] }>> {
  const figures: Record<string, { commandMs: number[]; rowsGivenMs: number[] }> = {};
  for (const [name, id, command] of [
    ['webhooks', 'livepeer.webhooks', 'livepeer.webhooks.loadMore'],
    ['tasks', 'livepeer.tasks', 'livepeer.tasks.loadMore'],
    ['multistreamTargets', 'livepeer.multistreamTargets', 'livepeer.multistream.loadMore'],
  ]) {
    const provider = (captured.views.get(id)?.provider as Provider | undefined) ?? assert.fail(`no view ${id}`);
    await vscode.commands.executeCommand(`${id}.focus`);
    figures[name] = await loadMoreFigures(provider, command);
  }
  return figures;
}

/**
 * A CPU profile of the extension host into `file` (open it in Chrome DevTools' Performance tab):
 * LIVEPEER_BENCH_CPU_PROFILE=<file.cpuprofile> where it spends Load more…, LIVEPEER_BENCH_FIRST_ROWS_PROFILE
 * activation and the first rows.
 */
async function startCpuProfile(file: string | undefined): Promise<{ stop(): Promise<void> } | undefined> {
  if (!file) return undefined;
  const session = new InspectorSession();
  session.connect();
  await session.post('Profiler.enable');
  // Every 100 µs (V8's default is 1 ms): activation's parts take a few ms each.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The extension, with every question it would ask left unanswered (a notification nobody clicks); its views as VS Code gets them. */
async function activate(): Promise<Record<'keys' | 'streams' | 'assets', Provider>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  captureWorkbench();
  answerer.respond = () => undefined;
  await extension.activate();
  const provider = (id: string) => (captured.views.get(id)?.provider as Provider | undefined) ?? assert.fail(`no view ${id}`);
  return { keys: provider('livepeer.signingKeys'), streams: provider('livepeer.streams'), assets: provider('livepeer.assets') };
}

async function setup(): Promise<void> {
  await activate();
  await vscode.workspace.getConfiguration('livepeer').update('baseURL', process.env.LIVEPEER_BENCH_API_URL, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('livepeer.setToken', process.env.LIVEPEER_BENCH_TOKEN);
  // The profile record is in globalState, which the workbench writes in the background; the runner
  // closes this window as soon as setup returns, so give the write time to land.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}

type Tick = { events: number; rows: number; ms: number };

/** The milliseconds of the stream list calls the log recorded from line `since` on ("GET /stream?… → 200 (N ms)"). */
function listCallMs(since: number): number {
  return captured.logLines.slice(since).reduce((sum, line) => sum + Number(/GET \/stream\?.* → \d+ \((\d+) ms\)/.exec(line)?.[1] ?? 0), 0);
}

/**
 * Two ticks of the Streams auto-refresh (turned on only now: it would interfere with the loading
 * before) with 5,000 rows shown and nothing changed on the service: per tick, the tree update events
 * VS Code was sent, the rows they name (a whole-tree update counts as every row) and how long the
 * re-read's list calls took (from the log). A tick is one run of update events or list calls, then
 * a second of quiet.
 */
async function twoAutoRefreshTicks(streams: Provider): Promise<[Tick, Tick]> {
  const ticks: Tick[] = [];
  let tick = { events: 0, rows: 0, logFrom: captured.logLines.length };
  let quiet: NodeJS.Timeout | undefined;
  const settings = vscode.workspace.getConfiguration('livepeer');
  let listening: vscode.Disposable | undefined;
  let watchLog: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      setTimeout(() => reject(new Error(`no two auto-refresh ticks in ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS).unref();
      const ended = () => {
        ticks.push({ events: tick.events, rows: tick.rows, ms: listCallMs(tick.logFrom) });
        tick = { events: 0, rows: 0, logFrom: captured.logLines.length };
        if (ticks.length === 2) resolve();
      };
      listening = streams.onDidChangeTreeData((change) => {
        tick.events++;
        tick.rows += Array.isArray(change) ? change.length : change ? 1 : ROWS;
        clearTimeout(quiet);
        quiet = setTimeout(ended, 1_000);
      });
      // A tick that changes nothing sends no event: its list calls in the log end it likewise.
      watchLog = setInterval(() => {
        if (listCallMs(tick.logFrom) > 0 && !quiet) quiet = setTimeout(() => ((quiet = undefined), ended()), 1_000);
      }, 100);
      void settings.update('streams.autoRefreshSeconds', 2, vscode.ConfigurationTarget.Global);
    });
  } finally {
    clearInterval(watchLog);
    clearTimeout(quiet);
    await settings.update('streams.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    listening?.dispose();
  }
  return [ticks[0], ticks[1]];
}

async function measure(): Promise<Record<string, unknown>> {
  const firstRowsProfiler = await startCpuProfile(process.env.LIVEPEER_BENCH_FIRST_ROWS_PROFILE);
  const [loadAndActivateMs, views] = await timed(activate);
  // What each part of activate() took, from its log line: the shared services, then each feature ("services 1.2, account 0.3, …").
  const activateFigures = () => {
    const [, activated = 'NaN', parts = ''] = /activated in (\d+) ms \(([^)]*)\)/.exec(captured.logLines.join('\n')) ?? [];
    const activateSharesMs = Object.fromEntries(parts.split(', ').map((part) => [part.replace(/ [\d.]+$/, ''), Number(/[\d.]+$/.exec(part)?.[0])]));
    return { activateMs: Number(activated), activateSharesMs };
  };

  const timeline = firstRowsTimeline();
  const firstRows = Object.entries(views).map(async ([name, view]) => [name, await timed(() => nextRootRender(view, (rows) => rows.some(isRow)))] as const);
  const cpu = cpuShares();
  // The machine's monotonic clock, as a renderer trace's and the CPU profiles' times are (to line them
  // up); read after cpuShares' walk of /proc, so it is the command's time.
  const monotonicUs = process.hrtime.bigint() / 1000n;
  await vscode.commands.executeCommand('workbench.view.extension.livepeer');
  console.log(`bench: activated; opening the container at ${monotonicUs} µs (monotonic clock)`);
  const firstRowsMs = Object.fromEntries((await Promise.all(firstRows)).map(([name, [ms]]) => [name, Math.round(ms)]));
  const firstRowsCpuMs = cpu.stop();
  const othersActiveAtFirstRows = othersActive();
  await firstRowsProfiler?.stop();
  timeline.stop();
  console.log(`bench: first rows ${JSON.stringify(firstRowsMs)}; from the command:\n  ${timeline.marks.join('\n  ')}`);
  // From VS Code's first ask to the rows (the extension's part: its requests and rows); the rest of firstRowsMs is the workbench opening the container.
  const firstRowsFromAskMs = { keys: timeline.fromAskMs.get('livepeer.signingKeys'), streams: timeline.fromAskMs.get('livepeer.streams'), assets: timeline.fromAskMs.get('livepeer.assets') };
  if (process.env.LIVEPEER_BENCH_ONLY === 'firstRows') {
    return { loadAndActivateMs: Math.round(loadAndActivateMs), ...activateFigures(), firstRowsMs, firstRowsFromAskMs, firstRowsCpuMs, othersActiveAtFirstRows };
  }
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const profiler = await startCpuProfile(process.env.LIVEPEER_BENCH_CPU_PROFILE);
  const loadMoreInHost = {
    streams: await loadMoreFigures(views.streams, 'livepeer.streams.loadMore'),
    assets: await loadMoreFigures(views.assets, 'livepeer.assets.loadMore'),
  };
  await profiler?.stop();
  collectGarbage();
  const heapGrowthMiB = Math.round(((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20) * 10) / 10;
  // LIVEPEER_BENCH_HEAP_SNAPSHOT=<file>: what holds the heap at 5,000 rows (open it in Chrome DevTools' Memory tab).
  if (process.env.LIVEPEER_BENCH_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.LIVEPEER_BENCH_HEAP_SNAPSHOT);
  // After the heap figure, which stays that of Streams and Assets.
  Object.assign(loadMoreInHost, await otherPagedViews());

  const autoRefresh = await twoAutoRefreshTicks(views.streams);
  return { loadAndActivateMs: Math.round(loadAndActivateMs), ...activateFigures(), firstRowsMs, firstRowsFromAskMs, firstRowsCpuMs, othersActiveAtFirstRows, loadMoreInHost, heapGrowthMiB, rows: ROWS,
    // The second tick: nothing changed on the service, and the first caught up the words that moved with the clock ("seen 3 minutes ago").
    autoRefreshTreeUpdates: autoRefresh[1].events,
    autoRefreshRowsUpdated: autoRefresh.map((tick) => tick.rows),
    autoRefreshMs: autoRefresh[1].ms,
  };
}

/**
 * The floor's first window stores a setting in User settings as setup stores the base URL: once a
 * window has written User settings, the next window on that profile starts VS Code's JSON,
 * TypeScript and Emmet support as it opens (seen in the extension host's log), and the floor's
 * window must start as the measured one does.
 */
async function floorSetup(): Promise<void> {
  await vscode.workspace.getConfiguration('livepeerBenchFirstRows').update('baseURL', process.env.LIVEPEER_BENCH_API_URL, vscode.ConfigurationTarget.Global);
}

const FLOOR_ID = 'livepeer-studio-tools.livepeer-bench-first-rows-floor';

/**
 * VS Code's floor for the first rows, in a window of its own with only test/bench/ui/firstRowsFloor
 * (a container laid out as Livepeer's, whose views answer at once), opened as measure() opens the
 * Livepeer container: right after activation. Per view, ms from the command to VS Code's first ask.
 */
async function floorFirstRows(): Promise<Record<string, unknown>> {
  const extension = vscode.extensions.getExtension<{ asked: Record<string, Promise<number>> }>(FLOOR_ID) ?? assert.fail(`${FLOOR_ID} is not loaded`);
  const { asked } = await extension.activate();
  const started = performance.now();
  const cpu = cpuShares();
  await vscode.commands.executeCommand('workbench.view.extension.livepeerBenchFirstRows');
  const ms = async (view: string) => Math.round((await asked[view]) - started);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the floor's views were not asked for rows in ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS).unref());
  const [keys, streams, assets] = await Promise.race([Promise.all([ms('signingKeys'), ms('streams'), ms('assets')]), timeout]);
  const floorOthersActive = othersActive();
  // The CPU over as long a time as the measured window's first rows took, so the two compare part by part.
  const cpuWindowMs = Number(process.env.LIVEPEER_BENCH_CPU_WINDOW_MS) || 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, cpuWindowMs - (performance.now() - started))));
  return { firstRowsFloorMs: { keys, streams, assets }, firstRowsFloorCpuMs: cpu.stop(), floorOthersActive };
}

export async function run(): Promise<void> {
  const phase = process.env.LIVEPEER_BENCH_PHASE;
  // The floor's first window on its profile, as setup is the extension's: the measured windows are both a profile's second.
  if (phase === 'setup') return setup();
  if (phase === 'floorSetup') return floorSetup();
  writeFileSync(process.env.LIVEPEER_BENCH_OUT ?? '', JSON.stringify(phase === 'floor' ? await floorFirstRows() : await measure()));
}
