import assert from 'node:assert/strict';
import { StudioClient, verifyWebhookSignature, type ApiCallRecord, type WebhookEventBody } from '../../src/api';
import { forwardDeliveries, localTargetProblem, type ForwardEvent, type Forwarding } from '../../src/operations/forwarding/forwardDeliveries';
import { refusalSentence } from '../../src/tools/refusalWords';
import { refusal } from './helpers/studioErrors';
import { startReceiver, type Receiver } from '../demo/receiver';
import { startEmulator, type Emulator } from '../emulator';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-forwarding-5e1a';
const SECRET = 'whsec-forward-0123456789';
/** The webhook's own (public) address: in the emulator nothing listens there, so the service's log fills with failed attempts and their retries. */
const SERVICE_TARGET = 'http://127.0.0.1:9/hooks';
const FAST = { minPollMs: 20, maxPollMs: 160, timeoutMs: 2000 };

function body(request: { body: string }): WebhookEventBody {
  return JSON.parse(request.body) as WebhookEventBody;
}

describe('forwarding deliveries to localhost over real HTTP', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;
  let local: Receiver;
  let calls: ApiCallRecord[];
  let events: ForwardEvent[];
  let forwarding: Forwarding | undefined;
  /** When each read of the log ended (ms): the gaps between them are at least the polling intervals. */
  let pollStamps: number[];

  const logReads = () => calls.filter((call) => call.method === 'GET' && call.path.includes('/log'));
  const start = async (target: string, timing: object = FAST, webhookId?: string): Promise<Forwarding> => {
    const id = webhookId ?? emu.webhooks.add({ name: 'prod hook', url: SERVICE_TARGET, events: ['stream.started', 'recording.ready', 'asset.created'], sharedSecret: SECRET }).id;
    forwarding = await forwardDeliveries(client, { webhookId: id, target, timing, onEvent: (event) => events.push(event) });
    return forwarding;
  };

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20, webhooks: { retryDelayMs: 30, maxRetries: 2, statusDelayMs: 0, timeoutMs: 2000 } });
    calls = [];
    events = [];
    pollStamps = [];
    const onCall = (call: ApiCallRecord) => {
      calls.push(call);
      if (call.method === 'GET' && call.path.includes('/log')) pollStamps.push(Date.now());
    };
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 }, onCall });
    local = await startReceiver();
  });

  afterEach(async () => {
    await forwarding?.stop();
    forwarding = undefined;
    await client.close();
    await emu.close();
    await local.close();
  });

  it('forwards a stream going live and its recording once each, in order, signed with the webhook secret; earlier deliveries stay unsent', async () => {
    const before = emu.store.createAsset('before', 'token');
    const webhookId = emu.webhooks.add({ name: 'prod hook', url: SERVICE_TARGET, events: ['stream.started', 'recording.ready', 'asset.created'], sharedSecret: SECRET }).id;
    const old = emu.store.createAsset('old news', 'token');
    await waitFor(() => emu.webhooks.log.filter((e) => e.webhookId === webhookId).length === 3, 10_000); // 1 attempt + 2 retries
    assert.ok(before && old);
    await start(local.url, FAST, webhookId);

    const stream = emu.store.addStream({ name: 'launch', record: true });
    emu.store.startSession(stream);
    emu.store.endLiveSession(stream);
    await waitFor(() => local.received.length >= 2, 10_000);
    // Every event was attempted three times by the service; wait for all of it to be in the log and read.
    await waitFor(() => emu.webhooks.log.filter((e) => e.webhookId === webhookId).length === 9, 10_000);
    const readsNow = logReads().length;
    await waitFor(() => logReads().length >= readsNow + 2, 10_000);

    assert.deepEqual(local.received.map((r) => body(r).event), ['stream.started', 'recording.ready']);
    const logged = emu.webhooks.log.filter((e) => e.webhookId === webhookId);
    for (const request of local.received) {
      const signature = request.headers['livepeer-signature'] as string;
      assert.deepEqual(verifyWebhookSignature(request.body, signature, SECRET, { toleranceSeconds: 30 }), { valid: true });
      assert.equal(signature.split(',')[0], `t=${body(request).timestamp}`);
      assert.equal(request.headers['content-type'], 'application/json');
      assert.equal(request.headers['user-agent'], 'livepeer.studio');
      const original = logged.find((e) => e.eventId === body(request).id);
      const { timestamp: _t, ...rest } = JSON.parse(original?.request.body ?? '{}') as Record<string, unknown>;
      const { timestamp: _u, ...sent } = body(request) as unknown as Record<string, unknown>;
      assert.deepEqual(sent, rest, 'the original body, only the timestamp new');
      assert.equal(request.path, '/webhook');
    }
    const forwarded = events.filter((e): e is Extract<ForwardEvent, { kind: 'forwarded' }> => e.kind === 'forwarded');
    assert.deepEqual(forwarded.map((e) => [e.delivery.event, e.answer.status, e.answer.body]), [['stream.started', 200, 'ok'], ['recording.ready', 200, 'ok']]);
    assert.ok(!JSON.stringify(events).includes(SECRET), 'the secret is in no event');
  });

  it('a receiver that is down is told, retried with backoff and never skipped: both events arrive once, in order, when it comes back', async () => {
    const port = Number(new URL(local.url).port);
    await local.close();
    await start(`http://localhost:${port}/webhook`);
    const stream = emu.store.addStream({ name: 'cam' });
    emu.store.startSession(stream);
    emu.store.createAsset('clip', 'token');
    await waitFor(() => events.filter((e) => e.kind === 'receiver-down').length >= 4, 10_000);
    const down = events.filter((e): e is Extract<ForwardEvent, { kind: 'receiver-down' }> => e.kind === 'receiver-down');
    assert.ok(down.every((e) => e.delivery.event === 'stream.started'), 'the first event holds the queue');
    assert.match(down[0]?.message ?? '', /cannot reach localhost:\d+ \(connection refused\): is the handler running at that address\?/);
    assert.deepEqual(down.slice(0, 4).map((e) => e.retryInMs), [20, 40, 80, 160]);
    local = await startReceiver({ port });
    await waitFor(() => local.received.length >= 2, 10_000);
    await waitFor(() => emu.webhooks.log.length === 6, 10_000);
    const readsNow = logReads().length;
    await waitFor(() => logReads().length >= readsNow + 2, 10_000);
    assert.deepEqual(local.received.map((r) => body(r).event), ['stream.started', 'asset.created']);
  });

  it('polls only while forwarding, slower while nothing arrives, at once faster after a delivery; stop leaves nothing running', async () => {
    const slow = { minPollMs: 20, maxPollMs: 1000, timeoutMs: 2000 };
    await start(local.url, slow);
    // The first read and six polls, after 20, 40, 80, 160, 320 and 640 ms of an empty log.
    await waitFor(() => pollStamps.length >= 7, 10_000);
    for (let i = 1; i < 7; i++) {
      const gap = (pollStamps[i] ?? 0) - (pollStamps[i - 1] ?? 0);
      assert.ok(gap >= 20 * 2 ** (i - 1) - 2, `poll ${i} came ${gap} ms after the previous read, expected at least ${20 * 2 ** (i - 1)}`);
    }
    emu.store.createAsset('news', 'token');
    await waitFor(() => local.received.length === 1, 10_000);
    const afterDelivery = pollStamps.length;
    await waitFor(() => pollStamps.length >= afterDelivery + 1, 10_000);
    const resumed = (pollStamps[afterDelivery] ?? 0) - (pollStamps[afterDelivery - 1] ?? 0);
    assert.ok(resumed < 640, `after a delivery the next poll comes soon (${resumed} ms), not after the long idle interval`);

    await forwarding?.stop();
    const reads = logReads().length;
    emu.store.createAsset('after stop', 'token');
    await new Promise((r) => setTimeout(r, 400)); // well past the shortest interval: nothing may poll or POST
    assert.equal(logReads().length, reads, 'no poll after stop');
    assert.equal(local.received.length, 1, 'nothing forwarded after stop');
    assert.equal(events.filter((e) => e.kind === 'stopped').length, 1);
  });

  it('stop ends a POST under way and the retries of a receiver that is down', async () => {
    local.answer = () => new Promise(() => undefined); // never answers
    await start(local.url);
    emu.store.createAsset('hangs', 'token');
    await waitFor(() => local.received.length === 1, 10_000);
    const started = Date.now();
    await forwarding?.stop();
    assert.ok(Date.now() - started < 1500, 'stop does not wait for the receiver');
    assert.equal(events.filter((e) => e.kind === 'forwarded' || e.kind === 'receiver-down').length, 0);

    const port = Number(new URL(local.url).port);
    await local.close();
    await start(`http://127.0.0.1:${port}/webhook`, { ...FAST, minPollMs: 200, maxPollMs: 200 });
    emu.store.createAsset('nobody listens', 'token');
    await waitFor(() => events.some((e) => e.kind === 'receiver-down'), 10_000);
    await forwarding?.stop();
    const down = events.filter((e) => e.kind === 'receiver-down').length;
    await new Promise((r) => setTimeout(r, 500)); // past two retry intervals
    assert.equal(events.filter((e) => e.kind === 'receiver-down').length, down, 'no retry after stop');
    local = await startReceiver();
  });

  it('refuses addresses off this machine and its private network, before asking the service', async () => {
    for (const url of ['http://localhost:3000/webhooks', 'http://127.0.0.1:8080/x', 'http://[::1]:3000/', 'http://192.168.1.20:3000/', 'http://10.0.0.5/', 'http://172.20.1.1/', 'https://[fd12::1]/h']) {
      assert.equal(localTargetProblem(url), undefined, url);
    }
    const refused: Array<[string, RegExp]> = [
      ['https://example.com/hooks', /example\.com is a name/],
      ['http://8.8.8.8/', /not on this machine or a private network/],
      ['http://172.32.0.1/', /not on this machine/],
      ['ftp://localhost/', /http:\/\/ or https:\/\//],
      ['localhost:3000', /http:\/\/ or https:\/\//],
      ['http://user:pw@localhost/', /user name or password/],
    ];
    for (const [url, message] of refused) {
      const problem = localTargetProblem(url);
      assert.match(problem ? refusalSentence(problem) : '', message, url);
    }
    assert.match(await refusal(start('https://hooks.example.com/x')), /^hooks\.example\.com is a name/);
    assert.equal(calls.length, 0);
  });

  it('refuses an address with user:password@ without repeating the password', async () => {
    const sentence = await refusal(start('http://dev:Hunter2-Secret@localhost:3000/hooks'));
    assert.match(sentence, /the address must not hold a user name or password/);
    assert.doesNotMatch(sentence, /Hunter2|dev:/);
    assert.equal(calls.length, 0);
  });
});
