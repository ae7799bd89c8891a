import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSourceServer } from '../emulator';
import { makeFile } from '../unit/helpers/uploadFiles';
import { TOKEN, asked, assertAllAnswered, clickNotification, client, emulator, eventually, panels, resultText, signIn, sleep, view } from './harness';
import { assetOfTask, assetRow as row, filterTasks, phaseOf, taskIdOf, taskRows } from './assetRows';

// Goes on from 5c_tasks.test.ts: its imports (“Slow video” stalled, “Gone video” failed) are the tasks listed.
describe('Tasks: the Tasks view', function () {
  this.timeout(60_000);

  before(async () => {
    await signIn();
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
  });
  afterEach(() => assertAllAnswered());

  it('Tasks view: newest first; polls only while something runs and the view is visible (requests counted); filters by phase and kind', async () => {
    const taskReads = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/task\/?(\?|$)/.test(r.url)).length;
    await vscode.commands.executeCommand('livepeer.tasks.focus');
    const rows = await eventually(async () => {
      const found = (await taskRows()).map((item) => item.label);
      assert.ok(found.includes('import · Slow video'), found.join(', '));
      return found;
    });
    assert.equal(rows.indexOf('import · Slow video'), 0, 'newest first');
    // The stalled import still runs: the view reads the list again on its own.
    const before = taskReads();
    await eventually(() => assert.ok(taskReads() >= before + 1, 'polled'), 20_000);
    const polled = Date.now();
    await eventually(() => assert.ok(taskReads() >= before + 2, 'polled twice'), 20_000);
    // A claim that nothing is read needs a span of time: the gap between two polls as measured here.
    // The view reads again at most that long after a reload or a read (its first poll comes sooner,
    // later ones back off), so a view that kept polling would be caught within it, with 500 ms for the read itself.
    const pollGap = Date.now() - polled + 500;

    await filterTasks('failed', 'import');
    const failedRows = await eventually(async () => {
      const found = (await taskRows()).map((item) => item.label);
      assert.deepEqual(found, ['import · Gone video']);
      return found;
    });
    assert.equal(failedRows.length, 1);
    assert.equal(view('tasks').tree?.description, 'failed · import');
    const settled = taskReads();
    await sleep(pollGap);
    assert.equal(taskReads(), settled, 'nothing listed runs: nothing polls');
    await vscode.commands.executeCommand('livepeer.tasks.refresh');
    // The tree and another caller asking at once share the refresh's one read.
    const [shown, again] = await Promise.all([taskRows(), taskRows()]);
    assert.deepEqual([shown.length, again.length], [1, 1]);
    assert.equal(taskReads(), settled + 1, 'one read per refresh');
    await vscode.commands.executeCommand('livepeer.tasks.focus');
    assert.equal((await taskRows()).length, 1);
    assert.equal(taskReads(), settled + 1, 'none after');

    await filterTasks();
    await eventually(async () => assert.ok((await taskRows()).length > 1));
    const listed = taskReads();
    await eventually(() => assert.ok(taskReads() > listed, 'the stalled import runs: polled again'), 20_000);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await eventually(() => assert.equal(view('tasks').tree?.visible, false));
    const hidden = taskReads();
    await sleep(pollGap);
    assert.ok(taskReads() <= hidden + 1, 'hidden: nothing polls (a read under way may end)');
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
        const other = await client().assets.importFromUrl({ name: 'Elsewhere', url: `${source.origin}/elsewhere.mp4` });
        await eventually(() => assert.equal(emulator.store.tasks.ofAsset(other.asset.id)?.status.phase, 'completed'), 20_000);
        await vscode.commands.executeCommand('livepeer.assets.refresh');
        await eventually(async () => assert.equal(phaseOf(await row('Elsewhere')), 'ready'));
      } finally {
        await source.close();
      }
      // Read the views and asset again: a second settling of the same assets says nothing more.
      await vscode.commands.executeCommand('livepeer.assets.refresh');
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      await taskRows();
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
    try {
      emulator.store.tasks.injectFault({ type: 'upload', stallAt: 0.5 });
      // Another machine's import: this window did not start it, so nothing follows it.
      const other = await client().assets.importFromUrl({ name: 'Far away', url: `${source.origin}/far-away.mp4` });
      await eventually(() => assert.equal(emulator.store.tasks.ofAsset(other.asset.id)?.status.progress, 0.5), 20_000);
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      const item = await eventually(async () => {
        const found = (await taskRows()).find((r) => assetOfTask(r) === other.asset.id);
        assert.match(String(found?.contextValue), /^task running import\b/, 'the running import is listed, Notify offered');
        return found;
      });
      await vscode.commands.executeCommand('livepeer.tasks.notify', item?.element);
      assert.equal(said().length, 0, 'nothing said while it runs');
      emulator.store.failAsset(other.asset.id, 'the source stopped answering');
      await eventually(() => assert.equal(said().length, 1, 'said when it ends'), 20_000);
      assert.match((said()[0] as { message: string }).message, /importing “Far away” failed: the source stopped answering/);
      await vscode.commands.executeCommand('livepeer.assets.refresh');
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      await taskRows();
      assert.equal(said().length, 1, 'once');
    } finally {
      await source.close();
    }
  });

  it('Retry Task on a failed task’s row: the service runs it again and the view reads the list afresh', async () => {
    await filterTasks('failed');
    const item = await eventually(async () => {
      const gone = [...emulator.store.assets.values()].find((asset) => asset.name === 'Gone video');
      const found = (await taskRows()).find((row) => assetOfTask(row) === gone?.id);
      assert.ok(found, 'the failed import is listed');
      return found;
    });
    const taskId = (await taskIdOf(item)) ?? assert.fail('the row’s tooltip names its task');
    const reads = () => emulator.requests.filter((r) => r.origin === 'api' && r.method === 'GET' && /^\/api\/task\/?(\?|$)/.test(r.url)).length;
    const before = reads();
    const changed = emulator.store.tasks.tasks.get(taskId)?.status.updatedAt;
    await vscode.commands.executeCommand('livepeer.tasks.retry', item.element);
    const retry = emulator.requests.find((r) => r.method === 'POST' && r.url === `/api/task/${taskId}/retry`);
    assert.ok(retry && retry.status! < 300, `POST /task/{id}/retry accepted: ${retry?.status}`);
    assert.notEqual(emulator.store.tasks.tasks.get(taskId)?.status.updatedAt, changed, 'the service ran it again');
    await taskRows();
    assert.ok(reads() > before, 'the list was read again');
    await filterTasks();
  });

  it('Tasks view: a Load more… row while the service has another page; Play on a completed task reads its asset and plays it', async () => {
    await filterTasks('completed');
    const done = await eventually(async () => (await taskRows()).find((row) => assetOfTask(row)) ?? assert.fail('a completed task'));
    assert.match(String(done.contextValue), /^task completed .*playable/);
    const asset = emulator.store.assets.get(assetOfTask(done)!)!;
    await vscode.commands.executeCommand('livepeer.tasks.play', done.element);
    assert.ok(emulator.requests.some((r) => r.method === 'GET' && r.url === `/api/asset/${asset.id}`), 'the asset was read for its playback id');
    await eventually(() => assert.match(panels('livepeer.player').at(-1)?.html ?? '', /<html/i));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok(!(await taskRows()).some((row) => row.label === 'Load more…'), 'one page: no Load more…');

    // More tasks than a page: 60 finished uploads of the same owner.
    const owner = emulator.store.tasks.tasks.get((await taskIdOf(done))!)!;
    const extra = Array.from({ length: 60 }, () => emulator.store.tasks.create({ userId: owner.userId, projectId: owner.projectId, type: 'upload', phase: 'waiting', params: {} }));
    try {
      for (const task of extra) emulator.store.tasks.update(task, { phase: 'completed' });
      await filterTasks();
      // The filter reloads the list: the rows of the new query, once read.
      const first = await eventually(async () => {
        const rows = await taskRows();
        assert.equal(rows.at(-1)?.label, 'Load more…');
        return rows;
      });
      assert.equal(first.at(-1)?.command?.command, 'livepeer.tasks.loadMore');
      const count = first.length - 1;
      await vscode.commands.executeCommand('livepeer.tasks.loadMore');
      const all = await eventually(async () => {
        const rows = await taskRows();
        assert.ok(rows.length - (rows.at(-1)?.label === 'Load more…' ? 1 : 0) > count, `the next page is added below: ${rows.length} rows after ${count}, the last “${rows.at(-1)?.label}”`);
        return rows;
      });
      assert.equal(new Set(all.map((row) => row.item.id)).size, all.length, 'no row twice');
    } finally {
      for (const task of extra) emulator.store.tasks.tasks.delete(task.id);
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
    }
  });

  it('a failed task whose error is a 1 MB page holding the token: its row and tooltip are bounded and blanked', async () => {
    const page = `<html><body><h1>502</h1><p>upstream said: Authorization: Bearer ${TOKEN}</p>${'<div>filler</div>'.repeat(60_000)}</body></html>`;
    assert.ok(page.length > 1_000_000);
    const task = emulator.store.tasks.create({ userId: emulator.store.userId, projectId: emulator.store.projectId, type: 'upload', phase: 'waiting', params: {} });
    emulator.store.tasks.fail(task, page);
    try {
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      const row = await eventually(async () => {
        const rows = await taskRows();
        const ids = await Promise.all(rows.map(taskIdOf));
        const found = rows.find((_, i) => ids[i] === task.id);
        assert.ok(found, 'the failed task is listed');
        return found;
      });
      const description = String(row.description);
      assert.equal(row.tooltip, '', 'built on hover, not for every row drawn');
      const tooltip = await row.hover();
      assert.match(description, /^failed: <html><body><h1>502<\/h1><p>upstream said: Authorization: Bearer \*\*\*/);
      assert.ok(description.length <= 220, `the row's description is ${description.length} characters`);
      assert.ok(tooltip.length <= 5_000, `the tooltip is ${tooltip.length} characters`);
      assert.match(tooltip.replace(/\\/g, ''), /Error: .*Bearer \*\*\*.*…/, 'the start and end of the error, cut between');
      for (const text of [description, tooltip, String(row.label)]) assert.ok(!text.includes(TOKEN), 'no token shown');
    } finally {
      emulator.store.tasks.tasks.delete(task.id);
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
    }
  });

  it('Tasks view: a list that cannot load says why in a row (no notification); a click retries', async () => {
    const notices = asked.length;
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/task\/?$/, status: 500, body: { errors: ['Internal server error: database down'] } });
    try {
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      const [error, ...others] = await eventually(async () => {
        const rows = await taskRows();
        assert.equal(rows[0]?.label, 'Could not load tasks');
        return rows;
      });
      assert.equal(others.length, 0);
      assert.equal(error?.contextValue, 'loadError');
      assert.equal(error?.description, 'service error HTTP 500: Internal server error: database down: try again later');
      assert.equal(error?.command?.command, 'livepeer.tasks.refresh');
      assert.equal(asked.length, notices, 'the row says it: no notification');
      emulator.faults.clear();
      await vscode.commands.executeCommand('livepeer.retryLoad', error?.element);
      await eventually(async () => {
        const listed = await taskRows();
        assert.ok(listed.length > 0 && listed.every((row) => row.contextValue !== 'loadError'), 'the tasks again');
      });
    } finally {
      emulator.faults.clear();
    }
  });
});
