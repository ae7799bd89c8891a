// Uploads as a person starts them in the pristine product's window (test/person/pristine.ts and its
// restart checks): from the Explorer's context menu, then the asset as the emulator stored it.
import assert from 'node:assert/strict';
import type { Emulator } from '../emulator';
import { runCommand, until, type Page } from './workbench';

/** Right-click the Explorer row → Upload to Livepeer → the name box (typed into, as a person does) → Enter. */
export async function uploadFromExplorer(page: Page, file: string, assetName: string): Promise<void> {
  // The Explorer may be hidden (a flow started from the walkthrough shows the view its result lands in).
  if (!(await page.locator('.explorer-folders-view').isVisible())) await runCommand(page, 'View: Show Explorer');
  const row = page.locator('.explorer-folders-view').getByRole('treeitem', { name: file, exact: true });
  const item = page.locator('.context-view .monaco-menu .action-label', { hasText: 'Upload to Livepeer' }).first();
  // A right-click while the workbench still settles (a file just appeared, an editor opening takes the
  // focus) can open no menu, or one that closes at once: right-click again, as a person would.
  await until(`the Explorer menu of ${file} to run Upload to Livepeer`, async () => {
    await row.click({ button: 'right' });
    const chosen = await item.hover({ timeout: 5_000 }).then(
      () => true,
      () => undefined,
    );
    await page.keyboard.press(chosen ? 'Enter' : 'Escape');
    return chosen;
  }, 60_000);
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
  await page.getByText(`Asset name for ${file}`, { exact: false }).first().waitFor();
  // Typing replaces the selected file name only if the box has the keyboard focus.
  await page.keyboard.type(assetName);
  await page.keyboard.press('Enter');
}

/** The asset named `name` once its upload is complete, with the SHA-256 of the bytes the emulator stored; fails on an error notification. */
export async function arrived(emulator: Emulator, page: Page, name: string): Promise<{ id: string; sha256: string }> {
  return until(`${name} to arrive`, async () => {
    const errors = await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'could not upload' }).allTextContents();
    assert.deepEqual(errors, [], 'no upload error');
    const asset = [...emulator.store.assets.values()].find((a) => a.name === name);
    const stored = asset && (await emulator.uploadedSha256(asset.id));
    return asset && stored ? { id: asset.id, sha256: stored } : undefined;
  });
}
