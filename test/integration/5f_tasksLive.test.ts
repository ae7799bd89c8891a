import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StreamItem } from '../../src/ui/streams/streamItem';
import { startSourceServer, type SourceServer } from '../emulator';
import { answer, asked, assertAllAnswered, emulator, eventually, person, signIn, view, type PromptRequest } from './harness';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;

/** What the Tasks view shows, as the workbench draws it: its rows' labels and descriptions, or its welcome text. */
async function tasksPane(): Promise<string> {
  return (await person.text('.pane:has(> .pane-header[aria-label^="Tasks"]) .pane-body')) ?? '';
}

/** The drawn row of the task that makes the asset named `name` (its label, then its description). */
async function drawnRow(name: string): Promise<string> {
  const lines = (await tasksPane()).split('\n');
  const line = lines.findIndex((text) => text.includes(` · ${name}`));
  assert.ok(line >= 0, `a drawn row for ${name} in:\n${lines.join('\n')}`);
  return lines.slice(line, line + 2).join(' ');
}

const said = (pattern: RegExp) => asked.filter((r) => r.kind === 'message' && pattern.test(r.message));

/** Answers Import from URL's three questions: the URL, the name, public playback. */
function answerImport(url: string, name: string): void {
  answer(
    () => url,
    () => name,
    (request) => (request as Pick).items[0],
  );
}

describe('Tasks view: what this window starts shows at once and is followed', function () {
  this.timeout(90_000);
  let source: SourceServer;

  before(async () => {
    await signIn();
    source = await startSourceServer();
    // Nothing listed still runs (an earlier suite's stalled import): the view then reads its list only when told to.
    for (const task of emulator.store.tasks.tasks.values()) {
      if (['pending', 'waiting', 'running'].includes(task.status.phase) && task.outputAssetId) emulator.store.failAsset(task.outputAssetId, 'stopped before the live Tasks tests');
    }
    await vscode.commands.executeCommand('livepeer.tasks.refresh');
    await vscode.commands.executeCommand('livepeer.tasks.focus');
  });
  after(async () => {
    await source.close();
  });
  afterEach(() => assertAllAnswered());

  it('an empty Tasks view says what it lists and how to start something', async () => {
    const kept = new Map(emulator.store.tasks.tasks);
    emulator.store.tasks.tasks.clear();
    try {
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
      const text = await eventually(async () => (await tasksPane()).match(/No tasks yet[\s\S]*/)?.[0] ?? assert.fail(`no welcome in:\n${await tasksPane()}`));
      assert.match(text, /upload[\s\S]*import[\s\S]*clip/i, 'what it lists');
      assert.match(text, /Import Video from URL/, 'how to start');
    } finally {
      for (const [id, task] of kept) emulator.store.tasks.tasks.set(id, task);
      await vscode.commands.executeCommand('livepeer.tasks.refresh');
    }
  });

  it('a failing import from the palette shows in Tasks at once, without Refresh, and its end is drawn when it fails', async () => {
    await eventually(async () => assert.ok((await tasksPane()).trim(), 'the view is drawn'));
    answerImport(`${source.origin}/missing-live`, 'Live gone');
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl');
    await eventually(() => drawnRow('Live gone'));
    await eventually(async () => assert.match(await drawnRow('Live gone'), /failed/), 60_000);
    await eventually(() => assert.equal(said(/importing “Live gone” failed/).length, 1));
  });

  it('a clip shows in Tasks at once and is followed to completed', async () => {
    const stream = emulator.store.addStream({ name: 'Live Tasks Show' });
    emulator.store.startSession(stream, { createdAt: Date.now() - 120_000, sourceSegmentsDuration: 120 });
    emulator.store.endLiveSession(stream);
    await vscode.commands.executeCommand('livepeer.streams.refresh');
    const streams = view('streams');
    const row = (await streams.rows()).find((r) => (r.element as Partial<StreamItem>).stream?.id === stream.id);
    const sessionRow = (await streams.rows(row)).find((r) => String(r.contextValue).startsWith('session'))?.element;
    assert.ok(sessionRow, 'its session is listed');
    answer(
      (request) => (request as Pick).items[0],
      () => 'Live clip',
    );
    await vscode.commands.executeCommand('livepeer.streams.createClip', sessionRow);
    await eventually(() => drawnRow('Live clip'));
    await eventually(async () => assert.match(await drawnRow('Live clip'), /completed/), 60_000);
  });

  it('Retry Asset Processing on a failed import: says it was retried, draws its task running again, follows it to its end and says it', async () => {
    emulator.store.tasks.injectFault({ type: 'upload', failAt: 0.5, errorMessage: 'injected for the retry' });
    answerImport(`${source.origin}/retry-me.mp4`, 'Retry me');
    await vscode.commands.executeCommand('livepeer.assets.importFromUrl');
    await eventually(() => assert.equal(said(/importing “Retry me” failed: injected for the retry/).length, 1), 60_000);
    await eventually(async () => assert.match(await drawnRow('Retry me'), /failed/));
    const asset = [...emulator.store.assets.values()].find((a) => a.name === 'Retry me')!;
    // The new run stops moving at 40 %: its row can be seen running.
    emulator.store.tasks.injectFault({ stallAt: 0.4 });
    await vscode.commands.executeCommand('livepeer.assets.retry', asset.id);
    const retry = emulator.requests.find((r) => r.method === 'POST' && r.url === `/api/asset/${asset.id}/retry`);
    assert.equal(retry?.status, 204);
    assert.equal(said(/“Retry me” retried/).length, 1, 'a word that it was retried');
    await eventually(async () => assert.match(await drawnRow('Retry me'), /running 40 %/), 30_000);
    emulator.store.failAsset(asset.id, 'stopped for the test');
    await eventually(() => assert.equal(said(/importing “Retry me” failed: stopped for the test/).length, 1, 'its new end is said'), 30_000);
    await eventually(async () => assert.match(await drawnRow('Retry me'), /failed/));
  });

  it('Retry Task on a failed import’s row: says it was retried and follows the new run to ready', async () => {
    const item = (await view('tasks').rows()).find((r) => /Retry me/.test(`${r.label} ${r.description}`));
    assert.match(String(item?.contextValue), /^task failed import/, 'its failed row');
    await vscode.commands.executeCommand('livepeer.tasks.retry', item?.element);
    assert.equal(said(/“Retry me” retried/).length, 2, 'a word that it was retried');
    await eventually(() => assert.equal(said(/“Retry me” is imported and ready/).length, 1), 60_000);
    await eventually(async () => assert.match(await drawnRow('Retry me'), /completed/));
  });
});
