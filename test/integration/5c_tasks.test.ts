import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AssetItem } from '../../src/ui/assets/activateAssets';
import type { PromptRequest } from '../../src/ui/common/prompts';
import { NOT_ACCESSIBLE, startSourceServer, type SourceServer } from '../emulator';
import { makeFile } from '../unit/helpers/uploadFiles';
import { TOKEN, answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, resultText, signIn } from './harness';

type Input = Extract<PromptRequest, { kind: 'input' }>;

async function row(name: string): Promise<AssetItem> {
  const found = ((await api.assets.getChildren()) ?? []).find((item): item is AssetItem => 'asset' in item && item.label === name);
  assert.ok(found, `row ${name}`);
  return found;
}

const imports = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'POST' && r.url.startsWith('/api/asset/upload/url')).length;

/** Answers the three questions of Import from URL: the URL (checking what was prefilled), the name, public playback. */
function answerImport(url: string, name: string, prefilled?: string): void {
  answer(
    (request) => {
      assert.equal(request.kind, 'input');
      assert.equal((request as Input).options.value, prefilled);
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
    await api.assets.filters.set({ search: '', phase: 'all' });
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
    await eventually(async () => assert.equal((await row('Holiday')).asset.status?.phase, 'ready'), 20_000);
    assert.ok(source.requested.includes('/holiday.mp4'), 'the emulator fetched the URL');
    await eventually(() => assert.equal(asked.filter((r) => r.kind === 'message' && /“Holiday” is imported and ready/.test(r.message)).length, 1));
    const info = await api.session.client().playback.get(asset.playbackId);
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
    await eventually(async () => assert.equal((await row('Gone video')).asset.status?.phase, 'failed'), 20_000);
    await vscode.commands.executeCommand('livepeer.assets.whyNotReady', await row('Gone video'));
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
      assert.equal(found.asset.status?.progress, 0.2);
      return found;
    }, 20_000);
    assert.equal(item.tooltip, undefined, 'built on hover');
    const resolved = await api.assets.resolveTreeItem(item, item);
    assert.match((resolved.tooltip as vscode.MarkdownString).value, /Task: import running 20 %/);
    await vscode.commands.executeCommand('livepeer.assets.whyNotReady', item.asset.id);
    const text = await eventually(() => resultText(/^\/Why is “Slow video” not ready\.md$/) ?? assert.fail('no document'));
    assert.match(text, /\*\*Processing at 20 %/);
  });

  it('Tasks view: newest first; polls only while something runs and the view is visible (requests counted); filters by phase and kind', async () => {
    const taskReads = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/task\/?(\?|$)/.test(r.url)).length;
    await vscode.commands.executeCommand('livepeer.tasks.focus');
    const view = await api.tasks.load();
    const rows = await eventually(async () => {
      const found = (await api.tasks.getChildren()).map((item) => String(item.label));
      assert.ok(found.includes('import · Slow video'), found.join(', '));
      return found;
    });
    assert.equal(rows.indexOf('import · Slow video'), 0, 'newest first');
    // The stalled import still runs: the view reads the list again on its own.
    const before = taskReads();
    await eventually(() => assert.ok(taskReads() >= before + 2, 'polled twice'), 20_000);
    // Between a read's start and its end no next read is armed yet.
    await eventually(() => assert.equal(view.polling, true));

    answer(
      (request) => (request as Extract<PromptRequest, { kind: 'pick' }>).items.find((item) => item.label === 'failed'),
      (request) => (request as Extract<PromptRequest, { kind: 'pick' }>).items.find((item) => item.label === 'import'),
    );
    await vscode.commands.executeCommand('livepeer.tasks.filter');
    const failedRows = await eventually(async () => {
      const found = (await api.tasks.getChildren()).map((item) => String(item.label));
      assert.deepEqual(found, ['import · Gone video']);
      return found;
    });
    assert.equal(failedRows.length, 1);
    assert.equal(view.polling, false, 'nothing listed runs: no read is armed');
    const settled = taskReads();
    await vscode.commands.executeCommand('livepeer.tasks.refresh');
    // The tree and another caller asking at once share the refresh's one read.
    const [shown, again] = await Promise.all([api.tasks.getChildren(), api.tasks.getChildren()]);
    assert.deepEqual([shown.length, again.length], [1, 1]);
    assert.equal(taskReads(), settled + 1, 'one read per refresh');
    await vscode.commands.executeCommand('livepeer.tasks.focus');
    assert.equal((await api.tasks.getChildren()).length, 1);
    assert.equal(taskReads(), settled + 1, 'none after');

    view.refresh({});
    await eventually(async () => assert.ok((await api.tasks.getChildren()).length > 1));
    await eventually(() => assert.equal(view.polling, true));
    await vscode.commands.executeCommand('workbench.view.explorer');
    await eventually(() => assert.equal(view.polling, false, 'hidden: nothing polls'));
    const hidden = taskReads();
    await vscode.commands.executeCommand('livepeer.assets.focus');
    await vscode.commands.executeCommand('workbench.view.explorer');
    assert.ok(taskReads() <= hidden + 1);
  });

  it('says once when an upload of this machine is processed (ready: Play; failed: the reason and Why?), nothing for another machine’s', async () => {
    const said = (pattern: RegExp) => asked.filter((r) => r.kind === 'message' && pattern.test(r.message));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-ends-'));
    try {
      const upload = (name: string) => {
        const uri = vscode.Uri.file(makeFile(path.join(folder, `${name}.mp4`), 64 * 1024));
        return vscode.commands.executeCommand('livepeer.uploads.upload', uri, [uri], { name, method: 'direct' });
      };
      await upload('end ready');
      await eventually(() => assert.equal(said(/“end ready” is uploaded and ready/).length, 1), 20_000);
      assert.deepEqual((said(/“end ready” is uploaded and ready/)[0] as { actions: string[] }).actions, ['Play', 'Copy Playback URL']);

      emulator.store.tasks.injectFault({ type: 'upload', failAt: 0.5, errorMessage: 'invalid video file codec' });
      clickNotification(/“end broken” was uploaded but the service could not process it: invalid video file codec/, 'Why?');
      await upload('end broken');
      const text = await eventually(() => resultText(/^\/Why is “end broken” not ready\.md$/) ?? assert.fail('Why? opened no answer'), 20_000);
      assert.match(text, /\*\*Failed: invalid video file codec\*\*/);
      const failures = said(/“end broken” was uploaded but/);
      assert.equal(failures.length, 1);
      assert.deepEqual((failures[0] as { actions: string[] }).actions, ['Why?']);

      // Another machine's import (the same account, not this window): shown in the views, never announced.
      const source = await startSourceServer();
      try {
        const other = await api.session.client().assets.importFromUrl({ name: 'Elsewhere', url: `${source.origin}/elsewhere.mp4` });
        await eventually(() => assert.equal(emulator.store.tasks.ofAsset(other.asset.id)?.status.phase, 'completed'), 20_000);
        await vscode.commands.executeCommand('livepeer.assets.refresh');
        await eventually(async () => assert.equal((await row('Elsewhere')).asset.status?.phase, 'ready'));
      } finally {
        await source.close();
      }
      // Read the views and asset again: a second settling of the same assets says nothing more.
      await vscode.commands.executeCommand('livepeer.assets.refresh');
      (await api.tasks.load()).refresh();
      assert.equal(said(/Elsewhere/).length, 0, 'nothing for a task this machine did not start');
      assert.equal(said(/“end ready” is uploaded and ready/).length, 1, 'once');
      assert.equal(said(/“end broken” was uploaded but/).length, 1, 'once');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('Notify When It Ends on another machine’s running import: said once when it ends, not before', async () => {
    const said = () => asked.filter((r) => r.kind === 'message' && /“Far away”/.test(r.message));
    const source = await startSourceServer();
    const view = await api.tasks.load();
    try {
      emulator.store.tasks.injectFault({ type: 'upload', stallAt: 0.5 });
      // Another machine's import: this window did not start it, so nothing follows it.
      const other = await api.session.client().assets.importFromUrl({ name: 'Far away', url: `${source.origin}/far-away.mp4` });
      await eventually(() => assert.equal(emulator.store.tasks.ofAsset(other.asset.id)?.status.progress, 0.5), 20_000);
      view.refresh({});
      const item = await eventually(async () => {
        const found = (await api.tasks.getChildren()).find((r) => (r as { task?: { outputAssetId?: string } }).task?.outputAssetId === other.asset.id);
        assert.match(String(found?.contextValue), /^task running import\b/, 'the running import is listed, Notify offered');
        return found;
      });
      await vscode.commands.executeCommand('livepeer.tasks.notify', item);
      assert.equal(said().length, 0, 'nothing said while it runs');
      emulator.store.failAsset(other.asset.id, 'the source stopped answering');
      await eventually(() => assert.equal(said().length, 1, 'said when it ends'), 20_000);
      assert.match((said()[0] as { message: string }).message, /importing “Far away” failed: the source stopped answering/);
      await vscode.commands.executeCommand('livepeer.assets.refresh');
      view.refresh({});
      await api.tasks.getChildren();
      assert.equal(said().length, 1, 'once');
    } finally {
      await source.close();
    }
  });

  it('Retry Task on a failed task’s row: the service runs it again and the view reads the list afresh', async () => {
    const view = await api.tasks.load();
    view.refresh({ phase: 'failed' });
    const item = await eventually(async () => {
      const gone = [...emulator.store.assets.values()].find((asset) => asset.name === 'Gone video');
      const found = (await api.tasks.getChildren()).find((row) => (row as { task?: { outputAssetId?: string } }).task?.outputAssetId === gone?.id);
      assert.ok(found, 'the failed import is listed');
      return found as vscode.TreeItem & { task: { id: string } };
    });
    const reads = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/task\/?(\?|$)/.test(r.url)).length;
    const before = reads();
    const changed = emulator.store.tasks.tasks.get(item.task.id)?.status.updatedAt;
    await vscode.commands.executeCommand('livepeer.tasks.retry', item);
    const retry = emulator.requests.find((r) => r.method === 'POST' && r.url === `/api/task/${item.task.id}/retry`);
    assert.ok(retry && retry.status! < 300, `POST /task/{id}/retry accepted: ${retry?.status}`);
    assert.notEqual(emulator.store.tasks.tasks.get(item.task.id)?.status.updatedAt, changed, 'the service ran it again');
    await api.tasks.getChildren();
    assert.ok(reads() > before, 'the list was read again');
    view.refresh({});
  });

  it('Tasks view: a Load more… row while the service has another page; Play on a completed task reads its asset and plays it', async () => {
    const view = await api.tasks.load();
    view.refresh({ phase: 'completed' });
    const done = await eventually(async () => {
      const found = (await api.tasks.getChildren()).find((row) => (row as { task?: { outputAssetId?: string } }).task?.outputAssetId);
      return (found as vscode.TreeItem & { task: { id: string; outputAssetId: string } }) ?? assert.fail('a completed task');
    });
    assert.match(String(done.contextValue), /^task completed .*playable/);
    const asset = emulator.store.assets.get(done.task.outputAssetId)!;
    await vscode.commands.executeCommand('livepeer.tasks.play', done);
    assert.ok(emulator.requests.some((r) => r.method === 'GET' && r.url === `/api/asset/${asset.id}`), 'the asset was read for its playback id');
    await eventually(() => assert.match(api.player.html, /<html/i));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok(!(await api.tasks.getChildren()).some((row) => row.label === 'Load more…'), 'one page: no Load more…');

    // More tasks than a page: 60 finished uploads of the same owner.
    const owner = emulator.store.tasks.tasks.get(done.task.id)!;
    const extra = Array.from({ length: 60 }, () => emulator.store.tasks.create({ userId: owner.userId, projectId: owner.projectId, type: 'upload', phase: 'waiting', params: {} }));
    try {
      for (const task of extra) emulator.store.tasks.update(task, { phase: 'completed' });
      view.refresh({});
      const first = await api.tasks.getChildren();
      assert.equal(first.at(-1)?.label, 'Load more…');
      assert.equal(first.at(-1)?.command?.command, 'livepeer.tasks.loadMore');
      const count = first.length - 1;
      await vscode.commands.executeCommand('livepeer.tasks.loadMore');
      const all = await api.tasks.getChildren();
      assert.ok(all.length - (all.at(-1)?.label === 'Load more…' ? 1 : 0) > count, 'the next page is added below');
      assert.equal(new Set(all.map((row) => row.id)).size, all.length, 'no row twice');
    } finally {
      for (const task of extra) emulator.store.tasks.tasks.delete(task.id);
      view.refresh({});
    }
  });

  it('a failed task whose error is a 1 MB page holding the token: its row and tooltip are bounded and blanked', async () => {
    const view = await api.tasks.load();
    const page = `<html><body><h1>502</h1><p>upstream said: Authorization: Bearer ${TOKEN}</p>${'<div>filler</div>'.repeat(60_000)}</body></html>`;
    assert.ok(page.length > 1_000_000);
    const task = emulator.store.tasks.create({ userId: emulator.store.userId, projectId: emulator.store.projectId, type: 'upload', phase: 'waiting', params: {} });
    emulator.store.tasks.fail(task, page);
    try {
      view.refresh({});
      const row = await eventually(async () => {
        const found = (await api.tasks.getChildren()).find((item) => (item as { task?: { id: string } }).task?.id === task.id);
        assert.ok(found, 'the failed task is listed');
        return found;
      });
      const description = String(row.description);
      const tooltip = (row.tooltip as vscode.MarkdownString).value;
      assert.match(description, /^failed: <html><body><h1>502<\/h1><p>upstream said: Authorization: Bearer \*\*\*/);
      assert.ok(description.length <= 220, `the row's description is ${description.length} characters`);
      assert.ok(tooltip.length <= 5_000, `the tooltip is ${tooltip.length} characters`);
      assert.match(tooltip.replace(/\\/g, ''), /Error: .*Bearer \*\*\*.*…/, 'the start and end of the error, cut between');
      for (const text of [description, tooltip, String(row.label)]) assert.ok(!text.includes(TOKEN), 'no token shown');
    } finally {
      emulator.store.tasks.tasks.delete(task.id);
      view.refresh({});
    }
  });

  it('Tasks view: a list that cannot load says why in a row (no notification); a click retries', async () => {
    const rows = async () => await api.tasks.getChildren();
    const notices = asked.length;
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/task\/?$/, status: 500, body: { errors: ['Internal server error: database down'] } });
    try {
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      const [error, ...others] = await rows();
      assert.equal(others.length, 0);
      assert.equal(error?.label, 'Could not load tasks');
      assert.equal(error?.contextValue, 'loadError');
      assert.equal(error?.description, 'service error HTTP 500: Internal server error: database down: try again later');
      assert.equal(error?.command?.command, 'livepeer.tasks.refresh');
      assert.equal(asked.length, notices, 'the row says it: no notification');
      await vscode.commands.executeCommand('livepeer.retryLoad', error);
      const listed = await rows();
      assert.ok(listed.length > 0 && listed.every((row) => row.contextValue !== 'loadError'), 'the tasks again');
    } finally {
      emulator.faults.clear();
    }
  });
});
