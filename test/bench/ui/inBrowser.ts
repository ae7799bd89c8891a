// Load more… as a person sees it (part of npm run bench:ui): the workbench in headless Chromium, the
// extension from this repository, signed in to the large account, and beside it VS Code's floor: a
// bare provider with label-only rows in one flat list (test/bench/ui/floor, installed in the same
// profile). In a view, the keyboard goes to the last row (End) and presses Enter on
// "Load more…"; the figure is the time from that key press to the first frame drawn after the view's
// list grew — the page fetch, the extension, VS Code's extension host, the IPC and the workbench's
// tree all included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkbench, root, runCommand, type Page } from '../../person/workbench';
import { BETWEEN_CLICKS_MS } from './largeAccount';

/** Each paged view by its pane's title, and the floor's. */
export const PAGED_VIEWS = { streams: 'Streams', assets: 'Assets', webhooks: 'Webhooks', tasks: 'Tasks', multistreamTargets: 'Multistream Targets', floor: 'Bench Floor' } as const;
export type PagedView = keyof typeof PAGED_VIEWS;

/**
 * In the page (plain JS: it runs in the workbench, through the DevTools protocol): `rows(title)` is
 * the list of the view whose pane header says `title`; `shown(title)` how many rows it holds (its
 * rows by the list's height, or past 500 the last row number a group row such as "Streams
 * 4,001–5,000" names); `lastRow(title)` waits for the focus on its last row (after End) and
 * says its text; `arm(title)` starts a timer from the next Enter key press to the first
 * animation frame after that list changed height (rows were added).
 */
const IN_PAGE = `globalThis.livepeerBench = {
  rows(title) {
    const pane = [...document.querySelectorAll('.pane')].find((p) => p.querySelector('.pane-header h3.title')?.textContent?.trim().toLowerCase() === title.toLowerCase());
    return pane?.querySelector('.monaco-list-rows');
  },
  shown(title) {
    const rows = this.rows(title);
    const row = rows?.querySelector('.monaco-list-row');
    if (!row) return 0;
    const grouped = [...rows.querySelectorAll('.monaco-list-row')].map((r) => Number(/\\u2013([\\d,.\\s\\u00a0\\u202f]+)$/.exec(r.textContent.trim())?.[1]?.replace(/\\D/g, '') ?? 0));
    return Math.max(Math.round(parseFloat(rows.style.height) / row.offsetHeight), ...grouped);
  },
  async lastRow(title) {
    for (let frame = 0; frame < 3600; frame++) {
      const focused = this.rows(title)?.querySelector('.monaco-list-row.focused');
      if (focused && focused.getAttribute('aria-posinset') === focused.getAttribute('aria-setsize')) return focused.textContent;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    throw new Error('the last row of the ' + title + ' view did not get the focus');
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

/** Focuses `view` (which opens its pane: Tasks and Multistream Targets start collapsed), then Load more… until it shows `rows` rows; ms per click. The pane is collapsed again after, leaving room for the next. */
async function loadMoreByKeyboard(page: Page, view: string, rows: number): Promise<number[]> {
  const pane = page.locator(`.pane:has(.pane-header h3.title:text-is("${view}"))`).first();
  // The keyboard goes to the view as a person sends it there (a click on a row would also expand it).
  await runCommand(page, `Focus on ${view} View`);
  await pane.locator('.monaco-list-row').first().waitFor({ timeout: 60_000 });
  // Again once it has rows: a pane that opened empty left the focus on no row.
  await runCommand(page, `Focus on ${view} View`);
  await page.evaluate(IN_PAGE);
  const times: number[] = [];
  for (;;) {
    // End scrolls to the last row, so it and the last group rows are drawn: done once the view holds `rows` or has no more.
    await page.keyboard.press('End');
    const last = await page.evaluate<string>(`livepeerBench.lastRow(${JSON.stringify(view)})`);
    if (!last.includes('Load more') || (await page.evaluate<number>(`livepeerBench.shown(${JSON.stringify(view)})`)) >= rows) break;
    await new Promise((resolve) => setTimeout(resolve, BETWEEN_CLICKS_MS));
    await page.evaluate(`livepeerBench.arm(${JSON.stringify(view)})`);
    await page.keyboard.press('Enter');
    times.push(Math.round(await page.evaluate<number>('livepeerBench.timer')));
  }
  await pane.locator('.pane-header').first().click();
  return times;
}

/** Opens the workbench signed in to `apiUrl` with `token` and the floor beside, then Load more… to `rows` rows in each paged view and in the floor. */
export async function loadMoreAsSeen(apiUrl: string, token: string, rows: number): Promise<Record<PagedView, number[]>> {
  const workspace = mkdtempSync(join(tmpdir(), 'livepeer-bench-browser-'));
  const workbench = await openWorkbench({
    workspace,
    machineSettings: { 'livepeer.baseURL': apiUrl },
    signInToken: token,
    alsoInstall: [join(root, 'test', 'bench', 'ui', 'floor')],
    env: { LIVEPEER_BENCH_FLOOR_ROWS: String(rows) },
  });
  try {
    const { page } = workbench;
    for (const view of ['Streams', 'Assets']) await page.locator('.pane', { hasText: view }).first().locator('.monaco-list-row').first().waitFor({ timeout: 60_000 });
    const times: Partial<Record<PagedView, number[]>> = {};
    for (const [key, title] of Object.entries(PAGED_VIEWS) as Array<[PagedView, string]>) times[key] = await loadMoreByKeyboard(page, title, rows);
    return times as Record<PagedView, number[]>;
  } catch (error) {
    await workbench.screenshot(join(tmpdir(), 'livepeer-bench-browser-failure.png'));
    throw error;
  } finally {
    await workbench.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}
