import assert from 'node:assert/strict';
import { StudioClient, type ApiCallRecord } from '../../src/api';
import { importFromUrl, importUrlProblem } from '../../src/operations/importFromUrl';
import { restoreAsset } from '../../src/operations/restoreAsset';
import type { Refused } from '../../src/operations/refusal';
import { retryAsset, retryTask, untilRetryStarts } from '../../src/operations/retryProcessing';
import { whyNotReady } from '../../src/operations/whyNotReady';
import { startReceiver } from '../demo/receiver';
import { NOT_ACCESSIBLE, startEmulator, startSourceServer, type Emulator, type SourceServer } from '../emulator';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-tasks-ops-19';

describe('operations: import from URL, why is this not ready?, restore', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let source: SourceServer;
  let client: StudioClient;
  let calls: ApiCallRecord[];

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20 });
    source = await startSourceServer();
    calls = [];
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  });
  afterEach(async () => {
    await client.close();
    await source.close();
    await emu.close();
  });

  it('refuses URLs the service could not fetch before sending anything', async () => {
    assert.deepEqual(importUrlProblem('ftp://host/a.mp4', false), { code: 'import-url-scheme' });
    assert.deepEqual(importUrlProblem('https://host/a b.mp4', false), { code: 'import-url-spaces' });
    assert.deepEqual(importUrlProblem('https://user:pw@host/a.mp4', false), { code: 'import-url-credentials' });
    assert.deepEqual(importUrlProblem('http://127.0.0.1:8080/a.mp4', false), { code: 'import-url-private-host', host: '127.0.0.1' });
    assert.deepEqual(importUrlProblem('https://192.168.1.4/a.mp4', false), { code: 'import-url-private-host', host: '192.168.1.4' });
    assert.equal(importUrlProblem('http://127.0.0.1:8080/a.mp4', true), undefined, 'the emulator on this machine reaches it');
    assert.equal(importUrlProblem('HTTPS://cdn.example.com/a.mp4', false), undefined);
    assert.equal(importUrlProblem('ipfs://bafy123', false), undefined);
    assert.deepEqual(importUrlProblem('ar://', false), { code: 'import-url-no-content-id', scheme: 'ar:' });
    const refused = await failure(importFromUrl(client, { name: 'x', url: 'file:///tmp/a.mp4' }));
    assert.equal(refused.kind, 'config');
    assert.deepEqual((refused as Refused).refusal, { code: 'import-url-scheme' }, 'a code, worded by the caller');
    assert.equal(calls.length, 0);
  });

  it('imports from a local URL (scheme sent in lower case) and the asset becomes ready', async () => {
    const answer = await importFromUrl(client, { name: 'clip', url: `HTTP://127.0.0.1:${new URL(source.origin).port}/clip.mp4`, playback: 'jwt' });
    assert.equal(answer.existing, false);
    assert.equal(answer.asset.source?.url, `http://127.0.0.1:${new URL(source.origin).port}/clip.mp4`);
    await waitFor(() => emu.store.assets.get(answer.asset.id)?.status.phase === 'ready');
  });

  it('why not ready: processing at N % with the time left, then stuck when nothing moves', async () => {
    emu.store.tasks.injectFault({ stallAt: 0.2 });
    const { asset } = await importFromUrl(client, { name: 'slow', url: `${source.origin}/slow.mp4` });
    const task = () => emu.store.tasks.ofAsset(asset.id);
    await waitFor(() => task()?.status.progress === 0.2);
    const at = task()?.status.updatedAt ?? 0;
    const running = await whyNotReady(client, { assetId: asset.id, now: at });
    assert.equal(running.step, 'wait');
    assert.match(running.summary, /^Processing at 20 %/);
    assert.equal(running.etaMinutes, 1);
    assert.match(running.next, /Wait about 1 min at this rate/);
    assert.ok(running.facts.some((f) => /Task: import .*running, at 20 %/.test(f)), running.facts.join('\n'));
    const stuck = await whyNotReady(client, { assetId: asset.id, now: at + 11 * 60_000 });
    assert.match(stuck.summary, /^Stuck: no progress for 11 min at 20 %/);
    assert.equal(stuck.step, 'reupload');
  });

  it('why not ready: a failed import says the service’s error and to fix the URL', async () => {
    const { asset } = await importFromUrl(client, { name: 'gone', url: `${source.origin}/gone` });
    await waitFor(() => emu.store.assets.get(asset.id)?.status.phase === 'failed');
    const answer = await whyNotReady(client, { assetId: asset.id });
    assert.equal(answer.summary, `Failed: ${NOT_ACCESSIBLE}`);
    assert.equal(answer.step, 'fixUrl');
    assert.ok(answer.facts.some((f) => /tried 3 times/.test(f)), answer.facts.join('\n'));
    assert.ok(answer.taskId);
  });

  it('why not ready: an upload interrupted on this machine is resumed; none here means upload again', async () => {
    const { asset } = await client.assets.requestUpload('half');
    const interrupted = await whyNotReady(client, { assetId: asset.id, local: { state: 'interrupted', fileName: 'half.mp4', bytesDone: 50, totalBytes: 100 } });
    assert.equal(interrupted.step, 'resume');
    assert.ok(interrupted.facts.includes('This machine: the upload of half.mp4 is interrupted (50 % sent).'), interrupted.facts.join('\n'));
    const elsewhere = await whyNotReady(client, { assetId: asset.id });
    assert.equal(elsewhere.step, 'reupload');
    assert.match(elsewhere.summary, /no upload of it runs on this machine/);
  });

  it('why not ready: a webhook whose receiver fails is named, with the fix', async () => {
    const receiver = await startReceiver();
    receiver.answer = () => 500;
    try {
      emu.webhooks.add({ name: 'my app', url: `${receiver.url}?token=secret-in-query`, events: ['asset.ready'] });
      const { asset } = await importFromUrl(client, { name: 'hooked', url: `${source.origin}/hooked.mp4` });
      await waitFor(() => emu.webhooks.log.some((e) => e.event === 'asset.ready'));
      const answer = await whyNotReady(client, { assetId: asset.id });
      assert.equal(answer.step, 'fixWebhook');
      const fact = answer.facts.find((f) => f.startsWith('Webhook "my app"')) ?? '';
      assert.match(fact, /asset\.ready .* failed \(http:\/\/127\.0\.0\.1:\d+ answered 500\)/);
      assert.doesNotMatch(JSON.stringify(answer), /secret-in-query/);
    } finally {
      await receiver.close();
    }
  });

  it('restore says what the asset really holds', async () => {
    const { asset } = await client.assets.requestUpload('never uploaded');
    await client.assets.delete(asset.id);
    const answer = await restoreAsset(client, asset.id);
    assert.equal(answer.empty, true);
    assert.match(answer.words, /its task is pending: it may hold nothing to play/);
    assert.equal(answer.asset.status?.phase, 'ready', 'the service calls it ready');
  });

  it('restore judges by the asset as it was when deleted, when the caller knew it', async () => {
    const ready = emu.store.addAsset({ name: 'was ready', status: { phase: 'ready', updatedAt: Date.now() } });
    const processing = emu.store.addAsset({ name: 'was processing', status: { phase: 'processing', updatedAt: Date.now(), progress: 0.4 } });
    const [readyBefore, processingBefore] = [await client.assets.get(ready.id), await client.assets.get(processing.id)];
    await client.assets.delete(ready.id);
    await client.assets.delete(processing.id);
    const kept = await restoreAsset(client, ready.id, readyBefore);
    assert.equal(kept.empty, false);
    assert.equal(kept.seconds, readyBefore.videoSpec?.duration);
    assert.match(kept.words, /^restored: \d+ s of video, ready to play$/);
    const unsure = await restoreAsset(client, processing.id, processingBefore);
    assert.equal(unsure.empty, true, 'ready now, but it was processing');
    assert.deepEqual(unsure.why, { was: 'processing' });
    assert.match(unsure.words, /it was processing when it was deleted: it may hold nothing to play/);
    assert.equal(unsure.asset.status?.phase, 'ready');
  });

  it('retries a failed asset (204, its task runs again) and a failed task, and sees each new run start', async () => {
    emu.store.tasks.injectFault({ type: 'upload', failAt: 0.5, errorMessage: 'first run broke' });
    const { asset } = await importFromUrl(client, { name: 'again', url: `${source.origin}/again.mp4` });
    await waitFor(() => emu.store.assets.get(asset.id)?.status.phase === 'failed');
    emu.store.tasks.injectFault({ stallAt: 0.3 });
    const answer = await retryAsset(client, asset.id);
    assert.equal(calls.find((call) => call.method === 'POST' && call.path === `/asset/${asset.id}/retry`)?.status, 204);
    assert.match(String(answer.task?.status?.phase), /^(waiting|running)$/, 'its task runs again');
    assert.equal(answer.assetId, asset.id);
    const started = await untilRetryStarts(client, answer.task!.id, asset.id);
    assert.notEqual(started?.status?.phase, 'failed', 'the new run has started');

    emu.store.failAsset(asset.id, 'second run broke');
    const task = await retryTask(client, answer.task!.id);
    assert.match(String(task.task?.status?.phase), /^(waiting|running|completed)$/);
    assert.equal(task.assetId, asset.id);
    const ended = await untilRetryStarts(client, answer.task!.id, asset.id);
    assert.ok(ended && ended.status?.phase !== 'failed', 'the run after Retry Task started or ended ready');
  });
});
