// Load more… as a person sees it (part of npm run bench:ui): the workbench in headless Chromium, the
// extension from this repository, signed in to the large account. In a view, the keyboard goes to
// the last row (End) and presses Enter on "Load more…"; the figure is the time from that key press to
// the first frame drawn after the view's list grew — the page fetch, the extension, VS Code's
// extension host, the IPC and the workbench's tree all included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkbench, type Page } from '../../person/workbench';
import { BETWEEN_CLICKS_MS } from './largeAccount';

/**
 * In the page (plain JS: it runs in the workbench, through the DevTools protocol): `rows(title)` is
 * the list of the view whose pane header says `title`; `arm(title)` starts a timer from the next
 * Enter key press to the first animation frame after that list changed height (rows were added).
 */
const IN_PAGE = `globalThis.livepeerBench = {
  rows(title) {
    const pane = [...document.querySelectorAll('.pane')].find((p) => p.querySelector('.pane-header h3.title')?.textContent?.trim().toLowerCase() === title.toLowerCase());
    return pane?.querySelector('.monaco-list-rows');
  },
  count(title) {
    const rows = this.rows(title);
    const row = rows?.querySelector('.monaco-list-row');
    return row ? Math.round(parseFloat(rows.style.height) / row.offsetHeight) : 0;
  },
  arm(title) {
    const rows = this.rows(title);
    if (!rows) throw new Error('no list in the ' + title + ' view');
    const before = rows.style.height;
    this.timer = new Promise((resolve, reject) => {
      let pressed;
      addEventListener('keydown', (event) => { if (event.key === 'Enter') pressed = performance.now(); }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (pressed === undefined || rows.style.height === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - pressed));
      });
      observer.observe(rows, { attributes: true, attributeFilter: ['style'] });
      setTimeout(() => reject(new Error('the ' + title + ' list did not grow in 60 s')), 60000);
    });
  },
}`;

/** Clicks Load more… in `view` until it shows `rows` rows; ms per click. */
async function loadMoreByKeyboard(page: Page, view: string, rows: number): Promise<number[]> {
  const pane = page.locator('.pane', { hasText: view }).first();
  await pane.locator('.monaco-list-row').first().click();
  await page.evaluate(IN_PAGE);
  const times: number[] = [];
  while ((await page.evaluate<number>(`livepeerBench.count(${JSON.stringify(view)})`)) < rows) {
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_CLICKS_MS));
    await page.keyboard.press('End');
    await pane.locator('.monaco-list-row.focused', { hasText: 'Load more' }).first().waitFor();
    await page.evaluate(`livepeerBench.arm(${JSON.stringify(view)})`);
    await page.keyboard.press('Enter');
    times.push(Math.round(await page.evaluate<number>('livepeerBench.timer')));
  }
  return times;
}

/** Opens the workbench signed in to `apiUrl` with `token`, then Load more… to `rows` rows in Streams and in Assets. */
export async function loadMoreAsSeen(apiUrl: string, token: string, rows: number): Promise<{ streams: number[]; assets: number[] }> {
  const workspace = mkdtempSync(join(tmpdir(), 'livepeer-bench-browser-'));
  const workbench = await openWorkbench({ workspace, machineSettings: { 'livepeer.baseURL': apiUrl }, signInToken: token });
  try {
    const { page } = workbench;
    for (const view of ['Streams', 'Assets']) await page.locator('.pane', { hasText: view }).first().locator('.monaco-list-row').first().waitFor({ timeout: 60_000 });
    const streams = await loadMoreByKeyboard(page, 'Streams', rows);
    const assets = await loadMoreByKeyboard(page, 'Assets', rows);
    return { streams, assets };
  } catch (error) {
    await workbench.screenshot(join(tmpdir(), 'livepeer-bench-browser-failure.png'));
    throw error;
  } finally {
    await workbench.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}
