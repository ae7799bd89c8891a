// Local Studio as a user without an account gets it (issue 39): the packaged .vsix in a fresh profile
// with no setting written, Start Local Studio from the palette, a webhook to a receiver on this
// machine, a real video uploaded from the Explorer's menu and played, Stop and Start with the data
// kept, and Reset through its modal (Cancel focused). Nothing runs outside the product but the receiver.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_MP4 } from '../emulator';
import { uploadFromExplorer } from './explorerUpload';
import { packageExtension } from './pristine';
import { focused, openWorkbench, runCommand, until, type Page, type Workbench } from './workbench';

const VIDEO = 'local.mp4';
const ASSET = 'Local video';

/** The status bar item of a running Local Studio ("Local Studio 127.0.0.1:PORT"). */
const statusItem = (page: Page) => page.locator('.statusbar-item', { hasText: /Local Studio 127\.0\.0\.1:\d+/ }).first();

/** The Assets view's drawn row of `name`. */
const assetRow = (page: Page, name: string) => page.locator('.pane:has(> .pane-header[aria-label^="Assets"]) .monaco-list-row', { hasText: name }).first();

/** How far the player's video has played, in any of the page's frames (the webview's). */
async function playedSeconds(page: Page): Promise<number | undefined> {
  const frames = (page as unknown as { frames(): Array<{ evaluate<T>(fn: () => T): Promise<T> }> }).frames();
  for (const frame of frames) {
    const seconds = await frame
      .evaluate(() => (globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } }).document.querySelector('video')?.currentTime)
      .catch(() => undefined);
    if (seconds) return seconds;
  }
  return undefined;
}

async function startFromPalette(page: Page): Promise<{ host: string; ms: number }> {
  const started = performance.now();
  await runCommand(page, 'Livepeer: Start Local Studio');
  await statusItem(page).waitFor({ timeout: 60_000 });
  const text = (await statusItem(page).allTextContents())[0] ?? '';
  return { host: /127\.0\.0\.1:\d+/.exec(text)?.[0] ?? '', ms: performance.now() - started };
}

export async function checkLocalStudioProduct(screenshotDir: string): Promise<void> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-local-studio-'));
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  let workbench: Workbench | undefined;
  try {
    const vsix = packageExtension(scratch);
    const workspace = join(scratch, 'workspace');
    mkdirSync(join(workspace, 'videos'), { recursive: true });
    copyFileSync(FIXTURE_MP4, join(workspace, 'videos', VIDEO));
    workbench = await openWorkbench({ workspace, vsix, machineSettings: {} });
    const { page } = workbench;
    await page.locator('.explorer-folders-view').getByRole('treeitem', { name: 'videos', exact: true }).click({ timeout: 60_000 });

    const first = await startFromPalette(page);
    assert.match(first.host, /^127\.0\.0\.1:\d+$/);
    await page.locator('.statusbar-item', { hasText: 'Local Studio · Default Project' }).first().waitFor({ timeout: 30_000 });

    // A webhook to a receiver on this machine, created as a person does.
    await runCommand(page, 'Livepeer: Create Webhook…');
    await page.locator('.quick-input-widget', { hasText: 'Webhook name' }).first().waitFor();
    await page.keyboard.type('Local receiver');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'POSTs events to' }).first().waitFor();
    await page.keyboard.type(hookUrl);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget input[placeholder*="Events that trigger"]').first().waitFor();
    await page.keyboard.type('asset.ready');
    // A click on the row ticks it, as its checkbox does.
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'asset.ready' }).first().click();
    await page.locator('.quick-input-widget', { hasText: '1 Selected' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget input[placeholder*="Only the events of one stream"]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget input[placeholder*="Shared secret"]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.notifications-toasts', { hasText: /Local receiver.{0,3} created for/ }).first().waitFor();

    // A real video, uploaded from the Explorer's menu: ready, announced to the receiver, and played.
    await uploadFromExplorer(page, VIDEO, ASSET);
    const event = await until('asset.ready at the receiver', () => received.find((r) => r.body.includes('"asset.ready"') && r.body.includes(ASSET)), 60_000);
    assert.match(String(event.headers['livepeer-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
    await runCommand(page, 'Livepeer: Focus on Assets View');
    await assetRow(page, ASSET).waitFor({ timeout: 30_000 });
    await assetRow(page, ASSET).click({ button: 'right' });
    const play = page.locator('.context-view .monaco-menu .action-label', { hasText: /^Play$/ }).first();
    await play.hover();
    await play.click();
    // A click that lands while the menu still settles leaves it open with Play highlighted: Enter chooses it, as a person would.
    if (await page.locator('.context-view .monaco-menu').first().isVisible()) await page.keyboard.press('Enter');
    await until('the player to play the video', () => playedSeconds(page), 60_000);

    // Stopped and started again: the asset and its webhook are still there.
    await runCommand(page, 'Livepeer: Stop Local Studio');
    await statusItem(page).waitFor({ state: 'detached', timeout: 30_000 });
    const second = await startFromPalette(page);
    await runCommand(page, 'Livepeer: Focus on Assets View');
    await assetRow(page, ASSET).waitFor({ timeout: 30_000 });
    await runCommand(page, 'Livepeer: Focus on Webhooks View');
    await page.locator('.pane:has(> .pane-header[aria-label^="Webhooks"]) .monaco-list-row', { hasText: 'Local receiver' }).first().waitFor({ timeout: 30_000 });

    // Reset: its modal focuses Cancel; the button empties it.
    await runCommand(page, 'Livepeer: Reset Local Studio…');
    await page.locator('.monaco-dialog-box').first().waitFor();
    assert.equal((await focused(page)).trim(), 'Cancel', 'Enter keeps Local Studio');
    await page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Reset Local Studio' }).first().click();
    await page.locator('.notifications-toasts', { hasText: 'Local Studio was reset' }).first().waitFor({ timeout: 60_000 });
    await runCommand(page, 'Livepeer: Focus on Assets View');
    await assetRow(page, ASSET).waitFor({ state: 'detached', timeout: 30_000 });
    await runCommand(page, 'Livepeer: Stop Local Studio');
    await statusItem(page).waitFor({ state: 'detached', timeout: 30_000 });
    console.log(`pristine local studio: packaged .vsix, no setting written; Start Local Studio from the palette (${(first.ms / 1000).toFixed(1)} s to its status item, ${(second.ms / 1000).toFixed(1)} s again); a webhook to a local receiver got asset.ready signed; a real video uploaded from the Explorer played; stopped and started with its data kept; reset through its modal (Cancel focused) (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    await workbench?.screenshot(join(screenshotDir, 'pristine-local-studio-failure.png'));
    throw error;
  } finally {
    await workbench?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}
