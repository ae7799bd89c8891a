// Modal dialogs are refused while extension tests run (VS Code's DialogService skips them), so the
// keyboard default of our confirmations is checked here the way a person meets it: the extension in
// a VS Code server session without tests, driven through the browser (palette, Enter, Escape).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMintKeyFront, type MintKeyFront } from '../demo/mintKeyFront';
import { DEFAULT_TOKEN, startEmulator } from '../emulator';

interface Page {
  goto(url: string): Promise<unknown>;
  waitForEvent(event: 'load', options?: { timeout?: number }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  waitForSelector(selector: string, options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<unknown>;
  evaluate<T>(fn: () => T): Promise<T>;
  screenshot(options: { path: string }): Promise<unknown>;
  getByText(text: string, options?: { exact?: boolean }): { first(): { waitFor(options?: { timeout?: number }): Promise<void>; click(): Promise<void>; hover(): Promise<void> } };
}
interface Host {
  hostDirs(root: string): { root: string; serverUserData: string; extensions: string; chromium: string };
  serverEnv(dirs: unknown, runtimeDir: string, extra: Record<string, string>): NodeJS.ProcessEnv;
  startServer(options: { dirs: unknown; env: NodeJS.ProcessEnv; forTests: boolean }): Promise<{ child: unknown; port: number }>;
  killServer(child: unknown): void;
  workbenchUrl(port: number, options: { folder: string; extensionDevelopmentPaths: string[] }): string;
}

const root = resolve(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const host = require(join(root, 'test', 'host', 'vscodeServer.js')) as Host;

const DIALOG = '.monaco-dialog-box';

async function focused(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent ?? '');
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
  await page.keyboard.type(title);
  await page.getByText(title.replace(/^>?\s*/, '').replace(/^Livepeer: /, ''), { exact: false }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Opens the Delete modal for `keyName`, checks the focused button, presses `key`; returns the focused label. */
async function deleteModal(page: Page, keyName: string, keyId: string, key: 'Enter' | 'Escape', shot?: string): Promise<string> {
  await runCommand(page, 'Livepeer: Delete Signing Key');
  await page.getByText(keyId, { exact: true }).first().waitFor(); // the picker shows ids; the tree does not
  await page.keyboard.type(keyName);
  await page.keyboard.press('Enter');
  await page.waitForSelector(DIALOG, { state: 'visible' });
  const label = await focused(page);
  if (shot) await page.screenshot({ path: shot });
  await page.keyboard.press(key);
  await page.waitForSelector(DIALOG, { state: 'detached' });
  return label;
}

export async function checkSafeDefaults(screenshotDir: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { chromium } = require(require.resolve('playwright-core', { paths: [join(root, 'test', 'host')] })) as {
    chromium: { launchPersistentContext(dir: string, options: object): Promise<{ pages(): Page[]; newPage(): Promise<Page>; close(): Promise<void>; route(url: string, handler: (route: { fulfill(r: object): void }) => void): Promise<void> }> };
  };
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-person-'));
  const emulator = await startEmulator({ tokens: [DEFAULT_TOKEN] });
  const enabled = emulator.store.addSigningKey({ name: 'enabled key' });
  const disabled = emulator.store.addSigningKey({ name: 'disabled key', disabled: true });
  const dirs = host.hostDirs(join(scratch, 'host'));
  cpSync(join(root, 'test', 'demo', 'signin'), join(dirs.extensions, 'livepeer-studio-tools.livepeer-demo-signin-0.0.0'), { recursive: true });
  mkdirSync(join(dirs.serverUserData, 'Machine'), { recursive: true });
  writeFileSync(join(dirs.serverUserData, 'Machine', 'settings.json'), JSON.stringify({ 'livepeer.baseUrl': emulator.apiUrl }));
  const runtimeDir = mkdtempSync(join(tmpdir(), 'livepeer-person-run-'));
  const workspace = join(scratch, 'workspace');
  mkdirSync(workspace);
  let server: { child: unknown; port: number } | undefined;
  let front: MintKeyFront | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | undefined;
  try {
    server = await host.startServer({ dirs, env: host.serverEnv(dirs, runtimeDir, { LIVEPEER_DEMO_TOKEN: DEFAULT_TOKEN }), forTests: false });
    browser = await chromium.launchPersistentContext(dirs.chromium, {
      executablePath: process.env.LIVEPEER_TEST_CHROMIUM || '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // As `npm run demo` serves it: behind the front that keeps the secret storage's key half.
    front = await startMintKeyFront({ targetPort: server.port, keyFile: join(dirs.root, 'serve-web-key-half') });
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(host.workbenchUrl(front.port, { folder: workspace, extensionDevelopmentPaths: [root] }));
    // The sign-in helper stores the token and opens the Livepeer views.
    await page.getByText('enabled key', { exact: true }).first().waitFor({ timeout: 60_000 });

    mkdirSync(screenshotDir, { recursive: true });
    for (const key of ['Enter', 'Escape'] as const) {
      const label = await deleteModal(page, 'enabled key', enabled.id, key, key === 'Enter' ? join(screenshotDir, 'confirm-safe-default.png') : undefined);
      assert.equal(label, 'Keep Key', 'the safe choice has the focus');
      assert.equal(emulator.store.signingKeys.get(enabled.id)?.disabled, false, `${key} neither deletes nor disables the key`);
      const again = await deleteModal(page, 'disabled key', disabled.id, key);
      assert.equal(again, 'Keep Key');
      assert.ok(emulator.store.signingKeys.has(disabled.id), `${key} does not delete the disabled key`);
    }

    // The one-time private key dialog: dismissing it asks, and that question's default goes back.
    await runCommand(page, 'Livepeer: Create Signing Key');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type('person key');
    await page.keyboard.press('Enter');
    await page.waitForSelector(DIALOG, { state: 'visible' });
    await page.keyboard.press('Escape');
    await page.getByText('Close without keeping the private key?').first().waitFor();
    assert.equal(await focused(page), 'Go Back');
    await page.screenshot({ path: join(screenshotDir, 'close-without-keeping.png') });
    await page.keyboard.press('Enter');
    await page.getByText('cannot be shown again', { exact: false }).first().waitFor();
    assert.equal(await focused(page), 'Copy Private Key', 'Go Back returns to the private key dialog');
    await page.keyboard.press('Enter');
    await page.waitForSelector(DIALOG, { state: 'detached' });

    // The demo keeps secrets across Reload Window: a private key kept in secret storage is still there.
    await runCommand(page, 'Livepeer: Create Signing Key');
    await page.waitForSelector('.quick-input-widget', { state: 'visible' });
    await page.keyboard.type('person kept key');
    await page.keyboard.press('Enter');
    await page.waitForSelector(DIALOG, { state: 'visible' });
    await page.getByText('Keep in VS Code’s Secret Storage', { exact: true }).first().click();
    await page.waitForSelector(DIALOG, { state: 'detached' });
    await page.getByText('person kept key', { exact: true }).first().waitFor();
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.getByText('person kept key', { exact: true }).first().waitFor({ timeout: 60_000 });
    // The tooltip says where the private key is: kept (it survived), or missing (it did not).
    await page.getByText('person kept key', { exact: true }).first().hover();
    await page.getByText('Private key: kept in VS Code’s secret storage', { exact: false }).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(screenshotDir, 'kept-key-after-reload.png') });
    console.log('safe defaults: Delete (enabled and disabled key) and Close Without Keeping focus the safe choice; Enter and Escape keep the key; a kept private key survives Reload Window behind the demo front');
  } catch (error) {
    const page = browser?.pages()[0];
    if (page) await page.screenshot({ path: join(screenshotDir, 'safe-defaults-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await browser?.close().catch(() => undefined);
    await front?.close();
    if (server) host.killServer(server.child);
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    rmSync(runtimeDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  checkSafeDefaults(process.env.LIVEPEER_SCREENSHOT_DIR ?? join(root, 'test-results', 'screenshots')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
