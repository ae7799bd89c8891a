// The pristine product's Tasks view (called by test/person/pristine.ts, in its window): an import started
// from the palette is drawn in Tasks at once and followed to its end without Refresh Tasks, and the
// row's actions are in its context menu (reachable without hovering).
import { startSourceServer, type Emulator } from '../emulator';
import { runCommand, until, type Page } from './workbench';

/** Text of the Tasks view's drawn row showing `label`, or undefined while none is drawn. */
async function drawnTaskRow(page: Page, label: string): Promise<string | undefined> {
  const rows = await page.locator('.pane:has(> .pane-header[aria-label^="Tasks"]) .monaco-list-row', { hasText: label }).allTextContents();
  return rows[0];
}

export async function checkTasksLive(page: Page, emulator: Emulator): Promise<void> {
  const source = await startSourceServer();
  try {
    // Nothing listed still runs (the refused upload's task waits for bytes for good): the view then
    // reads its list only when told to, as after a person's tasks all ended.
    for (const task of emulator.store.tasks.tasks.values()) {
      if (['pending', 'waiting', 'running'].includes(task.status.phase) && task.outputAssetId) emulator.store.failAsset(task.outputAssetId, 'ended before the Tasks check');
    }
    await runCommand(page, 'Livepeer: Focus on Tasks View');
    await page.locator('.pane:has(> .pane-header[aria-label^="Tasks"]) .monaco-list-row').first().waitFor({ timeout: 15_000 });
    // Import Video from URL… from the palette, each answer typed as a person does.
    await runCommand(page, 'Livepeer: Import Video from URL');
    await page.locator('.quick-input-widget', { hasText: 'Address of the video' }).first().waitFor();
    await page.keyboard.type(`${source.origin}/pristine-import.mp4`);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'Asset name' }).first().waitFor();
    await page.keyboard.type('Pristine import');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Public' }).first().waitFor();
    await page.keyboard.press('Enter');
    // Drawn without Refresh Tasks, then followed to its end.
    await until('the import to be drawn in Tasks', () => drawnTaskRow(page, 'import · Pristine import'));
    const row = page.locator('.pane:has(> .pane-header[aria-label^="Tasks"]) .monaco-list-row', { hasText: 'import · Pristine import' }).first();
    await until('the import to be drawn completed', async () => ((await drawnTaskRow(page, 'import · Pristine import'))?.includes('completed') ? true : undefined));
    // Its Play action is in the row's context menu too.
    await row.click({ button: 'right' });
    await page.locator('.context-view .monaco-menu .action-label', { hasText: 'Play' }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  } finally {
    await source.close();
  }
}
