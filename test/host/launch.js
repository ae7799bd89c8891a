#!/usr/bin/env node
// Launcher used as `vscodeExecutablePath` by @vscode/test-electron's runTests.
//
// It behaves like a VS Code executable that runs extension tests, but it runs
// them in the VS Code *server* shipped in code-server (extension host under
// plain Node) opened in headless Chromium through playwright-core:
//   launch.js [folder] --extensionDevelopmentPath=DIR --extensionTestsPath=FILE
//             [--user-data-dir=DIR] [--extensions-dir=DIR] [other flags ignored]
// Exit code: the mocha result reported by the workbench (0 = all passed),
// 2 on timeout / launcher error.
//
// See test/host/README.md.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const util = require('util');

const { SERVER_MAIN, hostDirs, serverEnv, startServer, killServer, workbenchUrl } = require('./vscodeServer');
const { isWorkbenchNoise } = require('./workbenchNoise');
const CHROMIUM = process.env.LIVEPEER_TEST_CHROMIUM || '/usr/bin/chromium';
const TIMEOUT_MS = Number(process.env.LIVEPEER_TEST_TIMEOUT_MS || 10 * 60 * 1000);
const VERBOSE = /^(1|true|yes)$/i.test(process.env.LIVEPEER_TEST_VERBOSE || '');
const VIEWPORT = { width: 1400, height: 900 };

function log(...args) {
  process.stderr.write(`[test-host] ${util.format(...args)}\n`);
}

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const out = { extensionDevelopmentPaths: [], extensionTestsPath: undefined, folder: undefined, userDataDir: undefined, extensionsDir: undefined };
  for (const a of argv) {
    const m = /^--([^=]+)=(.*)$/s.exec(a);
    if (m) {
      const [, key, value] = m;
      if (key === 'extensionDevelopmentPath') out.extensionDevelopmentPaths.push(path.resolve(value));
      else if (key === 'extensionTestsPath') out.extensionTestsPath = path.resolve(value);
      else if (key === 'user-data-dir') out.userDataDir = path.resolve(value);
      else if (key === 'extensions-dir') out.extensionsDir = path.resolve(value);
      else if (key === 'folder-uri' || key === 'folder') out.folder = value.startsWith('file://') ? new URL(value).pathname : path.resolve(value);
    } else if (!a.startsWith('-')) {
      out.folder = path.resolve(a);
    }
    // Other desktop flags from runTests (--no-sandbox, --skip-welcome, ...) do not apply.
  }
  return out;
}

// ---------------------------------------------------------------- cleanup state
const state = { server: null, serverLog: [], browser: null, control: null, tempDirs: [], exiting: false };

function remember(line) {
  state.serverLog.push(line);
  if (state.serverLog.length > 200) state.serverLog.shift();
}

function printServerTail() {
  if (!state.serverLog.length) return;
  process.stderr.write('[test-host] ---- VS Code server log (tail) ----\n');
  process.stderr.write(state.serverLog.slice(-80).join('\n') + '\n');
  process.stderr.write('[test-host] ---- end of server log ----\n');
}

async function finish(code, reason) {
  if (state.exiting) return;
  state.exiting = true;
  if (reason) log(reason);
  if (code !== 0) printServerTail();
  try {
    if (state.browser) {
      const ctx = state.browser;
      // Let the workbench run its shutdown (flushes storage to IndexedDB), then close the profile.
      await Promise.race([
        (async () => {
          for (const p of ctx.pages()) await p.close({ runBeforeUnload: true }).catch(() => {});
          await new Promise((r) => setTimeout(r, 500));
          await ctx.close();
        })(),
        new Promise((r) => setTimeout(r, 10000)),
      ]);
    }
  } catch (e) {
    log('closing the browser failed:', e && e.message);
  }
  if (state.control) state.control.close();
  killServer(state.server);
  await new Promise((r) => setTimeout(r, 300));
  killGroupHard();
  for (const d of state.tempDirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 3 });
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => finish(130, `received ${sig}, shutting down`));
}
process.on('exit', () => killGroupHard());

// The server child may already have exited while its file watcher / extension host (same
// process group) linger: kill the group unconditionally.
function killGroupHard() {
  if (!state.server) return;
  try {
    process.kill(-state.server.pid, 'SIGKILL');
  } catch {
    /* group already gone */
  }
}

// ---------------------------------------------------------------- persistent profile helpers
// The workbench keeps extension globalState (IndexedDB) and SecretStorage (localStorage) in the
// browser, per origin http://127.0.0.1:PORT. A persistent --user-data-dir therefore records its
// port and reuses it, so a second run sees the same origin (and the same remote authority, hence
// the same workspace storage).
function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = http.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

// Secrets are sealed with a key half the server mints at POST /mint-key. code-server's own
// wrapper serves that route (storing the key in its user-data-dir); VS Code's server-main.js,
// which we run directly, does not, so without this the secrets only live in memory. Serve a key
// kept in the profile, like code-server does.
function mintKey(root) {
  const file = path.join(root, 'serve-web-key-half');
  try {
    const key = fs.readFileSync(file);
    if (key.length === 32) return key;
  } catch {
    /* first run */
  }
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

// ---------------------------------------------------------------- control server
// Lets test code in the extension host (which cannot see the page) ask for a screenshot:
//   POST $LIVEPEER_TEST_CONTROL_URL/screenshot?path=/abs/file.png  -> 200 when written
// or for the Explorer context menu of a row (the row must be visible, e.g. after revealInExplorer):
//   POST $LIVEPEER_TEST_CONTROL_URL/explorer-context-menu?name=clip.mp4  -> 200, JSON array of labels
// or for the rows of the open quick input (e.g. the command palette):
//   POST $LIVEPEER_TEST_CONTROL_URL/quick-input  -> 200, JSON array of row labels
//   POST $LIVEPEER_TEST_CONTROL_URL/hover?text=Label               -> 200 once the pointer rests on the first list/tree row showing Label (for tooltip pictures)
/* global document */
// and act as the keyboard and eyes of a person for UI that only a person can answer (modal dialogs):
//   POST /press?key=Enter   POST /type?text=abc   GET /focused (text of the focused element)
//   GET /text?selector=.css (innerText of the first match; 404 when none)
// and click or fill in an extension's webview (its page is in frames of its own):
//   POST /webview-click?text=Label   POST /webview-fill?label=Field&value=2026-01-31
function startControlServer(getPage) {
  return new Promise((resolve, reject) => {
    const server = http.createServer(async (req, res) => {
      const url = new URL(req.url, 'http://127.0.0.1');
      const reply = (status, body) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(body);
      };
      try {
        if (req.method === 'POST' && url.pathname === '/screenshot') {
          const file = url.searchParams.get('path');
          if (!file || !path.isAbsolute(file)) return reply(400, 'path must be an absolute file path');
          const page = getPage();
          if (!page) return reply(503, 'no page yet');
          fs.mkdirSync(path.dirname(file), { recursive: true });
          await page.screenshot({ path: file });
          return reply(200, file);
        }
        if (req.method === 'POST' && url.pathname === '/quick-input') {
          const page = getPage();
          if (!page) return reply(503, 'no page yet');
          // Headers only once the answer is there: a failure below still answers 500.
          const labels = JSON.stringify(await quickInputLabels(page));
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(labels);
        }
        if (req.method === 'POST' && url.pathname === '/explorer-context-menu') {
          const name = url.searchParams.get('name');
          if (!name) return reply(400, 'name must be the label of a row in the Explorer');
          const page = getPage();
          if (!page) return reply(503, 'no page yet');
          // Headers only once the answer is known: a failure on the way is still answered 500.
          const menu = JSON.stringify(await explorerContextMenu(page, name));
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(menu);
        }
        if (req.method === 'POST' && url.pathname === '/hover') {
          const text = url.searchParams.get('text');
          if (!text) return reply(400, 'text is required');
          const page = getPage();
          if (!page) return reply(503, 'no page yet');
          await page.locator('.monaco-list-row', { hasText: text }).first().hover({ timeout: 10_000 });
          return reply(200, text);
        }
        const page = getPage();
        if (!page) return reply(503, 'no page yet');
        if (req.method === 'POST' && url.pathname === '/press') {
          await page.keyboard.press(url.searchParams.get('key') || 'Enter');
          return reply(200, 'pressed');
        }
        if (req.method === 'POST' && url.pathname === '/type') {
          await page.keyboard.type(url.searchParams.get('text') || '');
          return reply(200, 'typed');
        }
        if (req.method === 'GET' && url.pathname === '/focused') {
          return reply(200, await page.evaluate(() => (document.activeElement && document.activeElement.textContent) || ''));
        }
        if (req.method === 'POST' && (url.pathname === '/webview-click' || url.pathname === '/webview-fill')) {
          const control = await webviewControl(page, url);
          if (!control) return reply(404, 'no webview shows that control');
          if (url.pathname === '/webview-click') await control.click({ timeout: 10_000 });
          else await control.fill(url.searchParams.get('value') || '', { timeout: 10_000 });
          return reply(200, 'done');
        }
        if (req.method === 'GET' && url.pathname === '/text') {
          const text = await page.evaluate((selector) => {
            const element = document.querySelector(selector);
            return element ? element.innerText : null;
          }, url.searchParams.get('selector') || 'body');
          return text === null ? reply(404, 'no such element') : reply(200, text);
        }
        reply(404, 'unknown endpoint');
      } catch (e) {
        reply(500, String((e && e.stack) || e));
      }
    });
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Starts V8's sampling profiler in the page (every 200 µs); Profiler.stop on the session returns the profile.
async function startPageProfile(ctx, page) {
  const session = await ctx.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return session;
}

async function startPageTrace(ctx, page) {
  const session = await ctx.newCDPSession(page);
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const categories = ['toplevel', 'v8.execute', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame'];
  await session.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  return {
    async stop() {
      const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
      await session.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

// The button showing ?text= or the field labelled ?label= in the first webview frame that has one.
async function webviewControl(page, url) {
  const text = url.searchParams.get('text');
  for (const frame of page.frames()) {
    const control = text ? frame.getByRole('button', { name: text, exact: true }) : frame.getByLabel(url.searchParams.get('label') || '', { exact: true });
    if ((await control.count().catch(() => 0)) > 0) return control.first();
  }
  return undefined;
}

// Right-clicks the Explorer row labelled `name` like a person would and returns the labels of the
// context menu that opens (separators left out), then closes the menu. The workbench draws its own
// menus in the page, so they can be read from the DOM.
async function explorerContextMenu(page, name) {
  const row = page.locator('.explorer-folders-view').getByRole('treeitem', { name, exact: true });
  // The tooltip of the row clicked before (a context view over the rows) would take this click.
  await page.mouse.move(0, 0);
  await page.locator('.context-view .hover-contents').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await row.click({ button: 'right', timeout: 15000 });
  const menu = page.locator('.context-view .monaco-menu');
  await menu.waitFor({ timeout: 15000 });
  const labels = (await menu.locator('.action-item .action-label').allTextContents()).map((t) => t.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached', timeout: 15000 });
  // The pointer left resting on the row opens its hover, which covers the row below it: move it away.
  await page.mouse.move(0, 0);
  return labels;
}

// The rows of the quick input that is open (e.g. the command palette opened by the test with
// `workbench.action.quickOpen`), as shown, then closes it.
async function quickInputLabels(page) {
  const list = page.locator('.quick-input-widget .quick-input-list');
  const rows = list.locator('.monaco-list-row');
  await rows.first().waitFor({ timeout: 15000 });
  // The palette fills and filters asynchronously: read once two readings agree.
  let previous;
  for (;;) {
    const labels = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') || ''));
    if (JSON.stringify(labels) === JSON.stringify(previous)) break;
    previous = labels;
    await page.waitForTimeout(300);
  }
  await page.keyboard.press('Escape');
  return previous;
}

// ---------------------------------------------------------------- main
async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.extensionTestsPath || !args.extensionDevelopmentPaths.length) {
    throw new Error('usage: launch.js [folder] --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [--user-data-dir=DIR]');
  }
  let playwright;
  try {
    playwright = require('playwright-core');
  } catch {
    throw new Error('playwright-core not installed: run `bash test/host/install.sh` first');
  }

  // Directory layout. With --user-data-dir=U everything (server user data,
  // Chromium profile, HOME) lives under U so a second run with the same U sees
  // the same globalState / secrets. Without it a temp dir is used and removed.
  let root = args.userDataDir;
  if (!root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-test-host-'));
    state.tempDirs.push(root);
  }
  const dirs = hostDirs(root, args.extensionsDir);
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-test-run-'));
  fs.chmodSync(runtimeDir, 0o700);
  state.tempDirs.push(runtimeDir);

  let page = null;
  state.control = await startControlServer(() => page);
  const controlUrl = `http://127.0.0.1:${state.control.address().port}`;

  // The server's environment is inherited by the extension host: the tests'
  // variables (runTests' extensionTestsEnv is already in process.env) reach it.
  const env = serverEnv(dirs, runtimeDir, { LIVEPEER_TEST_CONTROL_URL: controlUrl });

  const timer = setTimeout(() => {
    finish(2, `TIMEOUT: extension tests did not finish within ${TIMEOUT_MS} ms (LIVEPEER_TEST_TIMEOUT_MS)`);
  }, TIMEOUT_MS);
  timer.unref();

  const portFile = path.join(root, 'host-port');
  let wantedPort = 0;
  if (args.userDataDir && fs.existsSync(portFile)) {
    wantedPort = Number(fs.readFileSync(portFile, 'utf8').trim()) || 0;
    if (wantedPort && !(await isPortFree(wantedPort))) {
      throw new Error(
        `port ${wantedPort} (recorded in ${portFile}) is in use; the browser state of this profile belongs to origin ` +
          `http://127.0.0.1:${wantedPort}. Free the port, or delete ${portFile} to start with a new origin (and lose that state).`,
      );
    }
  }

  log(`starting VS Code server (${path.relative(process.cwd(), SERVER_MAIN)})`);
  const { child, port } = await startServer({
    dirs,
    env,
    port: wantedPort,
    onLine: (line) => {
      remember(line);
      if (VERBOSE) process.stderr.write(`[server] ${line}\n`);
    },
    onExit: (code, signal) => {
      remember(`(server exited: code ${code}, signal ${signal})`);
      if (!state.exiting) finish(2, `VS Code server exited unexpectedly (code ${code}, signal ${signal})`);
    },
  });
  state.server = child;
  if (args.userDataDir) fs.writeFileSync(portFile, `${port}\n`);
  log(`server listening on 127.0.0.1:${port}; control URL ${controlUrl}`);
  const url = workbenchUrl(port, {
    folder: args.folder,
    extensionDevelopmentPaths: args.extensionDevelopmentPaths,
    extensionTestsPath: args.extensionTestsPath,
  });

  const ctx = await playwright.chromium.launchPersistentContext(dirs.chromium, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORT,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  state.browser = ctx;
  const key = mintKey(root);
  await ctx.route('**/mint-key', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: key }));
  page = ctx.pages()[0] || (await ctx.newPage());

  if (VERBOSE) {
    page.on('console', (m) => process.stderr.write(`[browser ${m.type()}] ${m.text()}\n`));
  }
  page.on('pageerror', (e) => log('page error:', e.message));
  page.on('crash', () => finish(2, 'the browser page crashed'));

  let reportExit;
  const done = new Promise((resolve) => (reportExit = resolve));
  await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
    const text = util.format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
    if (!VERBOSE && isWorkbenchNoise(text)) return;
    process.stdout.write(text + '\n');
  });
  await page.exposeFunction('codeAutomationExit', async (code, logs) => {
    const logsDir = process.env.LIVEPEER_TEST_LOGS_DIR;
    if (logsDir && Array.isArray(logs)) {
      for (const { relativePath, contents } of logs) {
        const target = path.join(logsDir, relativePath);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, contents);
      }
    }
    reportExit(typeof code === 'number' ? code : 1);
  });

  // LIVEPEER_TEST_RENDERER_PROFILE=<file.cpuprofile>: a CPU profile of the workbench's page over the
  // window's life (npm run bench:ui: what VS Code does while it opens a container). Its times are the
  // machine's monotonic clock, as the extension host's profile is, so the two can be laid side by side.
  const rendererProfile = process.env.LIVEPEER_TEST_RENDERER_PROFILE && (await startPageProfile(ctx, page));
  // LIVEPEER_TEST_RENDERER_TRACE=<file.json>: a Chrome trace of the page (tasks, timers, WebSocket
  // frames; open it in Chrome DevTools' Performance tab), on the same clock.
  const rendererTrace = process.env.LIVEPEER_TEST_RENDERER_TRACE && (await startPageTrace(ctx, page));
  log('opening workbench');
  await page.goto(url, { waitUntil: 'load' });
  const code = await done;
  if (rendererTrace) fs.writeFileSync(process.env.LIVEPEER_TEST_RENDERER_TRACE, JSON.stringify({ traceEvents: await rendererTrace.stop() }));
  if (rendererProfile) fs.writeFileSync(process.env.LIVEPEER_TEST_RENDERER_PROFILE, JSON.stringify((await rendererProfile.send('Profiler.stop')).profile));
  clearTimeout(timer);
  await finish(code, code === 0 ? null : `extension tests failed (exit code ${code})`);
}

main().catch((e) => finish(2, `launcher error: ${(e && e.stack) || e}`));
