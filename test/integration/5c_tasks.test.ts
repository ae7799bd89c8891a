import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { NOT_ACCESSIBLE, startSourceServer, type SourceServer } from '../emulator';
import { answer, asked, assertAllAnswered, client, emulator, eventually, resultText, signIn, type PromptRequest } from './harness';
import { assetRow as row, phaseOf } from './assetRows';

type Input = Extract<PromptRequest, { kind: 'input' }>;

const imports = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'POST' && r.url.startsWith('/api/asset/upload/url')).length;

/** Answers the three questions of Import from URL: the URL (checking what was prefilled), the name, public playback. */
function answerImport(url: string, name: string, prefilled?: string): void {
  answer(
    (request) => {
      assert.equal(request.kind, 'input');
      assert.equal(request.options.value, prefilled ?? '', 'an empty box unless a URL is offered');
      return url;
    },
    () => name,
    (request) => (request as Extract<PromptRequest, { kind: 'pick' }>).items[0],
  );
}

describe('Tasks: Import from URL, Why Is This Not Ready?', function () {
  this.timeout(60_000);
  let source: SourceServer;

  before(async () => {
    await signIn();
    source = await startSourceServer();
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
    await vscode.commands.executeCommand('livepeer.assets.focus');
  });
  after(async () => {
    await source.close();
  });
  afterEach(() => assertAllAnswered());

  it('imports from a local URL: the asset appears at once, follows its task and becomes ready', async () => {
    const url = `${source.origin}/holiday.mp4`;
    answerImport(url, 'Holiday', url);
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl', url);
    const asset = [...emulator.store.assets.values()].find((a) => a.name === 'Holiday');
    assert.ok(asset, 'the service has the asset');
    assert.deepEqual(asset.source, { type: 'url', url });
    await row('Holiday');
    await eventually(async () => assert.equal(phaseOf(await row('Holiday')), 'ready'), 20_000);
    assert.ok(source.requested.includes('/holiday.mp4'), 'the emulator fetched the URL');
    await eventually(() => assert.equal(asked.filter((r) => r.kind === 'message' && /“Holiday” is imported and ready/.test(r.message)).length, 1));
    const info = await client().playback.get(asset.playbackId);
    assert.ok(info.meta.source.length > 0, 'it plays');
  });

  it('refuses a bad URL in the box before sending; a URL selected in an editor is offered', async () => {
    const before = imports();
    answer(
      (request) => {
        assert.equal((request as Input).rejected, undefined);
        return 'ftp://example.com/a.mp4';
      },
      (request) => {
        assert.match((request as Input).rejected ?? '', /only http\(s\):\/\/, ipfs:\/\/ and ar:\/\//);
        return undefined;
      },
    );
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl');
    assert.equal(imports(), before, 'nothing sent');

    const url = `${source.origin}/from-editor.mp4`;
    const document = await vscode.workspace.openTextDocument({ content: `see ${url} here` });
    const editor = await vscode.window.showTextDocument(document);
    try {
      const start = document.getText().indexOf(url);
      editor.selection = new vscode.Selection(document.positionAt(start), document.positionAt(start + url.length));
      answer(
        (request) => {
          assert.equal((request as Input).options.value, url);
          return undefined;
        },
      );
      await vscode.commands.executeCommand('livepeer.assets.importFromUrl');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('Why Is This Not Ready?: a failed import says the service’s error and to fix the URL', async () => {
    answerImport(`${source.origin}/missing`, 'Gone video');
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl', undefined);
    await eventually(async () => assert.equal(phaseOf(await row('Gone video')), 'failed'), 20_000);
    await vscode.commands.executeCommand('livepeer.assets.whyNotReady', (await row('Gone video')).element);
    const text = await eventually(() => resultText(/^\/Why is “Gone video” not ready\.md$/) ?? assert.fail('no document'));
    assert.ok(text.includes(`**Failed: ${NOT_ACCESSIBLE}**`), text);
    assert.match(text, /Next: Check that the source URL answers/);
    assert.match(text, /Task: import .*failed, tried 3 times/);
    const failures = asked.filter((r) => r.kind === 'message' && /importing “Gone video” failed: file could not be imported/.test(r.message));
    assert.equal(failures.length, 1, 'said once');
    assert.deepEqual((failures[0] as { actions: string[] }).actions, ['Why?']);
  });

  it('a processing asset’s tooltip and Why Is This Not Ready? show its task’s progress', async () => {
    emulator.store.tasks.injectFault({ stallAt: 0.2 });
    answerImport(`${source.origin}/slow.mp4`, 'Slow video');
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl', undefined);
    const item = await eventually(async () => {
      const found = await row('Slow video');
      assert.match(found.description, /^processing 20%/);
      return found;
    }, 20_000);
    assert.equal(item.item.tooltip, undefined, 'built on hover');
    assert.match(await item.hover(), /Task: import running 20 %/);
    await vscode.commands.executeCommand('livepeer.assets.whyNotReady', item.item.id);
    const text = await eventually(() => resultText(/^\/Why is “Slow video” not ready\.md$/) ?? assert.fail('no document'));
    assert.match(text, /\*\*Processing at 20 %/);
  });
});
