import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { StudioApiError, sendWebhookTestEvent, verifyWebhookSignature } from '../../src/api';
import { buildWebhookTestEvent } from '../../src/api/webhooks/testEvent';
import { startReceiver, type Receiver } from '../demo/receiver';

const SECRET = 'whsec-test-send-0123456789';

describe('Send Test Event: a signed POST from this machine over real HTTP', function () {
  this.timeout(10_000);
  let receiver: Receiver;

  beforeEach(async () => {
    receiver = await startReceiver();
  });

  afterEach(() => receiver.close());

  it('POSTs the event signed as the service signs it, and answers status, body and time', async () => {
    receiver.answer = () => ({ status: 202, body: 'accepted by the handler' });
    const event = buildWebhookTestEvent('asset.ready', { webhookId: 'wh-1' });
    const answer = await sendWebhookTestEvent(receiver.url, event, SECRET);
    assert.deepEqual([answer.status, answer.body, answer.contentType], [202, 'accepted by the handler', 'text/plain']);
    assert.ok(answer.durationMs >= 0);
    const [request] = receiver.received;
    assert.ok(request);
    assert.deepEqual(JSON.parse(request.body), event);
    assert.deepEqual([request.headers['content-type'], request.headers['user-agent']], ['application/json', 'livepeer.studio']);
    assert.equal(String(request.headers['livepeer-signature']).split(',')[0], `t=${event.timestamp}`);
    assert.deepEqual(verifyWebhookSignature(request.body, String(request.headers['livepeer-signature']), SECRET, { toleranceSeconds: 60 }), { valid: true });
  });

  it('sends no signature without a secret', async () => {
    await sendWebhookTestEvent(receiver.url, buildWebhookTestEvent('stream.started', { webhookId: 'wh-1' }), undefined);
    assert.equal(receiver.received[0]?.headers['livepeer-signature'], undefined);
  });

  it('reads at most 16 kB of a long answer', async () => {
    receiver.answer = () => ({ status: 200, body: 'x'.repeat(1_000_000) });
    const answer = await sendWebhookTestEvent(receiver.url, buildWebhookTestEvent('stream.idle', { webhookId: 'wh-1' }), SECRET);
    assert.equal(answer.body.length, 16 * 1024);
  });

  it('times out on a handler that never answers, and names the host of one that is not running', async () => {
    receiver.answer = () => new Promise(() => undefined);
    const started = Date.now();
    const late = await sendWebhookTestEvent(receiver.url, buildWebhookTestEvent('stream.idle', { webhookId: 'wh-1' }), SECRET, { timeoutMs: 300 }).catch((e: unknown) => e);
    assert.ok(late instanceof StudioApiError && late.kind === 'timeout', String(late));
    assert.match(late.message, /did not answer within 0\.3 s: is the handler running/);
    assert.ok(Date.now() - started < 3000);

    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as { port: number };
    await new Promise((resolve) => free.close(resolve));
    const down = await sendWebhookTestEvent(`http://127.0.0.1:${port}/hook`, buildWebhookTestEvent('stream.idle', { webhookId: 'wh-1' }), SECRET).catch((e: unknown) => e);
    assert.ok(down instanceof StudioApiError && down.kind === 'network', String(down));
    assert.match(down.message, new RegExp(`cannot reach 127\\.0\\.0\\.1:${port} .*is the handler running at that address\\?`));
  });

  it('refuses an address that is not http(s) without sending', async () => {
    const refused = await sendWebhookTestEvent('ftp://127.0.0.1/x', buildWebhookTestEvent('stream.idle', { webhookId: 'wh-1' }), SECRET).catch((e: unknown) => e);
    assert.ok(refused instanceof StudioApiError && refused.kind === 'config');
  });
});
