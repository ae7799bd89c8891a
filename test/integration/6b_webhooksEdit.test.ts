import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Webhook } from '../../src/api';
import type { Receiver } from '../demo/receiver';
import { answer, asked, assertAllAnswered, emulator, eventually, hoverUntil, lastMessage, logLines, screenshot, view, type PromptRequest } from './harness';
import { choose, deliveries, header, input, made, refresh, row, verify, webhookOf } from './webhookSteps';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;

describe('Webhooks view: edit, secrets, paging', function () {
  this.timeout(60_000);
  let receiver: Receiver;
  let webhook: Webhook;
  let secret: string;

  before(() => {
    webhook = webhookOf();
    receiver = made.receiver!;
    secret = made.secret!;
  });

  after(async () => {
    await made.receiver?.close();
  });

  afterEach(() => assertAllAnswered());

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
    assert.match((await row()).description, /^127\.0\.0\.1:\d+ · 2 events · all streams/);
    secret = made.secret = 'a-typed-secret-of-some-length';
  });

  it('copies the URL and opens the webhook in Livepeer Studio', async () => {
    await vscode.commands.executeCommand('livepeer.webhooks.copyUrl', (await row()).element);
    assert.equal(await vscode.env.clipboard.readText(), receiver.url);
    answer((request) => {
      assert.equal(request.kind, 'openExternal');
      return true;
    });
    const opened = await vscode.commands.executeCommand<vscode.Uri>('livepeer.webhooks.openInStudio', (await row()).element);
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
    const rows = await view('webhooks').rows();
    assert.ok(!(await Promise.all(rows.map((r) => r.hover()))).some((tooltip) => tooltip.includes(secret)));
    const log = logLines().join('\n');
    assert.match(log, /POST \/webhook → 201/);
    assert.ok(!log.includes(secret) && !log.includes('a-typed-secret'), 'no secret in the log');
  });

  it('Verify Webhook Signature on an old delivery resent after the secret changed: says it predates the change', async () => {
    const old = (await deliveries()).find((item) => item.label === 'stream.started');
    assert.ok(old, 'the first delivery is listed');
    const before = receiver.received.length;
    await vscode.commands.executeCommand('livepeer.webhooks.resendDelivery', old.element);
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
      assert.equal(await vscode.commands.executeCommand('livepeer.webhooks.sendTestEvent', (await row()).element), 500);
      const result = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(result, /bad signature; the secret is \*\*\*/);
      assert.ok(!result.includes(secret), 'not in the Send Test Event result');

      const [latest] = await deliveries();
      await vscode.commands.executeCommand('livepeer.webhooks.resendDelivery', latest.element);
      const failing = await eventually(async () => {
        await refresh();
        const item = await row();
        const tooltip = await item.hover();
        assert.match(tooltip, /the secret is/);
        return tooltip;
      });
      assert.ok(!failing.includes(secret), 'not in the tooltip');
      const [newest] = await deliveries();
      await vscode.commands.executeCommand('livepeer.webhooks.showDelivery', newest.element);
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
      await refresh();
      const top = await view('webhooks').rows();
      assert.equal(top.length, 51, '50 rows and Load more…');
      assert.equal(top.at(-1)?.label, 'Load more…');
      await vscode.commands.executeCommand('livepeer.webhooks.loadMore');
      const all = await view('webhooks').rows();
      assert.equal(all.length, 51, 'all 51 webhooks, no Load more after the last page');
      assert.ok(!all.some((item) => item.label === 'Load more…'));
      const page = await view('webhooks').rows(await row());
      assert.deepEqual([page.length, page.at(-1)?.label], [21, 'Load more…']);
      await vscode.commands.executeCommand('livepeer.webhooks.loadMoreDeliveries', webhook.id);
      assert.equal((await deliveries()).length, total);
      const createdAt = new Map(emulator.webhooks.log.map((entry) => [`delivery:${webhook.id}:${entry.id}`, entry.createdAt]));
      const times = (await deliveries()).map((item) => createdAt.get(item.item.id ?? '') ?? assert.fail(`no delivery ${item.item.id}`));
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first');
    } finally {
      for (const other of extra) other.deleted = true;
      emulator.webhooks.log.splice(0, emulator.webhooks.log.length, ...emulator.webhooks.log.filter((entry) => !entry.id.startsWith('bulk-delivery-')));
      await refresh();
    }
  });

  it('shows the webhook with its deliveries (screenshot for the README)', async function () {
    if (!process.env.LIVEPEER_SCREENSHOT_DIR) this.skip();
    const pipeline = emulator.webhooks.add({ name: 'Asset pipeline', url: 'https://api.example.com/livepeer/webhook', events: ['asset.ready', 'asset.failed'], sharedSecret: 'demo-secret-0123456789' });
    const failedAt = Date.now() - 7 * 60_000;
    pipeline.createdAt = failedAt - 86_400_000;
    pipeline.status = { lastTriggeredAt: failedAt, lastFailure: { timestamp: failedAt, statusCode: 503, response: Buffer.from('upstream unavailable').toString('base64') } };
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await refresh();
    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
    // The other views are hidden for the picture and shown again after it (later suites use them).
    const others = ['livepeer.signingKeys', 'livepeer.streams', 'livepeer.uploads', 'livepeer.assets'];
    for (const id of others) await vscode.commands.executeCommand(`${id}.removeView`);
    try {
      await view('webhooks').tree?.reveal((await row()).element, { expand: true, select: false, focus: true });
      // The failing webhook's tooltip says what failed and when.
      await hoverUntil('Asset pipeline', '', /last delivery failed[^]*Last failure/);
      await screenshot('webhooks');
    } finally {
      for (const id of others) await vscode.commands.executeCommand(`${id}.toggleVisibility`);
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
    assert.ok(!(await view('webhooks').rows()).some((item) => item.item.id === `webhook:${webhook.id}`));
  });

  it('Enter in the events picker with nothing ticked keeps asking for events, and the name and URL typed before are kept', async () => {
    const placeHolders: string[] = [];
    const events = (picked: (request: PromptRequest) => unknown) => (request: PromptRequest) => {
      placeHolders.push(String((request as Pick).options.placeHolder));
      return picked(request);
    };
    answer(input('Kept name'), input(receiver.url), events(() => []), events(choose('asset.ready')), choose('All streams'), choose('Generate a strong random secret'));
    const created = await vscode.commands.executeCommand<Webhook | undefined>('livepeer.webhooks.create');
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
