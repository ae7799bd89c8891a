import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { signWebhookBody, verifyWebhookSignature, type Webhook } from '../../src/api';
import { startReceiver, type Receiver } from '../demo/receiver';
import type { EmulatorStream } from '../emulator';
import { answer, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn, type PromptRequest } from './harness';
import { choose, deliveries, header, iconOf, input, made, refresh, row, verify } from './webhookSteps';

type Input = Extract<PromptRequest, { kind: 'input' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;
/** A delivered event's JSON body, as far as these tests read it. */
type Delivered = { event: string; webhookId: string; stream?: { id: string; streamKey?: string }; payload?: { recordingUrl?: string } };
const delivered = (body: string) => JSON.parse(body) as Delivered;

describe('Webhooks view', function () {
  this.timeout(60_000);
  let receiver: Receiver;
  let show: EmulatorStream;
  let other: EmulatorStream;
  let webhook: Webhook;
  let secret: string;

  before(async () => {
    await signIn();
    receiver = made.receiver = await startReceiver();
    show = made.show = emulator.store.addStream({ name: 'webhook-show', record: true });
    other = emulator.store.addStream({ name: 'other-show' });
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
  });

  afterEach(() => assertAllAnswered());

  it('creates a webhook with events from grouped choices and a stream scope; the secret is generated and copied on request only', async () => {
    let urlCheck: Input['options']['validateInput'];
    let groups: string[] = [];
    answer(
      input('  Show hooks '),
      (request) => {
        urlCheck = (value) => (request as Input).options.validateInput?.(value);
        return receiver.url;
      },
      (request) => {
        const items = (request as Pick).items;
        groups = items.filter((item) => item.kind === vscode.QuickPickItemKind.Separator).map((item) => item.label);
        assert.ok(items.every((item) => item.kind === vscode.QuickPickItemKind.Separator || item.description), 'each event has a description');
        return choose('stream.started', 'stream.idle', 'recording.ready')(request);
      },
      (request) => {
        assert.equal((request as Pick).items[0]?.label, 'All streams', 'all streams is the first choice');
        assert.ok(!JSON.stringify(request).includes(show.streamKey ?? '-none-'), 'no stream key in the picker');
        return choose(show.id)(request);
      },
      choose('Generate a strong random secret'),
    );
    clickNotification(/webhook “Show hooks” created/, 'Copy Secret');
    await vscode.env.clipboard.writeText('');
    webhook = made.webhook = await vscode.commands.executeCommand<Webhook>('livepeer.webhooks.create');
    assert.deepEqual(groups, ['Stream', 'Recording', 'Asset', 'Task', 'Playback', 'Multistream']);
    assert.equal(urlCheck?.('ftp://example.com/x') !== undefined, true, 'ftp refused');
    assert.equal(urlCheck?.('not a url') !== undefined, true, 'a non-address refused');
    assert.equal(urlCheck?.('http://localhost:3000/hook'), undefined, 'localhost accepted');
    const stored = emulator.webhooks.webhooks.get(webhook.id);
    assert.ok(stored?.sharedSecret);
    secret = made.secret = stored.sharedSecret;
    assert.match(secret, /^[0-9a-f]{64}$/, '32 random bytes');
    assert.deepEqual([stored.name, stored.url, stored.events, stored.streamId], ['Show hooks', receiver.url, ['stream.started', 'stream.idle', 'recording.ready'], show.id]);
    await eventually(async () => assert.equal(await vscode.env.clipboard.readText(), secret));
    const item = await row();
    assert.match(item.description, /^127\.0\.0\.1:\d+ · 3 events · stream webhook-show$/);
    assert.equal(iconOf(item), 'broadcast');
    assert.equal(item.contextValue, 'webhook');
    assert.equal(item.tooltip, '', 'built on hover, not for every row drawn');
    assert.ok(!(await item.hover()).includes(secret), 'no secret in the tooltip');
  });

  it('a stream going live delivers a correctly signed event; another stream does not; the delivery is listed under the webhook', async () => {
    emulator.store.startSession(other);
    emulator.store.startSession(show);
    const request = await eventually(() => {
      const got = receiver.received.find((r) => delivered(r.body).event === 'stream.started');
      assert.ok(got);
      return got;
    });
    const body = delivered(request.body);
    assert.equal(body.stream?.id, show.id, 'the scoped stream only');
    assert.deepEqual(verifyWebhookSignature(request.body, header(request, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    await refresh();
    const [delivery] = await eventually(async () => {
      const rows = await deliveries();
      assert.equal(rows.length, 1);
      return rows;
    });
    assert.equal(delivery?.label, 'stream.started');
    assert.match(String(delivery?.description), /^200 · \d+ ms · just now$/);
    assert.equal(iconOf(delivery), 'pass');
    assert.equal(receiver.received.filter((r) => delivered(r.body).stream?.id === other.id).length, 0);
  });

  it('a receiver answering 500 shows as failing on the row and in the delivery; resend after the fix succeeds', async () => {
    receiver.answer = () => 500;
    emulator.store.endLiveSession(show);
    // stream.idle, then (the stream records) recording.ready: each the first attempt and its one retry.
    const attempts = (event: string) => receiver.received.filter((r) => delivered(r.body).event === event).length;
    await eventually(() => assert.deepEqual([attempts('stream.idle'), attempts('recording.ready')], [2, 2]));
    const failing = await eventually(async () => {
      await refresh();
      const item = await row();
      assert.equal(item.contextValue, 'webhook failing');
      return item;
    });
    assert.equal(iconOf(failing), 'warning');
    assert.match(failing.description, / · failing 500 just now$/);
    const [latest] = await deliveries();
    assert.ok(latest);
    assert.deepEqual([latest.label, iconOf(latest)], ['recording.ready', 'error']);
    assert.match(latest.description, /^500 · /);

    await vscode.commands.executeCommand('livepeer.webhooks.showDelivery', latest.element);
    const shown = await eventually(() => {
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(text, /"status": 500/);
      return text;
    });
    assert.match(shown, /"body": "failed with 500"/, 'the answer decoded');
    assert.match(shown, /"Livepeer-Signature": "t=\d+,v1=[0-9a-f]{64}"/);
    assert.match(shown, /"event": "recording.ready"/);
    assert.ok(!shown.includes(secret), 'no secret in Show Delivery');

    receiver.answer = () => 200;
    const sent = await vscode.commands.executeCommand<{ success: boolean }>('livepeer.webhooks.resendDelivery', latest.element);
    assert.equal(sent.success, true);
    assert.ok(lastMessage(/recording.ready sent again: delivered \(200\)/));
    const resent = receiver.received.at(-1);
    assert.ok(resent);
    assert.deepEqual(verifyWebhookSignature(resent.body, header(resent, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    await eventually(async () => {
      await refresh();
      assert.equal((await row()).contextValue, 'webhook');
    });
    const [newest] = await deliveries();
    assert.deepEqual([newest?.label, iconOf(newest)], ['recording.ready', 'pass']);
  });

  it('Verify Webhook Signature: valid, tampered body, wrong secret, old timestamp, malformed header; a body from a file', async () => {
    const request = receiver.received.find((r) => delivered(r.body).event === 'stream.started');
    assert.ok(request);
    // Signed a moment ago, as a handler would have it.
    const timestamp = Date.now();
    const body = JSON.stringify({ ...JSON.parse(request.body), timestamp });
    const signature = signWebhookBody(body, secret, timestamp);
    assert.equal(await verify(body, `Livepeer-Signature: ${signature}`), 'valid');
    assert.ok(lastMessage(/valid signature: the request was signed by webhook “Show hooks”/));
    assert.equal(await verify(body.replace('webhook-show', 'webhook-shop'), signature), 'mismatch');
    assert.ok(lastMessage(/invalid signature: the signature does not match/));
    assert.equal(await verify(body, signWebhookBody(body, 'another-secret-entirely', timestamp)), 'mismatch');
    const old = Date.now() - 3_600_000;
    const oldBody = JSON.stringify({ ...JSON.parse(body), timestamp: old });
    assert.equal(await verify(oldBody, signWebhookBody(oldBody, secret, old)), 'too-old');
    assert.ok(lastMessage(/invalid signature: signed 3600 s ago/));
    assert.equal(await verify(body, 'v1=abc'), 'bad-format');

    const folder = mkdtempSync(join(tmpdir(), 'lp-body-'));
    try {
      const file = join(folder, 'body.json');
      writeFileSync(file, body);
      answer(choose(webhook.id), choose('Choose a file with the raw body…'), () => [vscode.Uri.file(file)], input(signature));
      assert.equal(await vscode.commands.executeCommand('livepeer.webhooks.verifySignature'), 'valid');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('Send Test Event signs a realistic event with the account’s stream and POSTs it from this machine; the answer is shown', async () => {
    const before = receiver.received.length;
    receiver.answer = () => ({ status: 202, body: 'handled by the local test handler' });
    answer((request) => {
      const labels = (request as Pick).items.filter((item) => item.kind !== vscode.QuickPickItemKind.Separator).map((item) => item.label);
      assert.deepEqual(labels, ['stream.started', 'stream.idle', 'recording.ready'], 'the events the webhook receives');
      return choose('recording.ready')(request);
    });
    const status = await vscode.commands.executeCommand('livepeer.webhooks.sendTestEvent', (await row()).element);
    assert.equal(status, 202);
    const request = receiver.received[before];
    assert.ok(request && receiver.received.length === before + 1);
    const body = delivered(request.body);
    assert.deepEqual([body.event, body.webhookId, body.stream?.id, body.stream?.streamKey], ['recording.ready', webhook.id, show.id, undefined]);
    assert.match(body.payload?.recordingUrl ?? '', /^https:\/\//);
    assert.deepEqual(verifyWebhookSignature(request.body, header(request, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    assert.equal(header(request, 'content-type'), 'application/json');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /Delivered: http:\/\/127\.0\.0\.1:\d+\/webhook answered \*\*202\*\* in \d+ ms/);
    assert.match(text, /handled by the local test handler/);
    assert.ok(!text.includes(secret));
    receiver.answer = () => 200;
  });

});
