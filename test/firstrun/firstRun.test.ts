import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_TOKEN, startEmulator } from '../emulator';
import { EXTENSION_ID, answer, answerPrompts, assertAllAnswered, eventually, view } from '../integration/harness';

/** Right-clicks the Explorer row `name` through the test host's launcher and returns the menu's labels. */
async function explorerContextMenu(name: string): Promise<string[]> {
  const control = process.env.LIVEPEER_TEST_CONTROL_URL;
  assert.ok(control, 'run through test/runIntegration so the Explorer can be right-clicked');
  const response = await fetch(`${control}/explorer-context-menu?name=${encodeURIComponent(name)}`, { method: 'POST' });
  const body = await response.text();
  assert.equal(response.status, 200, `right-click failed: ${body}`);
  return JSON.parse(body) as string[];
}

async function reveal(folder: string, name: string): Promise<void> {
  const path = join(folder, name);
  writeFileSync(path, 'not really a video: menus look at the name only');
  await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(path));
}

describe('first run, before the extension is activated', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID)!;

  it('offers Upload to Livepeer on a video or a folder in the Explorer, and only there, without activating the extension', async () => {
    assert.equal(extension().isActive, false, 'nothing activated the extension before the right-click');
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    await reveal(folder, 'Launch Teaser.MP4');
    await reveal(folder, 'notes.txt');

    const onVideo = await explorerContextMenu('Launch Teaser.MP4');
    assert.ok(onVideo.includes('Upload to Livepeer'), `menu on a video: ${onVideo.join(' | ')}`);
    const onText = await explorerContextMenu('notes.txt');
    assert.ok(onText.includes('Copy Path') || onText.includes('Rename...'), `a real Explorer menu was read: ${onText.join(' | ')}`);
    assert.ok(!onText.includes('Upload to Livepeer'), 'not offered on a text file');
    mkdirSync(join(folder, 'raw footage'), { recursive: true });
    await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(join(folder, 'raw footage')));
    const onFolder = await explorerContextMenu('raw footage');
    assert.ok(onFolder.includes('Upload to Livepeer'), `offered on a folder (its videos): ${onFolder.join(' | ')}`);
    assert.equal(extension().isActive, false, 'showing the menu did not need the extension');
  });
});

describe('command palette', () => {
  /** The palette's rows for `query`, read through the test host's launcher. */
  async function palette(query: string): Promise<string[]> {
    await vscode.commands.executeCommand('workbench.action.quickOpen', `>${query}`);
    const response = await fetch(`${process.env.LIVEPEER_TEST_CONTROL_URL}/quick-input`, { method: 'POST' });
    const body = await response.text();
    assert.equal(response.status, 200, `reading the palette failed: ${body}`);
    return JSON.parse(body) as string[];
  }

  const includes = (labels: string[], wanted: string[], unwanted: string[]) => {
    for (const label of wanted) assert.ok(labels.includes(label), `${label} is listed: ${labels.join(' | ')}`);
    for (const label of unwanted) assert.ok(!labels.includes(label), `${label} is not listed: ${labels.join(' | ')}`);
  };
  const PAUSE = 'Livepeer: Pause Upload';
  const CANCEL = 'Livepeer: Cancel Upload';
  const RESUME = 'Livepeer: Resume Upload';
  const DISCARD = 'Livepeer: Discard Upload';
  const RESUME_ALL = 'Livepeer: Resume All Uploads';

  it('lists the main actions before activation, and no upload command that applies to nothing', async () => {
    includes(await palette('Upload'), ['Livepeer: Upload Video…'], [PAUSE, CANCEL, RESUME, DISCARD, RESUME_ALL, 'Livepeer: Upload to Livepeer']);
    includes(await palette('Livepeer: Set API'), ['Livepeer: Set API Token'], []);
    includes(await palette('Livepeer: Create'), ['Livepeer: Create Signing Key'], []);
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)!.isActive, false);
  });

  it('offers Pause and Cancel while a resumable upload runs, then Resume, Discard and Resume All once it is paused', async () => {
    const emulator = await startEmulator({ tokens: [DEFAULT_TOKEN] });
    const settings = vscode.workspace.getConfiguration('livepeer');
    try {
      await settings.update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
      await settings.update('upload.chunkSize', 8, vscode.ConfigurationTarget.Global);
      answerPrompts();
      await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
      await vscode.commands.executeCommand('livepeer.setToken', DEFAULT_TOKEN);
      const file = join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'talk.mp4');
      writeFileSync(file, randomBytes(48 * 2 ** 20));
      // The first PATCH is held until the pause aborts it: the upload runs for as long as the palette takes to read, however busy the machine.
      emulator.faults.hold({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/ });
      const uri = vscode.Uri.file(file);
      const finished = vscode.commands.executeCommand<Array<{ status: string }>>('livepeer.uploads.upload', uri, [uri], { name: 'Talk', method: 'tus' });
      const talkRow = () => view('uploads').row(/Talk|talk\.mp4/);
      const running = await eventually(talkRow);
      await eventually(async () => includes(await palette('Upload'), [PAUSE, CANCEL], [RESUME, DISCARD, RESUME_ALL]));

      await vscode.commands.executeCommand('livepeer.uploads.pause', running.element);
      assert.equal((await finished)[0]?.status, 'paused');
      await eventually(async () => includes(await palette('Upload'), [RESUME, DISCARD, RESUME_ALL], [PAUSE, CANCEL]));
      // Discard, deleting the asset the upload made (the modal's choice).
      answer(() => 'Discard and Delete Asset');
      await vscode.commands.executeCommand('livepeer.uploads.discard', (await talkRow()).element);
      assertAllAnswered();
      await eventually(async () => includes(await palette('Upload'), ['Livepeer: Upload Video…'], [PAUSE, CANCEL, RESUME, DISCARD, RESUME_ALL]));
    } finally {
      await emulator.close();
    }
  });
});
