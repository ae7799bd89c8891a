import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { TOKEN, asked, contextKey, emulator, eventually, lastMessage, signIn, statusBarItems, view } from './harness';

/** A server that answers every request with an empty list and remembers what it got. */
async function listener(): Promise<{ server: Server; url: string; got: IncomingHttpHeaders[] }> {
  const got: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    got.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, got };
}

describe('A folder is not the user: livepeer.baseURL', () => {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const settingsFile = folder && join(folder, '.vscode', 'settings.json');
  const config = () => vscode.workspace.getConfiguration('livepeer');
  /** The base URL the current profile works with, as the profile's status bar item says it ("API: …"). */
  const profileApi = () => /API: (\S+)/.exec(statusBarItems().find((item) => item.id === 'livepeer.profile')?.tooltip ?? '')?.[1];

  it("set in the folder's .vscode/settings.json gets no request at all, and the user is told; set in the user settings it does", async () => {
    assert.ok(settingsFile, 'the host opens a folder');
    if (contextKey('livepeer.hasToken') !== true) await signIn();
    assert.equal(profileApi(), emulator.apiUrl, 'one profile, which follows the user setting');
    const target = await listener();
    try {
      await mkdir(join(folder, '.vscode'), { recursive: true });
      await writeFile(settingsFile, JSON.stringify({ 'livepeer.baseURL': target.url }));
      const told = await eventually(() => lastMessage(/settings set livepeer\.baseURL to http:\/\/127\.0\.0\.1:\d+: ignored/) ?? assert.fail('not told'));
      assert.deepEqual(told.actions, ['Open User Settings']);
      const before = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.keys.refresh');
      assert.ok(Array.isArray(await view('signingKeys').rows()));
      await vscode.commands.executeCommand('livepeer.streams.refresh');
      await eventually(() => assert.ok(emulator.requests.length > before, 'the views still load from the user-set base URL'));
      assert.equal(profileApi(), emulator.apiUrl);
      assert.equal(target.got.length, 0, `the folder's address got ${target.got.length} request(s)`);
      // The removal reaches the extension's file watcher with this one's (the same batch of file events);
      // a round trip to the window then lets the extension's read of the files go first.
      const watcher = vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json');
      try {
        const removed = new Promise((resolve) => watcher.onDidDelete(resolve));
        await rm(settingsFile);
        await removed;
      } finally {
        watcher.dispose();
      }
      await eventually(() => assert.equal(config().inspect('baseURL')?.workspaceValue, undefined));
      await vscode.workspace.fs.stat(vscode.Uri.file(folder));

      // Written again while the window is open, it is named again, as at the start.
      const named = () => asked.filter((r) => r.kind === 'message' && /settings set livepeer\.baseURL to http:\/\/127\.0\.0\.1:\d+: ignored/.test(r.message)).length;
      const namedBefore = named();
      await writeFile(settingsFile, JSON.stringify({ 'livepeer.baseURL': target.url }));
      await eventually(() => assert.equal(named(), namedBefore + 1, 'named again when written again'));
      assert.equal(target.got.length, 0, `the folder's address got ${target.got.length} request(s)`);
      await rm(settingsFile);
      await eventually(() => assert.equal(config().inspect('baseURL')?.workspaceValue, undefined));

      await config().update('baseURL', target.url, vscode.ConfigurationTarget.Global);
      await eventually(() => assert.equal(profileApi(), target.url));
      await vscode.commands.executeCommand('livepeer.keys.refresh');
      await view('signingKeys').rows();
      await eventually(() => assert.ok(target.got.some((headers) => headers.authorization === `Bearer ${TOKEN}`), 'the user-set address gets the requests'));
    } finally {
      await rm(settingsFile, { force: true });
      await config().update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
      await new Promise((resolve) => target.server.close(resolve));
      target.server.closeAllConnections();
    }
    await eventually(() => assert.equal(profileApi(), emulator.apiUrl));
  });
});
