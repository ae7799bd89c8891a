import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { verifyWebhookSignature } from '../../src/api';
import { startReceiver, type Receiver } from '../demo/receiver';
import type { EmulatorStream } from '../emulator';
import { answer, assertAllAnswered, channelLines, emulator, eventually, signIn, sleep, statusBarItems, view, type PromptRequest, type Row } from './harness';

type Input = Extract<PromptRequest, { kind: 'input' }>;

const SECRET = 'whsec-forwarding-host-9f3e';
/** The webhook's public address: nothing listens there, so the service's own attempts fail; forwarding still reaches the local handler. */
const PUBLIC_URL = 'http://127.0.0.1:9/hooks';

/** The Livepeer Forwarding output channel's text. */
const logText = (): string => channelLines('Livepeer Forwarding').join('\n');

/** The forwarding status bar item while VS Code shows it. */
const status = () => statusBarItems().find((entry) => entry.id === 'livepeer.forwarding' && entry.visible);

const events = (receiver: Receiver) => receiver.received.map((r) => (JSON.parse(r.body) as { event: string }).event);
/** The reads of a webhook's delivery log so far (the API's paths start with /api). */
const logRequests = (webhookId: string) => emulator.requests.filter((r) => r.method === 'GET' && new URL(r.url, 'http://emulator').pathname === `/api/webhook/${webhookId}/log`);
const logReads = (webhookId: string) => logRequests(webhookId).length;

/**
 * Waits until the delivery log was read `count` more times; resolves with the longest gap seen
 * between two reads (the polling interval, which only grows while nothing new comes).
 */
async function polls(webhookId: string, count: number): Promise<number> {
  const from = logReads(webhookId);
  const at: number[] = [];
  await eventually(() => {
    while (at.length < logReads(webhookId) - from) at.push(Date.now());
    assert.ok(at.length >= count, `${at.length} polls`);
  }, 30_000);
  return Math.max(...at.slice(1).map((t, i) => t - at[i]), 0);
}

/** Nothing more is read or forwarded for twice the polling interval, the longest a running forwarder waits. */
async function assertNoPollAfterStop(webhookId: string, gapMs: number): Promise<void> {
  await eventually(() => assert.deepEqual(logRequests(webhookId).filter((r) => r.status === undefined && !r.abandoned), [], 'a poll still in flight'));
  const reads = logReads(webhookId);
  await sleep(2 * Math.max(gapMs, 1000) + 500);
  assert.equal(logReads(webhookId), reads, 'no polling after stop');
}

describe('Forward to localhost', function () {
  this.timeout(60_000);
  let receiver: Receiver;
  let assetsBefore: Set<string>;
  let stream: EmulatorStream;
  let webhookId: string;

  before(async () => {
    await signIn();
    receiver = await startReceiver();
    assetsBefore = new Set(emulator.store.assets.keys());
    stream = emulator.store.addStream({ name: 'forwarded-show', record: true });
    webhookId = emulator.webhooks.add({ name: 'launch hook', url: PUBLIC_URL, events: ['stream.started', 'recording.ready', 'asset.created'], sharedSecret: SECRET }).id;
    await vscode.commands.executeCommand('livepeer.webhooks.refresh');
  });

  after(async () => {
    if (status()) await vscode.commands.executeCommand('livepeer.forwarding.stop');
    await receiver.close();
    // What this suite made goes, so the suites after it see the account as it was.
    for (const id of [...emulator.store.assets.keys()]) if (!assetsBefore.has(id)) emulator.store.deleteAsset(id);
    emulator.webhooks.webhooks.delete(webhookId);
    stream.deleted = true;
  });

  afterEach(() => assertAllAnswered());

  async function deliveryRows(): Promise<Row[]> {
    const webhooks = view('webhooks');
    const row = (await webhooks.rows()).find((item) => item.item.id === `webhook:${webhookId}`);
    assert.ok(row, 'the webhook row');
    return (await webhooks.rows(row)).filter((item) => item.item.id?.startsWith('delivery:'));
  }

  it('forwards a stream going live and its recording, signed, in order; the answers are in the output, on the rows and the status bar says where', async () => {
    let check: Input['options']['validateInput'];
    answer((request) => {
      assert.equal(request.kind, 'input');
      check = (value) => request.options.validateInput?.(value);
      assert.equal(request.options.value, 'http://localhost:3000/webhooks');
      assert.equal(request.options.title, 'Livepeer: Forward “launch hook” to a Local Address');
      return receiver.url;
    });
    await vscode.commands.executeCommand('livepeer.forwarding.start', webhookId);
    assert.match((await check?.('https://hooks.example.com/x')) as string, /hooks\.example\.com is a name/);
    assert.equal(await check?.('http://192.168.1.10:3000/'), undefined);
    const shown = status();
    assert.equal(shown?.text, `$(radio-tower) launch hook → ${new URL(receiver.url).host}`);
    assert.equal(shown?.item.command, 'livepeer.forwarding.stop');
    assert.match(shown?.tooltip ?? '', /Forwarding launch hook to http:\/\/127\.0\.0\.1:\d+\/webhook/);
    await deliveryRows(); // expanded: the rows reload as deliveries are forwarded

    emulator.store.startSession(stream);
    emulator.store.endLiveSession(stream);
    await eventually(() => assert.deepEqual(events(receiver), ['stream.started', 'recording.ready']), 20_000);
    for (const request of receiver.received) {
      assert.deepEqual(verifyWebhookSignature(request.body, request.headers['livepeer-signature'] as string, SECRET, { toleranceSeconds: 60 }), { valid: true });
    }
    const rows = await eventually(async () => {
      const found = (await deliveryRows()).filter((row) => /local 200/.test(row.description));
      assert.equal(found.length, 2);
      return found;
    });
    assert.ok(rows.every((row) => row.tooltip.includes('Forwarded to')));
    const log = await eventually(() => {
      const text = logText();
      assert.match(text, /recording\.ready \([^)]+\) → http:\/\/127\.0\.0\.1:\d+\/webhook: 200 in \d+ ms · ok/);
      return text;
    });
    assert.match(log, /stream\.started \([^)]+\) → .*: 200 in \d+ ms · ok/);
    assert.ok(!log.includes(SECRET), 'the secret is not in the output');
  });

  it('says when the local handler is down, retries, and delivers once it is back; Stop Forwarding ends the polling', async () => {
    const port = Number(new URL(receiver.url).port);
    await receiver.close();
    emulator.store.createAsset('while down', 'token');
    await eventually(() => assert.match(status()?.tooltip ?? '', /Forwarding launch hook to .*: not answering, retrying/), 20_000);
    assert.ok(status()?.item.backgroundColor, 'the status bar item warns');
    await eventually(() => assert.match(logText(), /127\.0\.0\.1:\d+\/webhook does not answer: cannot reach 127\.0\.0\.1:\d+ \(connection refused\)/));
    receiver = await startReceiver({ port });
    await eventually(() => assert.deepEqual(events(receiver), ['asset.created']), 20_000);
    await eventually(() => assert.doesNotMatch(status()?.tooltip ?? 'not shown', /not answering|not shown/));
    assert.equal(status()?.item.backgroundColor, undefined, 'no longer warns');

    // Polling goes on while forwarding (each poll is a read of the delivery log)…
    const gap = await polls(webhookId, 2);
    // …and the status bar item's click stops it: no request left in flight, no poll after.
    const command = status()?.item.command;
    assert.equal(command, 'livepeer.forwarding.stop');
    await vscode.commands.executeCommand(String(command));
    assert.equal(status(), undefined, 'the status bar item is hidden: nothing is forwarded');
    emulator.store.createAsset('after stop', 'token');
    await assertNoPollAfterStop(webhookId, gap);
    assert.equal(receiver.received.length, 1, 'nothing forwarded after stop');
  });

  describe('as a debug configuration', () => {
    /** What the adapter sent VS Code (responses, console output), seen through a tracker. */
    const sent: Array<{ type?: string; command?: string; success?: boolean; message?: string; event?: string; body?: { output?: string } }> = [];
    let tracker: vscode.Disposable;
    before(() => {
      tracker = vscode.debug.registerDebugAdapterTrackerFactory('livepeer-forward', { createDebugAdapterTracker: () => ({ onDidSendMessage: (message) => sent.push(message as (typeof sent)[number]) }) });
    });
    after(() => {
      tracker.dispose();
    });

    const configuration = (fields: object): vscode.DebugConfiguration => ({ type: 'livepeer-forward', request: 'launch', name: 'Forward launch hook', ...fields });

    it('forwards while its debug session runs, in the debug console too, and stops with it', async () => {
      const started = new Promise<vscode.DebugSession>((resolve) => {
        const listening = vscode.debug.onDidStartDebugSession((session) => {
          listening.dispose();
          resolve(session);
        });
      });
      assert.equal(await vscode.debug.startDebugging(undefined, configuration({ webhook: 'launch hook', url: receiver.url })), true);
      const session = await started;
      await eventually(() => assert.match(status()?.tooltip ?? '', new RegExp(`^Forwarding launch hook to ${receiver.url}$`, 'm')));
      receiver.received.length = 0;
      emulator.store.createAsset('while debugging', 'token');
      await eventually(() => assert.deepEqual(events(receiver), ['asset.created']), 20_000);
      const gap = await polls(webhookId, 2);
      await eventually(() => assert.ok(sent.some((m) => m.event === 'output' && /asset\.created \([^)]+\) → .*: 200 in \d+ ms · ok/.test(m.body?.output ?? ''))));

      const ended = new Promise<void>((resolve) => {
        const listening = vscode.debug.onDidTerminateDebugSession((done) => {
          if (done.id !== session.id) return;
          listening.dispose();
          resolve();
        });
      });
      await vscode.debug.stopDebugging(session);
      await ended;
      await eventually(() => assert.equal(status(), undefined, 'the status bar item is hidden: nothing is forwarded'));
      assert.ok(logReads(webhookId) > 0, 'the session polled the delivery log');
      emulator.store.createAsset('after the session', 'token');
      await assertNoPollAfterStop(webhookId, gap);
      assert.equal(receiver.received.length, 1);
    });

    it('refuses a public address or an unknown webhook, saying why, and forwards nothing', async () => {
      for (const [fields, why] of [
        [{ webhook: 'launch hook', url: 'https://hooks.example.com/x' }, /Livepeer: cannot forward: hooks\.example\.com is a name: forward to localhost/],
        [{ webhook: 'no such hook', url: receiver.url }, /no webhook with the id or name no such hook/],
      ] as const) {
        sent.length = 0;
        // VS Code shows a launch's failure in a modal dialog, which the test host refuses: its text is the refusal's.
        const refused = await vscode.debug.startDebugging(undefined, configuration(fields)).then(
          () => '',
          (error: unknown) => String(error),
        );
        assert.match(refused, why);
        await eventually(() => assert.match(sent.find((m) => m.command === 'launch')?.message ?? '', why));
        assert.equal(sent.find((m) => m.command === 'launch')?.success, false);
        await eventually(() => assert.equal(vscode.debug.activeDebugSession, undefined));
        assert.equal(status(), undefined, 'nothing is forwarded');
      }
    });
  });
});
