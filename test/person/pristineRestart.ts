// What the pristine product says after a restart (called by test/person/pristine.ts, in its window):
// an upload cut by Reload Window is offered for resuming, and its action resumes it; a new window
// over a profile whose stored state another version or window damaged (two profiles under one name,
// a keychain that lost its secrets) says what it repaired and which private key is missing.
import assert from 'node:assert/strict';
import type { Emulator } from '../emulator';
import { arrived, uploadFromExplorer } from './explorerUpload';
import { runCommand, until, type Page } from './workbench';

const EXTENSION_ID = 'livepeer-studio-tools.livepeer-studio';
const TOAST = '.notifications-toasts .notification-list-item';
const DIALOG = '.monaco-dialog-box';

const requestUploads = (emulator: Emulator) => emulator.requests.filter((r) => r.method === 'POST' && /^\/api\/asset\/request-upload/.test(r.url)).length;

/**
 * Starts uploading `file` as `name` and holds its first tus PATCH at the service (never answered:
 * the window that sent it goes away); resolves once the upload is under way, with what resuming is measured against.
 */
export async function startUploadToInterrupt(page: Page, emulator: Emulator, file: string, name: string): Promise<{ name: string; requestUploads: number }> {
  emulator.faults.hold({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/ });
  await uploadFromExplorer(page, file, name);
  await until(`the upload of ${name} to be under way`, () => {
    const asset = [...emulator.store.assets.values()].find((a) => a.name === name);
    // The held PATCH is logged before its handler learns the asset: its URL ends with the asset's playback id.
    return asset?.playbackId && emulator.requests.some((r) => r.origin === 'ingest' && r.method === 'PATCH' && r.url.endsWith(`/${asset.playbackId}`)) ? true : undefined;
  });
  // Watched in the Uploads view: the window comes back with it shown, which activates the extension (nothing else would).
  await runCommand(page, 'Livepeer: Focus on Uploads View');
  await page.locator('.pane-body .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
  return { name, requestUploads: requestUploads(emulator) };
}

/** The text of the toast that says `words` (the whole message as drawn), once it shows. */
async function toastText(page: Page, words: string): Promise<string> {
  return until(`a notification saying “${words}”`, async () => (await page.locator(`${TOAST} .notification-list-item-message`, { hasText: words }).allTextContents())[0], 60_000);
}

/** After the window was reloaded during the upload: the notice in its exact words; Resume All completes it on the same asset. */
export async function checkResumeOffer(page: Page, emulator: Emulator, interrupted: { name: string; requestUploads: number }): Promise<string> {
  const said = await toastText(page, 'interrupted and can be resumed');
  assert.equal(said, `Livepeer: an upload was interrupted and can be resumed: “${interrupted.name}”.`);
  const toast = page.locator(TOAST, { hasText: 'interrupted and can be resumed' }).first();
  assert.deepEqual(await toast.locator('.notification-list-item-buttons-container .monaco-button').allTextContents(), ['Resume All', 'Show']);
  await toast.locator('.notification-list-item-buttons-container .monaco-button', { hasText: 'Resume All' }).first().click();
  const stored = await arrived(emulator, page, interrupted.name);
  assert.equal(requestUploads(emulator), interrupted.requestUploads, 'resumed on the asset it had, not uploaded anew');
  return stored.sha256;
}

/**
 * Closes the window, then, on the same origin (where the web workbench keeps an extension's state:
 * globalState in IndexedDB, secrets sealed in localStorage), stores a second profile named " default "
 * (as an older version or a second window adding at once could) and clears the secrets (a cleared
 * keychain); then opens the window again.
 */
async function reopenOverDamagedProfile(page: Page): Promise<void> {
  const workbenchUrl = page.url();
  await page.goto(new URL('/livepeer-window-closed', workbenchUrl).href);
  // Run in the page (this file's types are Node's, not the DOM's: the script is given as text).
  const stored = await page.evaluate<string>(`(async () => {
    localStorage.removeItem('secrets.provider');
    const done = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
    const db = await done(indexedDB.open('vscode-web-state-db-global'));
    try {
      const table = db.transaction('ItemTable', 'readwrite').objectStore('ItemTable');
      const raw = await done(table.get(${JSON.stringify(EXTENSION_ID)}));
      const state = JSON.parse(raw ?? '{}');
      const record = state['livepeer.profiles'];
      if (!record?.profiles?.[0]) return 'no profiles in ' + raw;
      record.profiles.push({ id: 'stored-twice-0001', name: ' default ', baseUrl: record.profiles[0].baseUrl, privateKeys: [] });
      await done(table.put(JSON.stringify(state), ${JSON.stringify(EXTENSION_ID)}));
      return record.profiles.map((p) => p.name).join(', ') + ' · private keys kept: ' + record.profiles[0].privateKeys.length;
    } finally {
      db.close();
    }
  })()`);
  assert.equal(stored, 'Default,  default  · private keys kept: 1', 'the stored profiles, as damaged');
  const opened = page.waitForEvent('load', { timeout: 60_000 });
  await page.goto(workbenchUrl);
  await opened;
  // The person opens the Livepeer views (a window left by navigating away reopens on the Explorer): the extension activates.
  await page.locator('.explorer-folders-view').getByRole('treeitem', { name: 'videos', exact: true }).click({ timeout: 60_000 });
  await runCommand(page, 'Livepeer: Focus on Signing Keys View');
}

/**
 * The new window: says which profile it renamed; with the token typed in again, the kept key whose
 * secret is gone is marked on its row, and signing with it says so in a modal whose safe answer signs nothing.
 */
export async function checkNewWindowOverDamagedProfile(page: Page, emulator: Emulator, token: string, key: string, stream: string): Promise<void> {
  await reopenOverDamagedProfile(page);
  const repaired = await toastText(page, 'a second profile named');
  assert.equal(repaired, 'Livepeer: a second profile named “default” is now “default 2” (profile names ignore case and spaces); each keeps its own token.');
  const toast = page.locator(TOAST, { hasText: 'a second profile named' }).first();
  assert.deepEqual(await toast.locator('.notification-list-item-buttons-container .monaco-button').allTextContents(), ['Rename Profile']);

  await runCommand(page, 'Livepeer: Set API Token');
  await page.locator('.quick-input-widget input[type="password"]').waitFor();
  await page.keyboard.type(token);
  await page.keyboard.press('Enter');
  const keyRow = page.locator('.pane-body .monaco-list-row', { hasText: key }).first();
  const description = await until(`the row of ${key} to say its private key is missing`, async () => {
    const [text] = await keyRow.locator('.label-description').allTextContents();
    return text?.includes('private key missing') ? text : undefined;
  });
  assert.match(description, /^private key missing · created /);

  const sent = emulator.requests.length;
  await keyRow.click({ button: 'right' });
  // Pointed at, then Enter (as explorerUpload.ts does): a click landing while the menu still settles
  // left it open with the item highlighted in a CI run.
  await page.locator('.context-view .monaco-menu .action-label', { hasText: 'Sign Playback Token' }).first().hover();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget:has(input[placeholder*="Sign a token for which playback id?"])').first().waitFor();
  await page.keyboard.type(stream);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: stream }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget:has(input[placeholder*="How long may the token be used?"])').first().waitFor();
  await page.keyboard.press('Enter');
  const dialog = page.locator(DIALOG).first();
  await dialog.waitFor({ timeout: 30_000 });
  assert.deepEqual(await dialog.locator('.dialog-message-text').allTextContents(), [`The private key of “${key}” is missing from VS Code’s secret storage.`]);
  assert.deepEqual(await dialog.locator('.dialog-message-detail').allTextContents(), [
    'It was kept there, but this VS Code no longer has it (another machine, or a cleared keychain). Choose the PEM file if you saved one; otherwise rotate the key to get a new private key.',
  ]);
  // As this workbench draws them (on Linux the first action is rightmost); Escape is Cancel.
  assert.deepEqual(await dialog.locator('.dialog-buttons .monaco-button').allTextContents(), ['Rotate Key…', 'Cancel', 'Choose File…']);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(!emulator.requests.slice(sent).some((r) => r.method === 'POST' || r.method === 'PATCH'), 'Escape signs and changes nothing');
}
