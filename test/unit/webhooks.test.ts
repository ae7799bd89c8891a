import assert from 'node:assert/strict';
import { request } from 'undici';
import {
  StudioClient,
  WEBHOOK_EVENTS,
  verifyWebhookSignature,
  type ApiCallRecord,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventBody,
} from '../../src/api';
import { buildWebhookTestEvent } from '../../src/api/webhooks/testEvent';
import { startReceiver, type Receiver } from '../demo/receiver';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-webhooks-7c2d';
const SECRET = 'whsec-0123456789abcdef';
const NOW = { toleranceSeconds: 60 };

/** One raw request to the emulator, so codes and messages are seen as the service sends them. */
async function raw(emu: Emulator, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${emu.apiUrl}${path}`, { method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.body.text();
  return { status: res.statusCode, link: res.headers.link as string | undefined, text, json: <T>() => JSON.parse(text) as T, error: () => (JSON.parse(text) as { errors: string[] }).errors[0] ?? '' };
}

function header(request: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

describe('webhooks: emulator routes, deliveries and client over real HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;
  let receiver: Receiver;
  let calls: ApiCallRecord[];

  async function start(webhooks: Parameters<typeof startEmulator>[0] = {}): Promise<void> {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20, defaultPageSize: 3, webhooks: { retryDelayMs: 50, maxRetries: 2, statusDelayMs: 50 }, ...webhooks });
    calls = [];
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  }

  /** Another emulator for this test, with other delivery options. */
  async function restart(options: Parameters<typeof startEmulator>[0]): Promise<void> {
    await client.close();
    await emu.close();
    await start(options);
  }

  beforeEach(async () => {
    receiver = await startReceiver();
    await start();
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
    await receiver.close();
  });

  const log = async (webhookId: string, limit = 50): Promise<WebhookDelivery[]> => (await client.webhooks.listDeliveriesPage(webhookId, { limit })).items;

  describe('emulator CRUD as the service answers', () => {
    it('POST is 201 with the stored document, secret included; events are required but may be empty; streamId is not checked', async () => {
      const created = await raw(emu, 'POST', '/webhook', { name: 'hook', url: 'http://localhost:3000/x', events: ['stream.started'], sharedSecret: SECRET, streamId: 'no-such-stream' });
      assert.equal(created.status, 201);
      const webhook = created.json<Webhook>();
      assert.deepEqual([webhook.name, webhook.url, webhook.events, webhook.sharedSecret, webhook.streamId, webhook.kind], ['hook', 'http://localhost:3000/x', ['stream.started'], SECRET, 'no-such-stream', 'webhook']);
      assert.ok(webhook.id && webhook.createdAt && webhook.projectId && webhook.userId);
      assert.equal((await raw(emu, 'POST', '/webhook', { name: 'e', url: 'http://127.0.0.1/x', events: [] })).status, 201);
      const noEvents = await raw(emu, 'POST', '/webhook', { name: 'e', url: 'https://example.com/x' });
      assert.deepEqual([noEvents.status, noEvents.error()], [422, 'must provide "events" field with subscriptions']);
    });

    it('422 with the validator JSON for an unknown event, an extra field, no name, a url that is not http(s)', async () => {
      const refused = async (body: object) => {
        const answer = await raw(emu, 'POST', '/webhook', body);
        assert.equal(answer.status, 422);
        return (JSON.parse(answer.error()) as Array<{ keyword: string; instancePath: string; message: string }>)[0];
      };
      const base = { name: 'n', url: 'https://example.com/hook', events: ['stream.idle'] };
      const unknown = await refused({ ...base, events: ['stream.idle', 'stream.exploded'] });
      assert.deepEqual([unknown.keyword, unknown.instancePath, unknown.message], ['enum', '/events/1', 'must be equal to one of the allowed values']);
      assert.equal((await refused({ ...base, color: 'red' })).keyword, 'additionalProperties');
      assert.equal((await refused({ url: base.url, events: [] })).message, "must have required property 'name'");
      assert.equal((await refused({ ...base, url: 'ftp://example.com' })).keyword, 'pattern');
      assert.equal((await refused({ ...base, url: 'http://exa mple.com' })).keyword, 'format');
      // The client's own list of events is the service's.
      assert.equal((await raw(emu, 'POST', '/webhook', { ...base, events: WEBHOOK_EVENTS })).status, 201);
    });

    it('PATCH 204 keeps absent fields; unknown webhook, foreign stream; DELETE then 404 `not found` for every verb', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      const { id } = (await raw(emu, 'POST', '/webhook', { name: 'a', url: 'https://example.com/a', events: ['stream.idle'], sharedSecret: SECRET })).json<Webhook>();
      const patched = await raw(emu, 'PATCH', `/webhook/${id}`, { name: 'b', streamId: stream.id });
      assert.deepEqual([patched.status, patched.text], [204, '']);
      const after = (await raw(emu, 'GET', `/webhook/${id}`)).json<Webhook>();
      assert.deepEqual([after.name, after.url, after.sharedSecret, after.streamId], ['b', 'https://example.com/a', SECRET, stream.id]);
      assert.equal((await raw(emu, 'PATCH', '/webhook/nope', { name: 'x' })).error(), 'webhook not found');
      const foreign = await raw(emu, 'PATCH', `/webhook/${id}`, { streamId: 'not-mine' });
      assert.deepEqual([foreign.status, foreign.error()], [404, 'stream not found']);
      assert.equal((await raw(emu, 'PATCH', `/webhook/${id}`, { events: ['nope'] })).status, 422);
      assert.equal((await raw(emu, 'DELETE', `/webhook/${id}`)).status, 204);
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const gone = await raw(emu, method, `/webhook/${id}`, method === 'PATCH' ? { name: 'c' } : undefined);
        assert.deepEqual([gone.status, gone.error()], [404, 'not found'], method);
      }
    });

    it('lists: a Link on every non-empty page (cursor=undefined without limit), order= and filters on name and url', async () => {
      for (const name of ['Alpha', 'beta', 'Gamma', 'alphabet']) {
        emu.webhooks.add({ name, url: `https://example.com/${name}`, events: ['asset.ready'] });
        await new Promise((r) => setTimeout(r, 2));
      }
      const first = await raw(emu, 'GET', '/webhook?limit=2&order=createdAt-true');
      assert.deepEqual(first.json<Webhook[]>().map((w) => w.name), ['alphabet', 'Gamma']);
      assert.match(first.link ?? '', /cursor=skip2/);
      const second = await raw(emu, 'GET', '/webhook?limit=2&order=createdAt-true&cursor=skip2');
      assert.deepEqual(second.json<Webhook[]>().map((w) => w.name), ['beta', 'Alpha']);
      assert.match(second.link ?? '', /cursor=skip4/, 'a full last page still links');
      const empty = await raw(emu, 'GET', '/webhook?limit=2&cursor=skip4');
      assert.deepEqual([empty.text, empty.link], ['[]', undefined]);
      assert.match((await raw(emu, 'GET', '/webhook')).link ?? '', /cursor=undefined/);
      const named = await raw(emu, 'GET', `/webhook?filters=${encodeURIComponent(JSON.stringify([{ id: 'name', value: 'ALPHA' }]))}`);
      assert.deepEqual(named.json<Webhook[]>().map((w) => w.name).sort(), ['Alpha', 'alphabet']);
      const byUrl = await raw(emu, 'GET', `/webhook?filters=${encodeURIComponent(JSON.stringify([{ id: 'url', value: 'https://example.com/beta' }]))}`);
      assert.deepEqual(byUrl.json<Webhook[]>().map((w) => w.name), ['beta']);
    });
  });

  describe('client operations', () => {
    it('create (with events and a stream scope), list newest first across pages, get, update, delete', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      const made: Webhook[] = [];
      for (const name of ['one', 'two', 'three']) {
        made.push(await client.webhooks.create({ name: ` ${name} `, url: receiver.url, events: ['stream.started', 'stream.idle'], sharedSecret: SECRET, streamId: stream.id }));
        await new Promise((r) => setTimeout(r, 2));
      }
      assert.deepEqual([made[0]?.name, made[0]?.streamId, made[0]?.events], ['one', stream.id, ['stream.started', 'stream.idle']]);
      const page = await client.webhooks.listPage(undefined, 2);
      assert.deepEqual(page.items.map((w) => w.name), ['three', 'two']);
      // The service links the last, shorter page on as well: no next page is offered after it.
      const last = await client.webhooks.listPage(page.nextCursor, 2);
      assert.deepEqual([last.items.map((w) => w.name), last.nextCursor], [['one'], undefined]);
      assert.deepEqual((await client.webhooks.list()).map((w) => w.name), ['three', 'two', 'one']);
      await client.webhooks.update(made[0]?.id ?? '', { name: 'renamed', events: ['asset.ready'] });
      const got = await client.webhooks.get(made[0]?.id ?? '');
      assert.deepEqual([got.name, got.events, got.url, got.streamId], ['renamed', ['asset.ready'], receiver.url, stream.id]);
      await client.webhooks.delete(made[0]?.id ?? '');
      assert.equal((await failure(client.webhooks.get(made[0]?.id ?? ''))).status, 404);
    });

    it('refuses unsent what the service would refuse: empty name, a URL that is not http(s), nothing to change', async () => {
      const input = { name: 'x', url: 'https://example.com', events: [] };
      assert.equal((await failure(client.webhooks.create({ ...input, name: ' ' }))).kind, 'config');
      assert.equal((await failure(client.webhooks.create({ ...input, url: 'ftp://example.com' }))).kind, 'config');
      assert.equal((await failure(client.webhooks.update('id', {}))).kind, 'config');
      assert.equal(calls.length, 0);
    });
  });

  describe('deliveries', () => {
    it('a stream going live delivers a signed stream.started to the scoped webhook; other streams do not, asset events still do', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      const other = emu.store.addStream({ name: 'other' });
      const webhook = await client.webhooks.create({ name: 'scoped', url: receiver.url, events: ['stream.started', 'asset.created'], sharedSecret: SECRET, streamId: stream.id });
      emu.store.startSession(other);
      emu.store.startSession(stream);
      await waitFor(() => receiver.received.length >= 1);
      emu.store.createAsset('clip', 'token');
      await waitFor(() => receiver.received.length >= 2);
      const [started, created] = receiver.received;
      assert.ok(started && created);
      const body = JSON.parse(started.body) as WebhookEventBody;
      assert.deepEqual(Object.keys(body), ['id', 'webhookId', 'createdAt', 'timestamp', 'event', 'stream']);
      assert.deepEqual([body.event, body.webhookId, (body.stream as { id: string }).id], ['stream.started', webhook.id, stream.id]);
      assert.ok(!started.body.includes(stream.streamKey ?? '-'), 'the stream key is never sent');
      assert.equal(header(started, 'content-type'), 'application/json');
      assert.equal(header(started, 'user-agent'), 'livepeer.studio');
      const signature = header(started, 'livepeer-signature');
      assert.equal(signature?.split(',')[0], `t=${body.timestamp}`);
      assert.deepEqual(verifyWebhookSignature(started.body, signature, SECRET, NOW), { valid: true });
      assert.equal((JSON.parse(created.body) as WebhookEventBody).event, 'asset.created');
      // The builder's shape for the same event is the service's.
      const built = buildWebhookTestEvent('stream.started', { webhookId: webhook.id, stream }) as WebhookEventBody;
      assert.deepEqual(Object.keys(built), Object.keys(body));
      const entries = await log(webhook.id);
      assert.deepEqual(entries.map((e) => [e.event, e.success, e.response?.status]), [['asset.created', true, 200], ['stream.started', true, 200]]);
      const [, first] = entries;
      assert.deepEqual(first?.request, { url: receiver.url, method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'livepeer.studio', 'Livepeer-Signature': signature }, body: started.body });
      assert.equal(Buffer.from(first?.response?.body ?? '', 'base64').toString(), 'ok');
      assert.ok((first?.duration ?? -1) >= 0 && !('sharedSecret' in (first ?? {})));
    });

    it('stream idle, recording ready and the asset lifecycle are delivered; a webhook without a secret gets no signature header', async () => {
      const stream = emu.store.addStream({ name: 'show', record: true });
      const webhook = emu.webhooks.add({ name: 'all', url: receiver.url, events: ['stream.idle', 'recording.ready', 'asset.created', 'asset.ready', 'asset.failed', 'asset.deleted'] });
      emu.store.startSession(stream);
      emu.store.endLiveSession(stream);
      const ready = emu.store.createAsset('good', 'token');
      emu.store.completeUpload(ready.id, '/dev/null', 1000);
      const broken = emu.store.createAsset('bad', 'token');
      emu.store.failAsset(broken.id, 'moov atom not found');
      emu.store.deleteAsset(broken.id);
      const events = () => receiver.received.map((r) => (JSON.parse(r.body) as WebhookEventBody).event);
      await waitFor(() => events().includes('recording.ready') && events().includes('asset.ready'));
      assert.deepEqual(events().sort(), ['asset.created', 'asset.created', 'asset.deleted', 'asset.failed', 'asset.ready', 'recording.ready', 'stream.idle']);
      const body = (event: string) => receiver.received.map((r) => JSON.parse(r.body) as WebhookEventBody).find((b) => b.event === event);
      assert.deepEqual(Object.keys(body('recording.ready')?.payload ?? {}), ['recordingUrl', 'mp4Url', 'session']);
      assert.equal((body('asset.ready')?.payload as { snapshot: { status: { phase: string } } }).snapshot.status.phase, 'ready');
      assert.equal((body('asset.deleted')?.payload as { asset: { id: string } }).asset.id, broken.id);
      assert.ok(receiver.received.every((r) => header(r, 'livepeer-signature') === undefined));
      assert.equal((await log(webhook.id)).length, 7);
    });

    it('a receiver answering 500 is retried with the same event id and shows as failing; 4xx is not retried', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      const webhook = await client.webhooks.create({ name: 'flaky', url: receiver.url, events: ['stream.started', 'stream.idle'], sharedSecret: SECRET });
      receiver.answer = () => ({ status: 500, body: 'database down' });
      emu.store.startSession(stream);
      await waitFor(() => receiver.received.length === 3);
      const ids = receiver.received.map((r) => (JSON.parse(r.body) as WebhookEventBody).id);
      assert.equal(new Set(ids).size, 1, 'retries carry the same event id');
      assert.ok(receiver.received.every((r) => verifyWebhookSignature(r.body, header(r, 'livepeer-signature'), SECRET, NOW).valid), 'each retry is signed anew');
      await waitFor(() => !!emu.webhooks.webhooks.get(webhook.id)?.status?.lastFailure);
      const failing = await client.webhooks.get(webhook.id);
      assert.equal(failing.status?.lastFailure?.statusCode, 500);
      assert.equal(Buffer.from(failing.status?.lastFailure?.response ?? '', 'base64').toString(), 'database down');
      const entries = await log(webhook.id);
      assert.deepEqual(entries.map((e) => [e.success, e.response?.status]), [[false, 500], [false, 500], [false, 500]]);
      const failed = (await client.webhooks.listDeliveriesPage(webhook.id, { success: false, event: 'stream.started' })).items;
      assert.equal(failed.length, 3);
      assert.equal((await client.webhooks.listDeliveriesPage(webhook.id, { success: true })).items.length, 0);
      const filtered = async (filters: object[]) => (await raw(emu, 'GET', `/webhook/${webhook.id}/log?filters=${encodeURIComponent(JSON.stringify(filters))}`)).json<unknown[]>().length;
      assert.equal(await filtered([{ id: 'statusCode', value: 500 }]), 3);
      assert.equal(await filtered([{ id: 'statusCode', value: { gte: 400 } }]), 0, 'a range compares text and finds nothing, as on the service');
      assert.equal(await filtered([{ id: 'resourceId', value: stream.id }]), 3);

      receiver.received.length = 0;
      receiver.answer = () => 404;
      emu.store.endLiveSession(stream);
      await waitFor(() => receiver.received.length === 1);
      await new Promise((r) => setTimeout(r, 400)); // well past the 50/100 ms backoff
      assert.equal(receiver.received.length, 1, '4xx is not retried');
      assert.equal((await client.webhooks.listDeliveriesPage(webhook.id, { event: 'stream.idle' })).items[0]?.response?.status, 404);
    });

    it('resend after the receiver is fixed succeeds: 200 with the new entry, only the timestamp changed, stored URL and secret', async () => {
      await restart({ webhooks: { retryDelayMs: 50, maxRetries: 0, statusDelayMs: 0 } });
      const stream = emu.store.addStream({ name: 'cam' });
      const webhook = await client.webhooks.create({ name: 'fixme', url: receiver.url, events: ['stream.started'], sharedSecret: SECRET });
      receiver.answer = () => 503;
      emu.store.startSession(stream);
      await waitFor(() => receiver.received.length === 1);
      const [failed] = await log(webhook.id);
      assert.equal(failed?.success, false);
      // The webhook changes afterwards: the resend still uses what the entry stored.
      await client.webhooks.update(webhook.id, { sharedSecret: 'a-new-secret-000', url: 'http://127.0.0.1:9/elsewhere' });
      receiver.answer = () => 200;
      const resent = await client.webhooks.resendDelivery(webhook.id, failed?.id ?? '');
      assert.deepEqual([resent.success, resent.response?.status, resent.eventId, resent.event], [true, 200, failed?.eventId, 'stream.started']);
      assert.equal(receiver.received.length, 2);
      const [before, after] = receiver.received.map((r) => JSON.parse(r.body) as WebhookEventBody);
      assert.ok(after && before && after.timestamp >= before.timestamp);
      assert.deepEqual({ ...after, timestamp: 0 }, { ...before, timestamp: 0 });
      assert.deepEqual(verifyWebhookSignature(receiver.received[1]?.body ?? '', header(receiver.received[1] ?? { headers: {} }, 'livepeer-signature'), SECRET, NOW), { valid: true });
      assert.deepEqual((await client.webhooks.getDelivery(webhook.id, resent.id)).id, resent.id);
      await waitFor(() => emu.webhooks.webhooks.get(webhook.id)?.status?.lastTriggeredAt !== undefined);
      assert.equal((await log(webhook.id)).length, 2);
      // A resend that fails still answers 200, with the failure in the entry.
      receiver.answer = () => 500;
      const again = await client.webhooks.resendDelivery(webhook.id, failed?.id ?? '');
      assert.deepEqual([again.success, again.response?.status], [false, 500]);
    });

    it('time-outs are retried; a receiver that is down is logged with an empty body; non-loopback URLs are never called', async () => {
      await restart({ webhooks: { retryDelayMs: 20, maxRetries: 1, statusDelayMs: 0, timeoutMs: 500 } });
      const stream = emu.store.addStream({ name: 'cam' });
      const slow = emu.webhooks.add({ name: 'slow', url: receiver.url, events: ['stream.started'] });
      const down = emu.webhooks.add({ name: 'down', url: 'http://127.0.0.1:9/none', events: ['stream.started'] });
      const away = emu.webhooks.add({ name: 'away', url: 'https://example.com/hook', events: ['stream.started'] });
      let answered = 0;
      receiver.answer = () => (++answered === 1 ? new Promise<number>(() => undefined) : 200);
      emu.store.startSession(stream);
      await waitFor(() => receiver.received.length === 2);
      await waitFor(() => emu.webhooks.log.filter((e) => e.webhookId === down.id).length === 2);
      assert.deepEqual((await log(slow.id)).map((e) => e.success), [true, false]);
      const downEntries = await log(down.id);
      assert.deepEqual(downEntries.map((e) => [e.success, e.response]), [[false, { body: '' }], [false, { body: '' }]]);
      const awayEntries = await log(away.id);
      assert.equal(awayEntries.length, 1, 'refused, not retried');
      await waitFor(() => !!emu.webhooks.webhooks.get(away.id)?.status?.lastFailure);
      assert.match(emu.webhooks.webhooks.get(away.id)?.status?.lastFailure?.error ?? '', /loopback/);
    });

    it('the webhook status is written about a minute late by default, as on the service; at once when set short', async () => {
      await restart({ webhooks: {} });
      const stream = emu.store.addStream({ name: 'cam' });
      const webhook = emu.webhooks.add({ name: 'later', url: receiver.url, events: ['stream.started'] });
      emu.store.startSession(stream);
      await waitFor(() => emu.webhooks.log.length === 1);
      assert.equal((await client.webhooks.get(webhook.id)).status, undefined);

      await restart({ webhooks: { statusDelayMs: 0 } });
      const soon = emu.webhooks.add({ name: 'soon', url: receiver.url, events: ['stream.started'] });
      emu.store.startSession(emu.store.addStream({ name: 'cam' }));
      await waitFor(() => emu.webhooks.webhooks.get(soon.id)?.status !== undefined);
      const status = (await client.webhooks.get(soon.id)).status;
      assert.ok(status?.lastTriggeredAt && !status.lastFailure);
    });
  });

  describe('delivery log codes', () => {
    it('404 webhook log not found, 400 mismatch, a deleted webhook: 404 webhook not found while its list still answers', async () => {
      const stream = emu.store.addStream({ name: 'cam' });
      const a = emu.webhooks.add({ name: 'a', url: receiver.url, events: ['stream.started'] });
      const b = emu.webhooks.add({ name: 'b', url: receiver.url, events: [] });
      assert.deepEqual([(await raw(emu, 'GET', `/webhook/${a.id}/log`)).text, (await raw(emu, 'GET', `/webhook/${a.id}/log`)).link], ['[]', undefined]);
      emu.store.startSession(stream);
      await waitFor(() => emu.webhooks.log.length === 1);
      const entry = emu.webhooks.log[0];
      const unknown = await raw(emu, 'GET', `/webhook/${a.id}/log/nope`);
      assert.deepEqual([unknown.status, unknown.error()], [404, 'webhook log not found']);
      const mismatch = await raw(emu, 'GET', `/webhook/${b.id}/log/${entry?.id}`);
      assert.deepEqual([mismatch.status, mismatch.error()], [400, 'mismatch between webhook and webhook log']);
      assert.equal((await raw(emu, 'POST', `/webhook/${b.id}/log/${entry?.id}/resend`)).status, 400);
      const listed = await raw(emu, 'GET', `/webhook/${a.id}/log?limit=5`);
      assert.match(listed.link ?? '', /cursor=skip5/);
      assert.ok(!listed.text.includes('sharedSecret'));
      await raw(emu, 'DELETE', `/webhook/${a.id}`);
      const deleted = await raw(emu, 'GET', `/webhook/${a.id}/log/${entry?.id}`);
      assert.deepEqual([deleted.status, deleted.error()], [404, 'webhook not found']);
      assert.equal((await raw(emu, 'GET', `/webhook/${a.id}/log`)).json<unknown[]>().length, 1);
    });
  });

  describe('the shared secret stays out of errors and the log', () => {
    it('a 422 that echoes the sent body, and a failure page that dumps a stored webhook, never show the secret', async () => {
      const echoed = JSON.stringify({ name: 'x', url: receiver.url, events: ['nope'], sharedSecret: SECRET });
      emu.faults.fail({ origin: 'api', method: 'POST', path: '/api/webhook', status: 422, body: { errors: [`invalid body ${echoed}`, `sharedSecret ${SECRET} is too weak`] } });
      const refused = await failure(client.webhooks.create({ name: 'x', url: receiver.url, events: ['stream.idle'], sharedSecret: SECRET }));
      // The client never knew this one: it is caught by the field name alone.
      const stored = 'stored-secret-9f8e7d6c';
      emu.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/webhook\//, status: 500, body: `<pre>{"id":"w1","sharedSecret":"${stored}"}</pre>` });
      const dumped = await failure(client.webhooks.get('w1'));
      emu.faults.fail({ origin: 'api', method: 'PATCH', path: /^\/api\/webhook\//, status: 400, body: { errors: [`bad secret ${SECRET}`] } });
      const patched = await failure(client.webhooks.update('w1', { sharedSecret: SECRET }));
      const everything = JSON.stringify([refused.message, refused.messages, dumped.message, dumped.messages, patched.message, patched.messages, calls]);
      assert.ok(!everything.includes(SECRET) && !everything.includes(stored), everything);
      assert.match(refused.message, /request refused/);
      assert.match(dumped.message, /\*\*\*/);
      assert.equal(calls.length, 3);
    });
  });
});
