import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { startReceiver, type Receiver } from '../demo/receiver';
import { FIXTURE_MP4, NOT_ACCESSIBLE, NOT_A_VIDEO, startEmulator, startSourceServer, type Emulator, type EmulatorTask, type SourceServer } from '../emulator';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-tasks-emu-41';

describe('emulator: tasks, imports and recovery as the service answers them', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let source: SourceServer;

  async function raw(method: string, path: string, body?: unknown, token = TOKEN) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${emu.apiUrl}${path}`, { method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, link: res.headers.link as string | undefined, text, json: <T>() => JSON.parse(text) as T, error: () => (JSON.parse(text) as { errors: string[] }).errors[0] ?? '' };
  }

  const task = (id: string): EmulatorTask => {
    const found = emu.store.tasks.tasks.get(id);
    assert.ok(found, `task ${id}`);
    return found;
  };

  async function importUrl(url: string, name = 'imported') {
    const res = await raw('POST', '/asset/upload/url', { name, url });
    return { ...res, ids: res.status < 300 ? res.json<{ asset: { id: string }; task: { id: string } }>() : undefined };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20, defaultPageSize: 3 });
    source = await startSourceServer();
  });
  afterEach(async () => {
    await source.close();
    await emu.close();
  });

  it('an upload has a pending task that waits for the bytes, then runs with progress to completed', async () => {
    const created = (await raw('POST', '/asset/request-upload', { name: 'clip' })).json<{ url: string; asset: { id: string }; task: { id: string } }>();
    const t = task(created.task.id);
    assert.equal(t.status.phase, 'pending');
    assert.equal(t.type, 'upload');
    assert.equal(t.outputAssetId, created.asset.id);
    const seen = new Set<string>();
    const progress: number[] = [];
    const stop = emu.store.onEvent((change) => {
      if (!('task' in change) || change.task.id !== t.id) return;
      seen.add(change.task.status.phase);
      if (change.task.status.progress !== undefined) progress.push(change.task.status.progress);
    });
    try {
      const put = await request(created.url, { method: 'PUT', body: readFileSync(FIXTURE_MP4) });
      await put.body.dump();
      await waitFor(() => t.status.phase === 'completed');
      assert.deepEqual([...seen], ['waiting', 'running', 'completed']);
      assert.deepEqual(progress, [0.2, 0.7, 1]);
      assert.equal(emu.store.assets.get(created.asset.id)?.status.phase, 'ready');
    } finally {
      stop();
    }
  });

  it('GET /task: newest first, unknown filter ids refused, ?phase= ignored, Link on a short last page with cursor=undefined', async () => {
    for (let i = 0; i < 4; i++) await raw('POST', '/asset/request-upload', { name: `a${i}` });
    const first = await raw('GET', '/task?limit=3');
    assert.equal(first.json<unknown[]>().length, 3);
    assert.match(first.link ?? '', /cursor=skip3/);
    const last = await raw('GET', '/task?limit=3&cursor=skip3');
    assert.equal(last.json<unknown[]>().length, 1);
    assert.match(last.link ?? '', /cursor=undefined/);
    const bad = await raw('GET', `/task?filters=${encodeURIComponent(JSON.stringify([{ id: 'status.phase', value: 'failed' }]))}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.error(), 'error parsing filters: Error: unknown field: "status.phase"');
    const ignored = await raw('GET', '/task?phase=failed&limit=10');
    assert.equal(ignored.json<EmulatorTask[]>().length, 4);
    const one = ignored.json<EmulatorTask[]>()[0];
    const byAsset = await raw('GET', `/task?filters=${encodeURIComponent(JSON.stringify([{ id: 'outputAssetId', value: one?.outputAssetId }]))}`);
    assert.deepEqual(byAsset.json<EmulatorTask[]>().map((t) => t.id), [one?.id]);
  });

  it('GET /task/{id}: unknown 404, another user 403, another project of the same user 200', async () => {
    const { task: { id } } = (await raw('POST', '/asset/request-upload', { name: 'x' })).json<{ task: { id: string } }>();
    assert.equal((await raw('GET', '/task/nope')).status, 404);
    const other = emu.accounts.addUser();
    const refused = await raw('GET', `/task/${id}`, undefined, other.token);
    assert.equal(refused.status, 403);
    assert.equal(refused.error(), 'user can only request information on their own tasks');
    const sibling = emu.accounts.addProject(emu.store.userId, 'Second');
    assert.equal((await raw('GET', `/task/${id}`, undefined, sibling.token)).status, 200);
    assert.equal((await raw('GET', '/task', undefined, sibling.token)).json<unknown[]>().length, 0);
  });

  it('an import fetches its loopback URL, stores the bytes and becomes ready; the same URL again answers the first import', async () => {
    const url = `${source.origin}/video.mp4`;
    const first = await importUrl(url);
    assert.equal(first.status, 201);
    const again = await importUrl(url, 'another name');
    assert.equal(again.status, 200);
    assert.deepEqual(again.ids, first.ids);
    const assetId = first.ids?.asset.id ?? '';
    await waitFor(() => emu.store.assets.get(assetId)?.status.phase === 'ready');
    assert.equal(task(first.ids?.task.id ?? '').status.phase, 'completed');
    assert.deepEqual(emu.store.assets.get(assetId)?.source, { type: 'url', url });
    assert.equal(await emu.uploadedSha256(assetId), createHash('sha256').update(readFileSync(FIXTURE_MP4)).digest('hex'));
    assert.equal((await importUrl(url)).status, 201, 'a ready import is not answered again');
  });

  it('an import of a 404 fails after its retries with the task runner’s message; bytes that are no video fail at once', async () => {
    const missing = await importUrl(`${source.origin}/gone`);
    const text = await importUrl(`${source.origin}/notes.txt`);
    const missingTask = task(missing.ids?.task.id ?? '');
    const textTask = task(text.ids?.task.id ?? '');
    await waitFor(() => missingTask.status.phase === 'failed' && textTask.status.phase === 'failed');
    assert.equal(missingTask.status.errorMessage, NOT_ACCESSIBLE);
    assert.equal(missingTask.status.retries, 2);
    assert.equal(source.requested.filter((p) => p === '/gone').length, 3);
    assert.equal(emu.store.assets.get(missing.ids?.asset.id ?? '')?.status.errorMessage, NOT_ACCESSIBLE);
    assert.equal(textTask.status.errorMessage, NOT_A_VIDEO);
    assert.equal(textTask.status.retries, 0);
  });

  it('refuses bad import bodies as the service does', async () => {
    assert.match((await importUrl('ftp://example.com/a.mp4')).error(), /must match pattern/);
    assert.match((await importUrl('https://example.com/a b.mp4')).error(), /must match format/);
    assert.equal((await importUrl('http://')).status, 500);
    assert.equal((await raw('POST', '/asset/upload/url', { name: 'x', url: 'https://e.com/a.mp4', profiles: [] })).error(), 'assets must have at least one profile');
    assert.equal((await raw('POST', '/asset/upload/url', { name: 'x', url: 'https://e.com/a.mp4', extra: 1 })).status, 422);
    const ar = await importUrl('https://arweave.net/abc123');
    assert.deepEqual(ar.json<{ asset: { source: unknown } }>().asset.source, { type: 'url', url: 'ar://abc123', gatewayUrl: 'https://arweave.net/abc123' });
  });

  it('injected faults: a task that fails at 50 % keeps that progress; a stalled one stays running', async () => {
    emu.store.tasks.injectFault({ failAt: 0.5, errorMessage: 'transcode failed: injected' });
    const failing = await importUrl(`${source.origin}/a.mp4`);
    const failed = task(failing.ids?.task.id ?? '');
    await waitFor(() => failed.status.phase === 'failed');
    assert.equal(failed.status.progress, 0.5);
    assert.equal(failed.status.errorMessage, 'transcode failed: injected');
    emu.store.tasks.injectFault({ stallAt: 0.2 });
    const stalling = await importUrl(`${source.origin}/b.mp4`);
    const stalled = task(stalling.ids?.task.id ?? '');
    await waitFor(() => stalled.status.progress === 0.2);
    const at = stalled.status.updatedAt;
    const other = await importUrl(`${source.origin}/c.mp4`);
    await waitFor(() => task(other.ids?.task.id ?? '').status.phase === 'completed');
    assert.equal(stalled.status.phase, 'running');
    assert.equal(stalled.status.updatedAt, at);
  });

  it('retry: only failed tasks (400 otherwise), back to waiting and run again; asset retry 204, restore brings a deleted asset back ready', async () => {
    emu.store.tasks.injectFault({ failAt: 0.2 });
    const imported = await importUrl(`${source.origin}/v.mp4`);
    const t = task(imported.ids?.task.id ?? '');
    const assetId = imported.ids?.asset.id ?? '';
    const notYet = await raw('POST', `/task/${t.id}/retry`);
    assert.equal(notYet.status, 400);
    assert.equal(notYet.error(), 'task is not in a retryable state');
    await waitFor(() => t.status.phase === 'failed');
    assert.equal((await raw('POST', `/asset/${assetId}/retry`)).status, 204);
    assert.equal(t.status.phase, 'waiting');
    assert.equal(t.status.errorMessage, undefined);
    assert.equal(emu.store.assets.get(assetId)?.status.phase, 'failed', 'the asset stays failed until the task runs');
    await waitFor(() => emu.store.assets.get(assetId)?.status.phase === 'ready');
    assert.equal((await raw('POST', `/asset/${assetId}/retry`)).error(), 'Asset is not failed');
    assert.equal((await raw('POST', '/asset/nope/retry')).status, 500);
    assert.equal((await raw('POST', '/task/nope/retry')).error(), 'task not found');

    const pending = (await raw('POST', '/asset/request-upload', { name: 'never uploaded' })).json<{ asset: { id: string } }>().asset.id;
    assert.equal((await raw('POST', `/asset/${pending}/restore`)).error(), 'asset is not deleted');
    assert.equal((await raw('DELETE', `/asset/${pending}`)).status, 204);
    assert.equal((await raw('POST', `/asset/${pending}/restore`)).status, 204);
    assert.equal((await raw('GET', `/asset/${pending}`)).json<{ status: { phase: string } }>().status.phase, 'ready');
  });

  it('sends task.* and asset.* webhook events as the service does', async () => {
    const receiver: Receiver = await startReceiver();
    try {
      emu.webhooks.add({ name: 'all', url: receiver.url, events: ['task.spawned', 'task.updated', 'task.completed', 'task.failed', 'asset.created', 'asset.updated', 'asset.ready'] });
      const imported = await importUrl(`${source.origin}/v.mp4`);
      await waitFor(() => emu.webhooks.log.some((e) => e.event === 'asset.ready') && emu.webhooks.log.some((e) => e.event === 'task.completed'));
      const events = emu.webhooks.log.map((e) => e.event);
      for (const name of ['task.spawned', 'task.updated', 'task.completed', 'asset.created', 'asset.updated', 'asset.ready']) assert.ok(events.includes(name), name);
      const completed = emu.webhooks.log.find((e) => e.event === 'task.completed');
      const body = JSON.parse(completed?.request.body ?? '{}') as { payload: { task: { id: string; type: string; snapshot: EmulatorTask } } };
      assert.equal(body.payload.task.id, imported.ids?.task.id);
      assert.equal(body.payload.task.type, 'upload');
      assert.equal(body.payload.task.snapshot.status.phase, 'completed');
    } finally {
      await receiver.close();
    }
  });
});
