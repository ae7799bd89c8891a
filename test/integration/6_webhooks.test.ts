import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { signWebhookBody, verifyWebhookSignature, type Webhook } from '../../src/api';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { DeliveryItem, WebhookItem } from '../../src/ui/webhooks/activateWebhooks';
import { startReceiver, type ReceivedRequest, type Receiver } from '../demo/receiver';
import type { EmulatorStream } from '../emulator';
import { answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, hover, lastMessage, screenshot, signIn } from './harness';

type Input = Extract<PromptRequest, { kind: 'input' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;

const input = (value: string | undefined) => (request: PromptRequest) => {
  assert.equal(request.kind, 'input');
  return value;
};
/** Picks the items whose label (or detail) is among `labels`; one item unless `many`. */
const choose = (...labels: string[]) => (request: PromptRequest) => {
  assert.equal(request.kind, 'pick');
  const items = (request as Pick).items.filter((item) => labels.includes(item.label) || (item.detail !== undefined && labels.includes(item.detail)));
  assert.equal(items.length, labels.length, `items ${labels.join(', ')} offered`);
  return (request as Pick).options.canPickMany ? items : items[0];
};

function header(request: ReceivedRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return String(Array.isArray(value) ? value[0] : value);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Webhooks view', function () {
  this.timeout(60_000);
  let receiver: Receiver;
  let show: EmulatorStream;
  let other: EmulatorStream;
  let webhook: Webhook;
  let secret: string;

    // The extension runs from its bundle: its rows are not instances of the test's imported classes.
  async function row(): Promise<WebhookItem> {
    const found = (await api.webhooks.getChildren())?.find((item): item is WebhookItem => 'webhook' in item && (item as WebhookItem).webhook.id === webhook.id);
    assert.ok(found, 'the webhook row');
    return found;
  }

  async function deliveries(): Promise<DeliveryItem[]> {
    return ((await api.webhooks.getChildren(await row())) ?? []).filter((item): item is DeliveryItem => 'delivery' in item);
  }

  /** Verify Webhook Signature on the webhook, the body pasted; resolves the outcome in words. */
  async function verify(body: string, signature: string): Promise<string> {
    answer(choose('Paste the raw body'), input(body), input(signature));
    return (await vscode.commands.executeCommand('livepeer.webhooks.verifySignature', webhook.id)) as string;
  }

  before(async () => {
    await signIn();
    receiver = await startReceiver();
    show = emulator.store.addStream({ name: 'webhook-show', record: true });
    other = emulator.store.addStream({ name: 'other-show' });
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
  });

  after(async () => {
    await receiver.close();
  });

  afterEach(() => assertAllAnswered());

  it('creates a webhook with events from grouped choices and a stream scope; the secret is generated and copied on request only', async () => {
    let urlCheck: Input['options']['validateInput'];
    let groups: string[] = [];
    answer(
      input('  Show hooks '),
      (request) => {
        urlCheck = (request as Input).options.validateInput;
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
    webhook = (await vscode.commands.executeCommand('livepeer.webhooks.create')) as Webhook;
    assert.deepEqual(groups, ['Stream', 'Recording', 'Asset', 'Task', 'Playback', 'Multistream']);
    assert.equal(urlCheck?.('ftp://example.com/x') !== undefined, true, 'ftp refused');
    assert.equal(urlCheck?.('not a url') !== undefined, true, 'a non-address refused');
    assert.equal(urlCheck?.('http://localhost:3000/hook'), undefined, 'localhost accepted');
    const stored = emulator.webhooks.webhooks.get(webhook.id);
    assert.ok(stored?.sharedSecret);
    secret = stored.sharedSecret;
    assert.match(secret, /^[0-9a-f]{64}$/, '32 random bytes');
    assert.deepEqual([stored.name, stored.url, stored.events, stored.streamId], ['Show hooks', receiver.url, ['stream.started', 'stream.idle', 'recording.ready'], show.id]);
    await eventually(async () => assert.equal(await vscode.env.clipboard.readText(), secret));
    const item = await row();
    assert.match(String(item.description), /^127\.0\.0\.1:\d+ · 3 events · stream webhook-show$/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'broadcast');
    assert.equal(item.contextValue, 'webhook');
    assert.ok(!(item.tooltip as vscode.MarkdownString).value.includes(secret), 'no secret in the tooltip');
  });

  it('a stream going live delivers a correctly signed event; another stream does not; the delivery is listed under the webhook', async () => {
    emulator.store.startSession(other);
    emulator.store.startSession(show);
    const request = await eventually(() => {
      const got = receiver.received.find((r) => JSON.parse(r.body).event === 'stream.started');
      assert.ok(got);
      return got;
    });
    const body = JSON.parse(request.body);
    assert.equal(body.stream.id, show.id, 'the scoped stream only');
    assert.deepEqual(verifyWebhookSignature(request.body, header(request, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    api.webhooks.refresh();
    const [delivery] = await eventually(async () => {
      const rows = await deliveries();
      assert.equal(rows.length, 1);
      return rows;
    });
    assert.equal(delivery?.label, 'stream.started');
    assert.match(String(delivery?.description), /^200 · \d+ ms · just now$/);
    assert.equal((delivery?.iconPath as vscode.ThemeIcon).id, 'pass');
    assert.equal(receiver.received.filter((r) => JSON.parse(r.body).stream?.id === other.id).length, 0);
  });

  it('a receiver answering 500 shows as failing on the row and in the delivery; resend after the fix succeeds', async () => {
    receiver.answer = () => 500;
    emulator.store.endLiveSession(show);
    // stream.idle, then (the stream records) recording.ready: each the first attempt and its one retry.
    const attempts = (event: string) => receiver.received.filter((r) => JSON.parse(r.body).event === event).length;
    await eventually(() => assert.deepEqual([attempts('stream.idle'), attempts('recording.ready')], [2, 2]));
    const failing = await eventually(async () => {
      api.webhooks.refresh();
      const item = await row();
      assert.equal(item.contextValue, 'webhook failing');
      return item;
    });
    assert.equal((failing.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.match(String(failing.description), / · failing 500 just now$/);
    const [latest] = await deliveries();
    assert.ok(latest);
    assert.deepEqual([latest.label, (latest.iconPath as vscode.ThemeIcon).id], ['recording.ready', 'error']);
    assert.match(String(latest.description), /^500 · /);

    await vscode.commands.executeCommand('livepeer.webhooks.showDelivery', latest);
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
    const sent = (await vscode.commands.executeCommand('livepeer.webhooks.resendDelivery', latest)) as { success: boolean };
    assert.equal(sent.success, true);
    assert.ok(lastMessage(/recording.ready sent again: delivered \(200\)/));
    const resent = receiver.received.at(-1);
    assert.ok(resent);
    assert.deepEqual(verifyWebhookSignature(resent.body, header(resent, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    await eventually(async () => {
      api.webhooks.refresh();
      assert.equal((await row()).contextValue, 'webhook');
    });
    const [newest] = await deliveries();
    assert.deepEqual([newest?.label, (newest?.iconPath as vscode.ThemeIcon).id], ['recording.ready', 'pass']);
  });

  it('Verify Webhook Signature: valid, tampered body, wrong secret, old timestamp, malformed header; a body from a file', async () => {
    const request = receiver.received.find((r) => JSON.parse(r.body).event === 'stream.started');
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

    const file = join(mkdtempSync(join(tmpdir(), 'lp-body-')), 'body.json');
    writeFileSync(file, body);
    answer(choose(webhook.id), choose('Choose a file with the raw body…'), () => [vscode.Uri.file(file)], input(signature));
    assert.equal(await vscode.commands.executeCommand('livepeer.webhooks.verifySignature'), 'valid');
  });

  it('Send Test Event signs a realistic event with the account’s stream and POSTs it from this machine; the answer is shown', async () => {
    const before = receiver.received.length;
    receiver.answer = () => ({ status: 202, body: 'handled by the local test handler' });
    answer((request) => {
      const labels = (request as Pick).items.filter((item) => item.kind !== vscode.QuickPickItemKind.Separator).map((item) => item.label);
      assert.deepEqual(labels, ['stream.started', 'stream.idle', 'recording.ready'], 'the events the webhook receives');
      return choose('recording.ready')(request);
    });
    const status = await vscode.commands.executeCommand('livepeer.webhooks.sendTestEvent', await row());
    assert.equal(status, 202);
    const request = receiver.received[before];
    assert.ok(request && receiver.received.length === before + 1);
    const body = JSON.parse(request.body);
    assert.deepEqual([body.event, body.webhookId, body.stream.id, body.stream.streamKey], ['recording.ready', webhook.id, show.id, undefined]);
    assert.match(body.payload.recordingUrl, /^https:\/\//);
    assert.deepEqual(verifyWebhookSignature(request.body, header(request, 'livepeer-signature'), secret, { toleranceSeconds: 60 }), { valid: true });
    assert.equal(header(request, 'content-type'), 'application/json');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /Delivered: http:\/\/127\.0\.0\.1:\d+\/webhook answered \*\*202\*\* in \d+ ms/);
    assert.match(text, /handled by the local test handler/);
    assert.ok(!text.includes(secret));
    receiver.answer = () => 200;
  });

  it('edits each field: events, scope back to all streams, name; a new secret is offered for copying', async () => {
    answer(choose('Events'), choose('stream.started', 'asset.ready'));
    await vscode.commands.executeCommand('livepeer.webhooks.edit', webhook.id);
    answer(choose('Stream scope'), choose('All streams'));
    await vscode.commands.executeCommand('livepeer.webhooks.edit', webhook.id);
    answer(choose('Name'), input('Show hooks v2'));
    await vscode.commands.executeCommand('livepeer.webhooks.edit', webhook.id);
    answer(choose('Shared secret'), choose('Type a secret…'), input('a-typed-secret-of-some-length'));
    await vscode.commands.executeCommand('livepeer.webhooks.edit', webhook.id);
    const stored = emulator.webhooks.webhooks.get(webhook.id);
    assert.deepEqual([stored?.events, stored?.streamId || undefined, stored?.name, stored?.sharedSecret], [['stream.started', 'asset.ready'], undefined, 'Show hooks v2', 'a-typed-secret-of-some-length']);
    assert.ok(lastMessage(/has a new shared secret/));
    assert.match(String((await row()).description), /^127\.0\.0\.1:\d+ · 2 events · all streams/);
    secret = 'a-typed-secret-of-some-length';
  });

  it('copies the URL and opens the webhook in Livepeer Studio', async () => {
    await vscode.commands.executeCommand('livepeer.webhooks.copyUrl', await row());
    assert.equal(await vscode.env.clipboard.readText(), receiver.url);
    answer((request) => {
      assert.equal(request.kind, 'openExternal');
      return true;
    });
    const opened = (await vscode.commands.executeCommand('livepeer.webhooks.openInStudio', await row())) as vscode.Uri;
    assert.equal(opened.toString(true), `https://livepeer.studio/dashboard/developers/webhooks/${webhook.id}`);
  });

  it('shows details without the secret; the secret is in no log line, prompt, message or tooltip', async function () {
    await vscode.commands.executeCommand('livepeer.webhooks.showDetails', webhook.id);
    const details = await eventually(() => {
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(text, /"sharedSecret": "\(hidden\)"/);
      assert.match(text, /"response": "failed with 500"/, 'the last failure’s answer decoded');
      return text;
    });
    for (const secretValue of [secret, ...[...emulator.webhooks.webhooks.values()].map((w) => w.sharedSecret ?? '-')]) {
      assert.ok(!details.includes(secretValue), 'not in Show Details');
      assert.ok(!JSON.stringify(asked).includes(secretValue), 'not in a prompt or a message');
    }
    const rows = (await api.webhooks.getChildren()) ?? [];
    assert.ok(!rows.some((item) => JSON.stringify(item.tooltip ?? '').includes(secret)));
    await new Promise((resolve) => setTimeout(resolve, 500)); // the log channel writes its file asynchronously
    const log = filesUnder(api.logUri.fsPath)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    assert.match(log, /POST \/webhook → 201/);
    assert.ok(!log.includes(secret) && !log.includes('a-typed-secret'), 'no secret in the log');
  });

  it('Verify Webhook Signature on an old delivery resent after the secret changed: says it predates the change', async () => {
    const old = (await deliveries()).find((item) => item.delivery.event === 'stream.started');
    assert.ok(old, 'the first delivery is listed');
    const before = receiver.received.length;
    await vscode.commands.executeCommand('livepeer.webhooks.resendDelivery', old);
    const resent = await eventually(() => {
      const request = receiver.received[before];
      assert.ok(request);
      return request;
    });
    assert.equal(await verify(resent.body, header(resent, 'livepeer-signature')), 'mismatch');
    assert.ok(lastMessage(/invalid signature: the signature does not match the current secret, and the delivery predates the secret change \(event /), 'says why');
  });

  it('a receiver echoing the secret: blanked in the Send Test Event result, the tooltip, Show Delivery and Show Details', async () => {
    receiver.answer = () => ({ status: 500, body: `bad signature; the secret is ${secret}` });
    try {
      answer(choose('stream.started'));
      assert.equal(await vscode.commands.executeCommand('livepeer.webhooks.sendTestEvent', await row()), 500);
      const result = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(result, /bad signature; the secret is \*\*\*/);
      assert.ok(!result.includes(secret), 'not in the Send Test Event result');

      const [latest] = await deliveries();
      await vscode.commands.executeCommand('livepeer.webhooks.resendDelivery', latest);
      const failing = await eventually(async () => {
        api.webhooks.refresh();
        const item = await row();
        const tooltip = (item.tooltip as vscode.MarkdownString | undefined)?.value ?? '';
        assert.match(tooltip, /the secret is/);
        return tooltip;
      });
      assert.ok(!failing.includes(secret), 'not in the tooltip');
      const [newest] = await deliveries();
      await vscode.commands.executeCommand('livepeer.webhooks.showDelivery', newest);
      const delivery = await eventually(() => {
        const text = vscode.window.activeTextEditor?.document.getText() ?? '';
        assert.match(text, /"body": "bad signature; the secret is \*\*\*"/);
        return text;
      });
      assert.ok(!delivery.includes(secret), 'not in Show Delivery');
      await vscode.commands.executeCommand('livepeer.webhooks.showDetails', webhook.id);
      const details = await eventually(() => {
        const text = vscode.window.activeTextEditor?.document.getText() ?? '';
        assert.match(text, /"response": "bad signature; the secret is \*\*\*"/);
        return text;
      });
      assert.ok(!details.includes(secret), 'not in Show Details');
    } finally {
      receiver.answer = () => 200;
    }
  });

  it('pages webhooks and deliveries with Load more…, and none after the last, shorter page', async () => {
    const extra = Array.from({ length: 50 }, (_, i) => emulator.webhooks.add({ name: `bulk ${i}`, url: 'https://example.com/hook', events: ['asset.ready'] }));
    const now = Date.now();
    const stored = emulator.webhooks.log.filter((entry) => entry.webhookId === webhook.id);
    const first = stored[0];
    assert.ok(first);
    for (let i = 0; i < 25; i++) emulator.webhooks.log.push({ ...first, id: `bulk-delivery-${i}`, createdAt: now - 10_000 - i });
    const total = stored.length + 25;
    try {
      api.webhooks.refresh();
      const top = (await api.webhooks.getChildren()) ?? [];
      assert.equal(top.length, 51, '50 rows and Load more…');
      assert.equal(top.at(-1)?.label, 'Load more…');
      await vscode.commands.executeCommand('livepeer.webhooks.loadMore');
      const all = (await api.webhooks.getChildren()) ?? [];
      assert.equal(all.length, 51, 'all 51 webhooks, no Load more after the last page');
      assert.ok(!all.some((item) => item.label === 'Load more…'));
      const page = (await api.webhooks.getChildren(await row())) ?? [];
      assert.deepEqual([page.length, page.at(-1)?.label], [21, 'Load more…']);
      await vscode.commands.executeCommand('livepeer.webhooks.loadMoreDeliveries', webhook.id);
      assert.equal((await deliveries()).length, total);
      const times = (await deliveries()).map((item) => item.delivery.createdAt);
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first');
    } finally {
      for (const other of extra) other.deleted = true;
      emulator.webhooks.log.splice(0, emulator.webhooks.log.length, ...emulator.webhooks.log.filter((entry) => !entry.id.startsWith('bulk-delivery-')));
      api.webhooks.refresh();
    }
  });

  it('shows the webhook with its deliveries (screenshot for the README)', async function () {
    if (!process.env.LIVEPEER_SCREENSHOT_DIR) this.skip();
    const pipeline = emulator.webhooks.add({ name: 'Asset pipeline', url: 'https://api.example.com/livepeer/webhook', events: ['asset.ready', 'asset.failed'], sharedSecret: 'demo-secret-0123456789' });
    const failedAt = Date.now() - 7 * 60_000;
    pipeline.createdAt = failedAt - 86_400_000;
    pipeline.status = { lastTriggeredAt: failedAt, lastFailure: { timestamp: failedAt, statusCode: 503, response: Buffer.from('upstream unavailable').toString('base64') } };
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.webhooks.refresh();
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
    // The other views are hidden for the picture and shown again after it (later suites use them).
    const others = ['livepeer.signingKeys', 'livepeer.streams', 'livepeer.uploads', 'livepeer.assets'];
    for (const view of others) await vscode.commands.executeCommand(`${view}.removeView`);
    try {
      await api.webhooksTree.reveal(await row(), { expand: true, select: false, focus: true });
      // The failing webhook's tooltip says what failed and when.
      await hover('Asset pipeline');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await screenshot('webhooks');
    } finally {
      for (const view of others) await vscode.commands.executeCommand(`${view}.toggleVisibility`);
    }
  });

  it('deletes only after a modal confirmation whose safe answer keeps the webhook', async () => {
    answer((request) => {
      assert.deepEqual([request.kind, (request as { modal?: boolean }).modal], ['message', true]);
      return undefined;
    });
    await vscode.commands.executeCommand('livepeer.webhooks.delete', webhook.id);
    assert.ok(!emulator.webhooks.webhooks.get(webhook.id)?.deleted);
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.webhooks.delete', webhook.id);
    assert.ok(emulator.webhooks.webhooks.get(webhook.id)?.deleted);
    assert.ok(!((await api.webhooks.getChildren()) ?? []).some((item) => 'webhook' in item && (item as WebhookItem).webhook.id === webhook.id));
  });

  it('Enter in the events picker with nothing ticked keeps asking for events, and the name and URL typed before are kept', async () => {
    const placeHolders: string[] = [];
    const events = (picked: (request: PromptRequest) => unknown) => (request: PromptRequest) => {
      placeHolders.push(String((request as Pick).options.placeHolder));
      return picked(request);
    };
    answer(input('Kept name'), input(receiver.url), events(() => []), events(choose('asset.ready')), choose('All streams'), choose('Generate a strong random secret'));
    const created = (await vscode.commands.executeCommand('livepeer.webhooks.create')) as Webhook | undefined;
    try {
      assert.ok(created, 'the wizard went on to create the webhook');
      assert.match(placeHolders[1] ?? '', /at least one event/, 'the picker says what it needs');
      const stored = emulator.webhooks.webhooks.get(created.id);
      assert.deepEqual([stored?.name, stored?.url, stored?.events], ['Kept name', receiver.url, ['asset.ready']]);
    } finally {
      if (created) {
        answer(() => 'Delete');
        await vscode.commands.executeCommand('livepeer.webhooks.delete', created.id);
      }
    }
  });
});

