import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { TOKEN, api, emulator, screenshot, sleep } from './harness';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('log and screenshot', () => {
  it('logs every API call with method, path, status and duration, and no secret', async () => {
    await sleep(500); // the log channel writes its file asynchronously
    const text = filesUnder(api.logUri.fsPath)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    assert.match(text, /GET \/access-control\/signing-key → 200 \(\d+ ms\)/);
    console.log(`log: ${/activated in \d+ ms/.exec(text)?.[0]}`);
    assert.match(text, /POST \/access-control\/signing-key → 201/);
    assert.ok(!text.includes(TOKEN), 'the token is not in the log');
    for (const stream of emulator.store.streams.values()) {
      if (stream.streamKey) assert.ok(!text.includes(stream.streamKey), 'no stream key in the log');
    }
  });

  it('shows the Livepeer container (screenshot for the README)', async () => {
    await api.streams.filters.set({ activity: 'all', recordingOnly: false });
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await vscode.commands.executeCommand('livepeer.signingKeys.focus');
    await sleep(1500);
    const file = await screenshot('views');
    assert.ok(statSync(file).size > 10_000);
  });
});
