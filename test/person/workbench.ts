// A person's VS Code: the server (test/host/vscodeServer.js) without the test driver, opened in
// headless Chromium through playwright-core, driven with the keyboard and mouse. Used by the checks
// that must see the product as a person does (modal dialogs, the packaged extension).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface Locator {
  first(): Locator;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  click(options?: { button?: 'left' | 'right'; timeout?: number }): Promise<void>;
  hover(options?: { timeout?: number }): Promise<void>;
  getByRole(role: string, options?: { name?: string; exact?: boolean }): Locator;
  getByText(text: string, options?: { exact?: boolean }): Locator;
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
  allTextContents(): Promise<string[]>;
  getAttribute(name: string): Promise<string | null>;
  isVisible(): Promise<boolean>;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  url(): string;
  waitForEvent(event: 'load', options?: { timeout?: number }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void>; insertText(text: string): Promise<void> };
  waitForSelector(selector: string, options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<unknown>;
  evaluate<T>(fn: (() => T) | string): Promise<T>;
  screenshot(options: { path: string }): Promise<unknown>;
  getByText(text: string, options?: { exact?: boolean }): Locator;
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
}
interface Browser {
  pages(): Page[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
  route(url: string, handler: (route: { fulfill(r: object): void }) => void): Promise<void>;
}
interface Dirs {
  serverUserData: string;
  extensions: string;
  chromium: string;
}
interface Host {
  hostDirs(root: string): Dirs;
  serverEnv(dirs: Dirs, runtimeDir: string, extra: Record<string, string>): NodeJS.ProcessEnv;
  startServer(options: { dirs: Dirs; env: NodeJS.ProcessEnv; forTests: boolean; onLine?: (line: string) => void }): Promise<{ child: unknown; port: number }>;
  installExtension(options: { dirs: Dirs; env: NodeJS.ProcessEnv; vsix: string }): void;
  killServer(child: unknown): void;
  workbenchUrl(port: number, options: { folder: string; extensionDevelopmentPaths: string[] }): string;
}

export const root = resolve(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const host = require(join(root, 'test', 'host', 'vscodeServer.js')) as Host;

export interface WorkbenchOptions {
  /** The folder the window opens. */
  workspace: string;
  /** The server's machine settings (the Remote settings of this browser-hosted VS Code). */
  machineSettings: Record<string, unknown>;
  /** The User settings (what Preferences: Open User Settings edits; application settings such as `http.proxy` are read from here only). */
  userSettings?: Record<string, unknown>;
  /** Variables added to the server's environment (the extension host inherits them). */
  env?: Record<string, string>;
  /** Installs this .vsix as a user would; without it the extension runs from the repository (development mode). */
  vsix?: string;
  /** The demo's sign-in helper stores this token through Set API Token as the window opens . */
  signInToken?: string;
  /** Installs the probe extension (test/person/probe): its command writes what the Livepeer extension exports to this file. */
  probeOut?: string;
  /** More extension folders, copied into the profile as the demo's sign-in helper is (the UI benchmark's bare view, test/bench/ui/floor). */
  alsoInstall?: string[];
}

export interface Workbench {
  page: Page;
  /** The server's machine settings file (what the Remote tab of User settings writes). */
  machineSettingsFile: string;
  /** The User settings file (what Preferences: Open User Settings (JSON) edits). */
  userSettingsFile: string;
  /** Screenshots the page into `file` (best effort: for a failure's evidence). */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The probe extension (test/person/probe) as a .vsix in `dir`. */
function packageProbe(dir: string): string {
  const vsix = join(dir, 'livepeer-probe.vsix');
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  const result = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: join(root, 'test', 'person', 'probe'), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`packaging the probe failed: ${(result.stdout + result.stderr).slice(-2000)}`);
  return vsix;
}

/** Starts a fresh server profile (user data, extensions, browser) and opens `workspace` in it. */
export async function openWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require(require.resolve('playwright-core', { paths: [join(root, 'test', 'host')] })) as {
    chromium: { launchPersistentContext(dir: string, options: object): Promise<Browser> };
  };
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-person-'));
  const runtimeDir = mkdtempSync(join(tmpdir(), 'livepeer-person-run-'));
  const dirs = host.hostDirs(scratch);
  const env = host.serverEnv(dirs, runtimeDir, {
    ...(options.signInToken ? { LIVEPEER_DEMO_TOKEN: options.signInToken } : {}),
    ...(options.probeOut ? { LIVEPEER_PROBE_OUT: options.probeOut } : {}),
    ...options.env,
  });
  let server: { child: unknown; port: number } | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    if (server) host.killServer(server.child);
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    rmSync(runtimeDir, { recursive: true, force: true });
  };
  try {
    if (options.signInToken) {
      cpSync(join(root, 'test', 'demo', 'signin'), join(dirs.extensions, 'livepeer-studio-tools.livepeer-demo-signin-0.0.0'), { recursive: true });
    }
    // The workbench loads one development extension (the payload's last), so others are copied in.
    for (const folder of options.alsoInstall ?? []) {
      const { publisher, name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
      cpSync(folder, join(dirs.extensions, `${publisher}.${name}-${version}`), { recursive: true });
    }
    if (options.vsix) host.installExtension({ dirs, env, vsix: options.vsix });
    // Installed as a user installs it: an extension folder copied in would be left out of the profile's list.
    if (options.probeOut) host.installExtension({ dirs, env, vsix: packageProbe(scratch) });
    const machineSettingsFile = join(dirs.serverUserData, 'Machine', 'settings.json');
    mkdirSync(dirname(machineSettingsFile), { recursive: true });
    writeFileSync(machineSettingsFile, JSON.stringify(options.machineSettings, null, 2));
    const userSettingsFile = join(dirs.serverUserData, 'User', 'settings.json');
    if (options.userSettings) {
      mkdirSync(dirname(userSettingsFile), { recursive: true });
      writeFileSync(userSettingsFile, JSON.stringify(options.userSettings, null, 2));
    }
    const verbose = /^(1|true|yes)$/i.test(process.env.LIVEPEER_TEST_VERBOSE ?? '');
    server = await host.startServer({ dirs, env, forTests: false, onLine: (line) => verbose && process.stderr.write(`[server] ${line}\n`) });
    browser = await chromium.launchPersistentContext(dirs.chromium, {
      executablePath: process.env.LIVEPEER_TEST_CHROMIUM || '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Secrets are sealed with a key half the server would mint (see test/host/README.md).
    const mintKey = Buffer.alloc(32, 7);
    await browser.route('**/mint-key', (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: mintKey }));
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(host.workbenchUrl(server.port, { folder: options.workspace, extensionDevelopmentPaths: options.vsix ? [] : [root] }));
    return {
      page,
      machineSettingsFile,
      userSettingsFile,
      screenshot: async (file) => {
        await page.screenshot({ path: file }).catch(() => undefined);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Text of the focused element (a modal's focused button says its label). */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent ?? '');
}

/**
 * Runs a command from the palette (F1), by its title as the palette shows it. The palette lists what
 * is registered when it opens: while a new window is still registering its extensions' commands the
 * title may be missing, so the palette is opened again until it lists it.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title.replace(/^>?\s*/, '').replace(/^Livepeer: /, '') }).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type(title);
    try {
      await row.waitFor({ timeout: 3_000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Enter');
}

/** Polls `check` (every 100 ms) until it returns a value; fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
