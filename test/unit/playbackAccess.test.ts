import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { StudioClient } from '../../src/api';
import { accessWebhookRequest, checkAccessWebhook } from '../../src/api/access/webhookCheck';
import { parseOrigins, policyEffects, policyProblem, setPlaybackAccess } from '../../src/operations/playbackAccess';
import { startEmulator, type Emulator } from '../emulator';
import { failure, refusal } from './helpers/studioErrors';

const TOKEN = 'tok-access-7d1e';
const SECRET = 'access-hook-secret-41';

/** A local access-control handler: answers what the test says, records what it was sent. */
interface Handler {
  url: string;
  seen: { method: string; path: string; headers: IncomingHttpHeaders; body: string }[];
  reply: { status: number; body?: string; location?: string };
  /** Replies by path, before `reply`. */
  routes: Record<string, { status: number; body?: string; location?: string; gzip?: boolean }>;
  server: Server;
}

async function startHandler(): Promise<Handler> {
  const handler = { seen: [], reply: { status: 200 }, routes: {} } as unknown as Handler;
  handler.server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      handler.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const { status, body: answer, location, gzip } = { gzip: false, ...(handler.routes[req.url ?? ''] ?? handler.reply) };
      res.writeHead(status, { ...(location ? { location } : {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(gzip ? gzipSync(answer ?? '') : (answer ?? ''));
    });
  });
  await new Promise<void>((resolve) => handler.server.listen(0, '127.0.0.1', resolve));
  handler.url = `http://127.0.0.1:${(handler.server.address() as AddressInfo).port}/access`;
  return handler;
}

describe('playback access: policies, the access-control webhook gate, Test Access Webhook (real HTTP)', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;
  let handler: Handler;

  async function gate(body: unknown): Promise<{ status: number; text: string }> {
    const res = await request(`${emu.apiUrl}/access-control/gate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.statusCode, text: await res.body.text() };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    handler = await startHandler();
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
    await new Promise((resolve) => handler.server.close(resolve));
  });

  it('the service refuses bad policies as it does; the operation refuses them unsent', async () => {
    const stream = await client.streams.create({ name: 'gated' });
    assert.equal((await failure(client.access.setPolicy({ kind: 'stream', id: stream.id }, { type: 'webhook' }))).status, 500);
    assert.match((await failure(client.access.setPolicy({ kind: 'stream', id: stream.id }, { type: 'webhook', webhookId: 'nope' }))).message, /webhook nope not found/);
    assert.equal((await failure(client.access.setPolicy({ kind: 'stream', id: stream.id }, { type: 'jwt', extra: 1 } as never))).status, 422);
    const asset = emu.store.addAsset({ status: { phase: 'ready', updatedAt: 1 } });
    assert.match((await failure(client.access.setPolicy({ kind: 'asset', id: asset.id }, { type: 'jwt' }))).message, /cannot update playback policy from private to public/);

    const sent = emu.requests.length;
    const content = { kind: 'asset' as const, id: asset.id, policy: { type: 'public' as const }, phase: 'ready' };
    assert.match(await refusal(setPlaybackAccess(client, content, { type: 'jwt' })), /public asset cannot become signed/);
    assert.match(await refusal(setPlaybackAccess(client, { kind: 'stream', id: stream.id }, { type: 'webhook' })), /needs a webhook/);
    assert.match(await refusal(setPlaybackAccess(client, { kind: 'stream', id: stream.id }, { type: 'public', allowedOrigins: ['https://app.example.com/path'] })), /is not an origin/);
    assert.equal(emu.requests.length, sent, 'nothing was sent for a refused change');
    assert.equal(policyProblem(content, { type: 'public', allowedOrigins: ['https://app.example.com'] }), undefined);
    assert.deepEqual(parseOrigins('https://App.example.com/, http://localhost:3000'), { origins: ['https://app.example.com', 'http://localhost:3000'] });
    assert.deepEqual(policyEffects({ type: 'public' }, { type: 'jwt' }), ['needsToken']);
    assert.deepEqual(policyEffects({ type: 'jwt' }, { type: 'webhook', webhookId: 'w' }), ['needsAccessKey', 'tokensIgnored']);
    assert.deepEqual(policyEffects({ type: 'public', allowedOrigins: ['https://a.example'] }, { type: 'public' }), ['originsOpened']);
  });

  it('a stream switched to a webhook policy is refused by the gate and the edge until the handler allows; allowed origins hold for public content', async () => {
    const stream = await client.streams.create({ name: 'members only' });
    const webhook = await client.webhooks.create({ name: 'access', url: handler.url, events: ['playback.accessControl'], sharedSecret: SECRET });
    await setPlaybackAccess(client, { kind: 'stream', id: stream.id }, { type: 'webhook', webhookId: webhook.id, webhookContext: { plan: 'pro' }, refreshInterval: 60 });
    const key = `video+${stream.playbackId}`;
    assert.deepEqual(await gate({ stream: key, type: 'jwt', pub: 'x' }), { status: 403, text: JSON.stringify({ errors: ['Content is gated and requires an access key'] }) });
    handler.reply = { status: 401 };
    assert.equal((await gate({ stream: key, type: 'accessKey', accessKey: 'viewer-1' })).status, 403);
    handler.reply = { status: 200, body: '{"ret":403}' };
    assert.equal((await gate({ stream: key, type: 'accessKey', accessKey: 'viewer-1' })).status, 403);
    handler.reply = { status: 200, body: 'ok' };
    const allowed = await gate({ stream: key, type: 'accessKey', accessKey: 'viewer-1' });
    assert.equal(allowed.status, 200);
    assert.equal((JSON.parse(allowed.text) as { refresh_interval?: number }).refresh_interval, 60);

    const hls = `${emu.ingestOrigin}/hls/${stream.playbackId}/index.m3u8`;
    assert.equal((await request(hls)).statusCode, 401, 'no access key: refused at the edge');
    handler.reply = { status: 403 };
    assert.equal((await request(`${hls}?accessKey=viewer-2`)).statusCode, 403);
    handler.reply = { status: 204 };
    assert.equal((await request(hls, { headers: { 'livepeer-access-key': 'viewer-2' } })).statusCode, 404, 'allowed: the offline stream answers 404');
    await new Promise((resolve) => handler.server.close(resolve));
    assert.equal((await gate({ stream: key, type: 'accessKey', accessKey: 'viewer-3' })).status, 502, 'no handler: 502');

    const open = await client.streams.create({ name: 'embed' });
    await setPlaybackAccess(client, { kind: 'stream', id: open.id }, { type: 'public', allowedOrigins: ['https://app.example.com'] });
    const openKey = `video+${open.playbackId}`;
    const from = (Origin: string) => gate({ stream: openKey, type: 'jwt', webhookPayload: { headers: { Origin } } });
    assert.deepEqual(await from('https://evil.example'), { status: 403, text: JSON.stringify({ errors: ['Content is gated and origin not in allowed origins'] }) });
    assert.equal((await from('https://app.example.com/')).status, 200);
    assert.equal((await request(`${emu.ingestOrigin}/hls/${open.playbackId}/index.m3u8`, { headers: { origin: 'https://evil.example' } })).statusCode, 403);
  });

  it("Test Access Webhook sends exactly the gate's request, signed, and reads the answer as the gate does", async () => {
    const stream = await client.streams.create({ name: 'members only' });
    const webhook = await client.webhooks.create({ name: 'access', url: handler.url, events: ['playback.accessControl'], sharedSecret: SECRET });
    await setPlaybackAccess(client, { kind: 'stream', id: stream.id }, { type: 'webhook', webhookId: webhook.id, webhookContext: { plan: 'pro', n: 1 } });
    const payload = { headers: { Origin: 'https://app.example.com', 'User-Agent': 'player' }, extra: 'x' };
    await gate({ stream: `video+${stream.playbackId}`, type: 'accessKey', accessKey: 'viewer-1', webhookPayload: payload });
    const ours = accessWebhookRequest({ accessKey: 'viewer-1', context: { plan: 'pro', n: 1 }, webhookPayload: payload, streamName: 'members only' }, SECRET);
    await checkAccessWebhook(handler.url, ours);
    const [service, product] = handler.seen;
    assert.ok(service && product);
    const strip = (body: string) => ({ ...(JSON.parse(body) as Record<string, unknown>), timestamp: 0 });
    assert.deepEqual(strip(product.body), strip(service.body));
    assert.deepEqual(Object.keys(strip(service.body)), ['context', 'accessKey', 'timestamp', 'headers', 'extra']);
    for (const seen of [service, product]) {
      const timestamp = (JSON.parse(seen.body) as { timestamp: number }).timestamp;
      assert.equal(seen.headers['livepeer-signature'], `t=${timestamp},v1=${createHmac('sha256', SECRET).update(seen.body).digest('hex')}`);
      assert.equal(seen.headers['content-type'], 'application/json');
      assert.equal(seen.headers['user-agent'], 'livepeer.studio');
      assert.equal(seen.method, 'POST');
    }

    handler.reply = { status: 200, body: '{"ok":true}' };
    assert.equal((await checkAccessWebhook(handler.url, ours)).allowed, true);
    handler.reply = { status: 200, body: '{"ret":403}' };
    assert.deepEqual(pick(await checkAccessWebhook(handler.url, ours)), { allowed: false, gateStatus: 403 });
    handler.reply = { status: 500 };
    assert.deepEqual(pick(await checkAccessWebhook(handler.url, ours)), { allowed: false, gateStatus: 403 });
    handler.reply = { status: 307, location: '/moved' };
    const seenBefore = handler.seen.length;
    await checkAccessWebhook(handler.url, ours);
    assert.deepEqual(handler.seen.slice(seenBefore).map((s) => `${s.method} ${s.path}`).slice(0, 2), ['POST /access', 'POST /moved'], 'a 307 keeps the POST, as the gate follows it');
    await new Promise((resolve) => handler.server.close(resolve));
    assert.deepEqual(pick(await checkAccessWebhook(handler.url, ours, { timeoutMs: 2000 })), { allowed: false, gateStatus: 502 });
  });

  it('a redirecting access webhook: the same signed POST follows 301, 302 and 303 (gate and tester alike); no Location or a loop is 502', async () => {
    const stream = await client.streams.create({ name: 'moved handler' });
    const webhook = await client.webhooks.create({ name: 'access', url: handler.url, events: ['playback.accessControl'], sharedSecret: SECRET });
    await setPlaybackAccess(client, { kind: 'stream', id: stream.id }, { type: 'webhook', webhookId: webhook.id, webhookContext: { plan: 'pro' } });
    const key = `video+${stream.playbackId}`;
    const ours = accessWebhookRequest({ accessKey: 'viewer-1', context: { plan: 'pro' }, streamName: 'moved handler' }, SECRET);
    /** The requests one check sends: by the service's gate (the emulator's), then by Test Access Webhook. */
    const chains = async (): Promise<{ gate: { status: number; text: string }; verdict: Awaited<ReturnType<typeof checkAccessWebhook>>; service: Handler['seen']; product: Handler['seen'] }> => {
      const first = handler.seen.length;
      const served = await gate({ stream: key, type: 'accessKey', accessKey: 'viewer-1' });
      const middle = handler.seen.length;
      const verdict = await checkAccessWebhook(handler.url, ours);
      return { gate: served, verdict, service: handler.seen.slice(first, middle), product: handler.seen.slice(middle) };
    };

    handler.routes = { '/access': { status: 301, location: '/a' }, '/a': { status: 302, location: '/b' }, '/b': { status: 303, location: '/end' }, '/end': { status: 200, body: '{}' } };
    const moved = await chains();
    assert.equal(moved.gate.status, 200);
    assert.equal(moved.verdict.allowed, true, moved.verdict.why);
    for (const chain of [moved.service, moved.product]) {
      assert.deepEqual(chain.map((seen) => `${seen.method} ${seen.path}`), ['POST /access', 'POST /a', 'POST /b', 'POST /end']);
      const [head] = chain;
      for (const seen of chain) {
        assert.equal(seen.body, head?.body, 'the same body at every place');
        assert.equal(seen.headers['livepeer-signature'], head?.headers['livepeer-signature'], 'the same signature');
        assert.equal(seen.headers['livepeer-signature'], `t=${(JSON.parse(seen.body) as { timestamp: number }).timestamp},v1=${createHmac('sha256', SECRET).update(seen.body).digest('hex')}`);
        assert.deepEqual([seen.headers.accept, seen.headers['accept-encoding'], seen.headers['content-type']], ['*/*', 'gzip,deflate', 'application/json']);
      }
    }

    // Asked for gzip, a handler may compress its answer: its "ret" is read all the same.
    handler.routes = { '/access': { status: 200, body: '{"ret":403}', gzip: true } };
    const compressed = await chains();
    assert.equal(compressed.gate.status, 403);
    assert.deepEqual(pick(compressed.verdict), { allowed: false, gateStatus: 403 });

    handler.routes = { '/access': { status: 302 } };
    const nowhere = await chains();
    assert.deepEqual(nowhere.gate, { status: 502, text: JSON.stringify({ errors: ['Content is gated and corresponding webhook failed'] }) });
    assert.deepEqual(pick(nowhere.verdict), { allowed: false, gateStatus: 502 });
    assert.match(nowhere.verdict.why, /answered 302 without a Location: the gate answers 502 "Content is gated and corresponding webhook failed"/);

    handler.routes = { '/access': { status: 302, location: '/access' } };
    const loop = await chains();
    assert.equal(loop.gate.status, 502);
    assert.deepEqual(pick(loop.verdict), { allowed: false, gateStatus: 502 });
    assert.match(loop.verdict.why, /redirected more than 5 times: the gate answers 502/);
    assert.deepEqual([loop.service.length, loop.product.length], [6, 6], 'six requests each, as the gate sends');
  });
});

function pick(verdict: { allowed: boolean; gateStatus?: number }): { allowed: boolean; gateStatus?: number } {
  return { allowed: verdict.allowed, gateStatus: verdict.gateStatus };
}
