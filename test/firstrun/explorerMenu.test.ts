import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../integration/harness';

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

  it('offers Upload to Livepeer on a video in the Explorer, and only there, without activating the extension', async () => {
    assert.equal(extension().isActive, false, 'nothing activated the extension before the right-click');
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    await reveal(folder, 'Launch Teaser.MP4');
    await reveal(folder, 'notes.txt');

    const onVideo = await explorerContextMenu('Launch Teaser.MP4');
    assert.ok(onVideo.includes('Upload to Livepeer'), `menu on a video: ${onVideo.join(' | ')}`);
    const onText = await explorerContextMenu('notes.txt');
    assert.ok(onText.includes('Copy Path') || onText.includes('Rename...'), `a real Explorer menu was read: ${onText.join(' | ')}`);
    assert.ok(!onText.includes('Upload to Livepeer'), 'not offered on a text file');
    assert.equal(extension().isActive, false, 'showing the menu did not need the extension');
  });
});
