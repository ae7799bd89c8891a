import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import { TOKEN, answer, assertAllAnswered, emulator, logLines, screenshot, eventually, person, type PromptRequest } from './harness';

describe('log and screenshot', () => {
  it('logs every API call with method, path, status and duration, and no secret', () => {
    const text = logLines().join('\n');
    assert.match(text, /GET \/access-control\/signing-key → 200 \(\d+ ms\)/);
    console.log(`log: ${/activated in \d+ ms/.exec(text)?.[0]}`);
    assert.match(text, /POST \/access-control\/signing-key → 201/);
    assert.ok(!text.includes(TOKEN), 'the token is not in the log');
    for (const stream of emulator.store.streams.values()) {
      if (stream.streamKey) assert.ok(!text.includes(stream.streamKey), 'no stream key in the log');
    }
  });

  it('shows the Livepeer container (screenshot for the README)', async () => {
    // Every stream, recording or not: All Streams, and Recording On Only unticked when it is ticked.
    await vscode.commands.executeCommand('livepeer.streams.filter.all');
    answer((request) => {
      const items = (request as Extract<PromptRequest, { kind: 'pick' }>).items;
      return items.find((item) => item.label === '✓ Recording On Only') ?? undefined;
    });
    await vscode.commands.executeCommand('livepeer.streams.filter');
    assertAllAnswered();
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await vscode.commands.executeCommand('livepeer.signingKeys.focus');
    await eventually(async () => assert.match((await person.text('.pane:has(.pane-header[aria-label^="Signing Keys"]) .monaco-list-rows')) ?? '', /\S/));
    const file = await screenshot('views');
    assert.ok(statSync(file).size > 10_000);
  });
});
