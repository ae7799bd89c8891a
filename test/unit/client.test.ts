import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { StudioApiError, StudioClient, parseBaseUrl, streamQueryParams, type ApiCallRecord } from '../../src/api';
import { MAX_ITEMS, MAX_PAGES } from '../../src/api/core/pagination';
import { startEmulator, type Emulator } from '../emulator';
import { failure as expectFailure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-SECRET-7f3a9c1e';
/** A token whose JSON-escaped and URL-encoded shapes differ from the raw one. */
const ODD_TOKEN = 'tok/"ODD\\SECRET+key=9';
const ODD_SHAPES = [ODD_TOKEN, JSON.stringify(ODD_TOKEN).slice(1, -1), encodeURIComponent(ODD_TOKEN), encodeURIComponent(ODD_TOKEN).toLowerCase()];
const USER_AGENT = 'livepeer-studio-vscode/test';

/** Every error a test sees goes through here: none may carry the token, in its message, messages or stack. */
async function failure(promise: Promise<unknown>): Promise<StudioApiError> {
  const error = await expectFailure(promise);
  assert.ok(!error.message.includes(TOKEN), error.message);
  assert.ok(!error.messages.some((m) => m.includes(TOKEN)), error.message);
  assert.ok(!(error.stack ?? '').includes(TOKEN), error.message);
  return error;
}

function apiRequests(emu: Emulator) {
  return emu.requests.filter((r) => r.origin === 'api');
}

describe('StudioClient over real HTTP', function () {
  let emu: Emulator;
  let client: StudioClient;
  const calls: ApiCallRecord[] = [];

  const makeClient = (overrides: Partial<ConstructorParameters<typeof StudioClient>[0]> = {}) =>
    new StudioClient({
      baseUrl: emu.apiUrl,
      getToken: () => TOKEN,
      userAgent: USER_AGENT,
      timeoutMs: 5_000,
      retry: { minDelayMs: 20, maxDelayMs: 100 },
      onCall: (call) => calls.push(call),
      ...overrides,
    });

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN, ODD_TOKEN], defaultPageSize: 3, processingDelayMs: 20 });
    client = makeClient();
    calls.length = 0;
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  describe('signing keys', () => {
    it('creates a key (201) with a one-time private key, then gets, renames, disables, enables and deletes it', async () => {
      const created = await client.keys.create({ name: 'playback' });
      assert.equal(created.name, 'playback');
      assert.match(Buffer.from(created.privateKey ?? '', 'base64').toString(), /BEGIN PRIVATE KEY/);
      assert.equal(apiRequests(emu).at(-1)?.status, 201);

      const fetched = await client.keys.get(created.id);
      assert.equal(fetched.publicKey, created.publicKey);
      assert.equal((fetched as { privateKey?: string }).privateKey, undefined, 'private key is returned only once');

      await client.keys.update(created.id, { name: 'renamed' });
      await client.keys.update(created.id, { disabled: true });
      let key = await client.keys.get(created.id);
      assert.deepEqual([key.name, key.disabled], ['renamed', true], 'absent fields keep their value');
      await client.keys.update(created.id, { disabled: false });
      key = await client.keys.get(created.id);
      assert.deepEqual([key.name, key.disabled], ['renamed', false]);

      await client.keys.delete(created.id);
      const gone = await failure(client.keys.get(created.id));
      assert.equal(gone.kind, 'not-found');
      assert.equal(gone.status, 404);
    });

    it('creates a key with the service default name when none is given', async () => {
      const created = await client.keys.create();
      assert.match(created.name ?? '', /^Signing Key \d+$/);
      const body = apiRequests(emu).at(-1);
      assert.equal(body?.method, 'POST');
    });

    it('rejects fields other than name and disabled before sending anything', async () => {
      const key = emu.store.addSigningKey({ name: 'k' });
      const before = emu.requests.length;
      const error = await failure(client.keys.update(key.id, { name: 'x', projectId: 'p' } as never));
      assert.equal(error.kind, 'config');
      assert.match(error.message, /only name and disabled/);
      assert.equal(emu.requests.length, before, 'no request was sent');
    });

    it('follows Link pagination across pages and stops on the last page’s cursor=undefined link', async () => {
      for (let i = 0; i < 8; i++) emu.store.addSigningKey({ name: `key ${i}` });
      const keys = await client.keys.list();
      assert.equal(keys.length, 8);
      assert.equal(new Set(keys.map((k) => k.id)).size, 8);
      const lists = apiRequests(emu).filter((r) => r.method === 'GET');
      assert.equal(lists.length, 3, 'pages of 3: 3 + 3 + 2, no fourth request for cursor=undefined');
      assert.deepEqual(
        lists.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor')),
        [null, 'skip3', 'skip6'],
      );
    });

    it('reads one page at a time for the UI', async () => {
      for (let i = 0; i < 5; i++) emu.store.addSigningKey();
      const first = await client.keys.listPage(undefined, 2);
      assert.equal(first.items.length, 2);
      assert.equal(first.nextCursor, 'skip2');
      const second = await client.keys.listPage(first.nextCursor, 2);
      assert.equal(second.items.length, 2);
    });

    it('answers 403 with the service text at the key quota', async () => {
      for (let i = 0; i < 11; i++) await client.keys.create();
      const error = await failure(client.keys.create());
      assert.equal(error.kind, 'forbidden');
      assert.equal(error.status, 403);
      assert.match(error.message, /user can only have up to 10 signing keys, delete some first/);
    });

    it('turns a 422 validator JSON text into a readable message', async () => {
      emu.faults.fail({
        origin: 'api',
        method: 'POST',
        path: /signing-key$/,
        status: 422,
        body: { errors: [JSON.stringify([{ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'foo' }, message: 'must NOT have additional properties' }])] },
      });
      const error = await failure(client.keys.create({ name: 'x' }));
      assert.equal(error.kind, 'validation');
      assert.equal(error.status, 422);
      assert.deepEqual(error.messages, ['must NOT have additional properties (foo)']);
      assert.match(error.message, /^request refused: must NOT have additional properties \(foo\) \(POST \/access-control\/signing-key → 422\)$/);
    });

    it('flattens nested error arrays', async () => {
      emu.faults.fail({ origin: 'api', path: /signing-key/, status: 404, body: { errors: [['id not provided'], ['Account not found']] } });
      const error = await failure(client.keys.get('abc'));
      assert.deepEqual(error.messages, ['id not provided', 'Account not found']);
    });
  });

  describe('assets', () => {
    it('requests an upload and reads the asset back', async () => {
      const upload = await client.assets.requestUpload('holiday.mp4');
      assert.ok(upload.url.startsWith(emu.ingestOrigin) && upload.url.includes('token='));
      assert.ok(upload.tusEndpoint.startsWith(emu.ingestOrigin) && upload.tusEndpoint.includes('token='));
      assert.ok(upload.task.id);
      const asset = await client.assets.get(upload.asset.id);
      assert.equal(asset.name, 'holiday.mp4');
      assert.equal(asset.status?.phase, 'uploading');
    });

    it('deletes an asset: 204, then 400 "already deleted", and 404 for an unknown id', async () => {
      const { asset } = await client.assets.requestUpload('gone.mp4');
      await client.assets.delete(asset.id);
      assert.equal((await failure(client.assets.get(asset.id))).status, 404);
      const again = await failure(client.assets.delete(asset.id));
      assert.equal(again.status, 400);
      assert.match(again.message, /asset is already deleted/);
      assert.equal((await failure(client.assets.delete('no-such-asset'))).status, 404);
    });

    it('reads playback sources of a ready asset and a stream; before the asset is ready, 422 said as “still processing”', async () => {
      const { asset } = await client.assets.requestUpload('clip.mp4');
      const early = await failure(client.playback.get(asset.playbackId ?? ''));
      assert.deepEqual([early.status, early.messages], [422, ['asset is not ready for playback']]);
      assert.match(early.message, /still processing/);
      emu.store.completeUpload(asset.id, '/dev/null', 1);
      // Processing takes several chained steps: wait for the outcome, not for a guess of its duration.
      await waitFor(() => emu.store.assets.get(asset.id)?.status.phase === 'ready');
      const vod = await client.playback.get(asset.playbackId ?? '');
      assert.equal(vod.type, 'vod');
      assert.deepEqual(vod.meta.source.map((s) => s.hrn), ['HLS (TS)', 'MP4', 'Thumbnail (PNG)']);
      const stream = emu.store.addStream({ isActive: true });
      const live = await client.playback.get(stream.playbackId ?? '');
      assert.equal(live.type, 'live');
      assert.equal(live.meta.live, 1);
      assert.ok(live.meta.source.some((s) => s.hrn === 'WebRTC (H264)'));
    });

    it('refuses an empty asset name without a request', async () => {
      const error = await failure(client.assets.requestUpload('  '));
      assert.equal(error.kind, 'config');
      assert.equal(emu.requests.length, 0);
    });
  });

  describe('streams', () => {
    beforeEach(() => {
      const live = emu.store.addStream({ name: 'live-rec', isActive: true, record: true, lastSeen: 5 });
      emu.store.addStream({ name: 'live', isActive: true, lastSeen: 4 });
      emu.store.addStream({ name: 'idle-rec', record: true, lastSeen: 3 });
      emu.store.addStream({ name: 'idle', lastSeen: 2 });
      emu.store.addStream({ name: 'session', parentId: live.id, lastSeen: 1 });
    });

    it('encodes streamsonly and filters as JSON booleans', () => {
      assert.deepEqual(streamQueryParams({}), { streamsonly: undefined, filters: undefined });
      assert.deepEqual(streamQueryParams({ streamsOnly: true, isActive: false, record: true }), {
        streamsonly: '1',
        filters: '[{"id":"isActive","value":false},{"id":"record","value":true}]',
      });
    });

    it('lists all stream objects across pages, newest seen first', async () => {
      const streams = await client.streams.list({});
      assert.deepEqual(
        streams.map((s) => s.name),
        ['live-rec', 'live', 'idle-rec', 'idle', 'session'],
      );
    });

    it('filters on the server: streams only, active, idle, recording, and a combination', async () => {
      const names = async (query: Parameters<StudioClient['streams']['list']>[0]) => (await client.streams.list(query)).map((s) => s.name);
      assert.deepEqual(await names({ streamsOnly: true }), ['live-rec', 'live', 'idle-rec', 'idle']);
      assert.deepEqual(await names({ isActive: true }), ['live-rec', 'live']);
      assert.deepEqual(await names({ isActive: false, streamsOnly: true }), ['idle-rec', 'idle']);
      assert.deepEqual(await names({ record: true }), ['live-rec', 'idle-rec']);
      assert.deepEqual(await names({ streamsOnly: true, isActive: false, record: true }), ['idle-rec']);

      const last = apiRequests(emu).at(-1)!;
      assert.match(last.url, /[?&]streamsonly=1(&|$)/);
      const filters = new URL(last.url, 'http://x').searchParams.get('filters');
      assert.deepEqual(JSON.parse(filters ?? ''), [
        { id: 'isActive', value: false },
        { id: 'record', value: true },
      ]);
      assert.ok(!last.url.includes('"'), 'the filters JSON is URL-encoded');
    });
  });

  describe('requests', () => {
    it('sends bearer auth, JSON accept and a user agent; logs each call without secrets', async () => {
      await client.keys.list();
      const headers = apiRequests(emu)[0].headers;
      assert.equal(headers.authorization, `Bearer ${TOKEN}`);
      assert.equal(headers.accept, 'application/json');
      assert.equal(headers['user-agent'], USER_AGENT);
      assert.equal(calls.length, 1);
      assert.equal(calls[0].method, 'GET');
      assert.equal(calls[0].path, '/access-control/signing-key');
      assert.equal(calls[0].status, 200);
      assert.ok(calls[0].durationMs >= 0);
      assert.ok(!JSON.stringify(calls).includes(TOKEN));
    });

    it('treats any 2xx as success and never parses an empty body', async () => {
      const key = emu.store.addSigningKey();
      emu.faults.fail({ origin: 'api', method: 'PATCH', path: /signing-key/, status: 200, body: '' });
      await client.keys.update(key.id, { name: 'ok' });
      emu.faults.fail({ origin: 'api', method: 'DELETE', path: /signing-key/, status: 202, body: '' });
      await client.keys.delete(key.id);
    });
  });

  describe('errors', () => {
    it('401: names the fix and never the token, even when the service echoes it', async () => {
      emu.faults.fail({ origin: 'api', path: /signing-key/, status: 401, body: { errors: [`no token ${TOKEN} found`] } });
      const error = await failure(client.keys.list());
      assert.equal(error.kind, 'auth');
      assert.equal(error.message, 'API token missing or invalid: set your API token (GET /access-control/signing-key → 401)');
      assert.deepEqual(error.messages, ['no token *** found']);
    });

    it('never repeats the token in any shape the service echoes it (raw, JSON-escaped, URL-encoded), in the error or the call record', async () => {
      const odd = makeClient({ getToken: () => ODD_TOKEN });
      emu.store.addSigningKey();
      emu.faults.fail({
        origin: 'api',
        path: /signing-key/,
        status: 400,
        body: { errors: [`no token ${ODD_TOKEN} found`, `retry at https://h/api?key=${encodeURIComponent(ODD_TOKEN)}`] },
      });
      const json = await failure(odd.keys.list());
      emu.faults.fail({ origin: 'api', path: /signing-key/, status: 500, body: `<html><title>echo ${ODD_TOKEN} ${ODD_SHAPES[3]}</title></html>` });
      const text = await failure(odd.keys.list());
      assert.equal((await odd.keys.list()).length, 1, 'the odd token itself works');
      await odd.close();
      assert.deepEqual(json.messages, ['no token *** found', 'retry at https://h/api?key=***']);
      assert.match(text.message, /^service error HTTP 500: echo \*\*\* \*\*\*: try again later/);
      const everything = JSON.stringify([json.message, json.messages, text.message, text.messages, calls]);
      for (const shape of ODD_SHAPES) assert.ok(!everything.includes(shape), `leaked ${shape}`);
    });

    it('a malformed token (line break, space, non-ASCII): says so and sends nothing', async () => {
      for (const [token, what] of [
        [`${TOKEN}\nx`, 'a line break'],
        [`${TOKEN} x`, 'a space'],
        [`${TOKEN}é`, 'a character other than plain ASCII'],
      ]) {
        const bad = makeClient({ getToken: () => token });
        const error = await failure(bad.keys.list());
        await bad.close();
        assert.equal(error.kind, 'auth');
        assert.match(error.message, new RegExp(`^the API token is malformed \\(it contains ${what}.*\\): set your API token again`));
        assert.ok(!error.message.includes(TOKEN));
      }
      assert.equal(emu.requests.length, 0);
    });

    it('a redirect (3xx): names where to and the base URL to set; not followed, not retried', async () => {
      emu.faults.fail({
        origin: 'api',
        path: /signing-key/,
        status: 301,
        body: '',
        headers: { Location: 'https://moved.example/api/v2/access-control/signing-key?token=abcdefgh123&cursor=x' },
      });
      const error = await failure(client.keys.list());
      assert.equal(error.kind, 'config');
      assert.equal(
        error.message,
        'the base URL redirects to https://moved.example/api/v2/access-control/signing-key: set livepeer.baseURL to https://moved.example/api/v2 (GET /access-control/signing-key → 301)',
      );
      emu.faults.fail({ origin: 'api', path: /signing-key/, status: 302, body: '', headers: { Location: '/login' } });
      const elsewhere = await failure(client.keys.list());
      assert.match(elsewhere.message, /^the base URL redirects to http:\/\/127\.0\.0\.1:\d+\/login: set livepeer\.baseURL to the address the service uses now/);
      assert.deepEqual(apiRequests(emu).map((r) => r.status), [301, 302]);
    });

    it('401 for a token the service does not know', async () => {
      const stranger = makeClient({ getToken: () => 'not-a-real-token' });
      const error = await failure(stranger.streams.list({}));
      await stranger.close();
      assert.equal(error.kind, 'auth');
      assert.ok(!JSON.stringify({ message: error.message, messages: error.messages }).includes('not-a-real-token'), 'the echoed token is redacted');
    });

    it('no token at all: fails before sending', async () => {
      const none = makeClient({ getToken: () => undefined });
      const error = await failure(none.streams.list({}));
      await none.close();
      assert.equal(error.kind, 'auth');
      assert.equal(emu.requests.length, 0);
    });

    it('400 for bad filters is a validation error with the service message', async () => {
      emu.faults.fail({ origin: 'api', path: /stream/, status: 400, body: { errors: ['error parsing filters: bad'] } });
      const error = await failure(client.streams.list({ isActive: true }));
      assert.equal(error.kind, 'validation');
      assert.match(error.message, /error parsing filters: bad/);
    });

    it('HTML 502 from a proxy: status and a short excerpt, after retries', async () => {
      emu.faults.html502({ origin: 'api', path: /stream/, times: 10 });
      const error = await failure(client.streams.list({}));
      assert.equal(error.kind, 'server');
      assert.equal(error.status, 502);
      assert.equal(error.message, 'service error HTTP 502: 502 Bad Gateway: try again later (GET /stream → 502)');
      assert.equal(apiRequests(emu).length, 4, 'first attempt + 3 retries');
    });

    it('500 with JSON: the service message', async () => {
      emu.faults.fail({ origin: 'api', method: 'POST', path: /signing-key/, status: 500, body: { errors: ['Internal server error: db down'] } });
      const error = await failure(client.keys.create());
      assert.equal(error.kind, 'server');
      assert.match(error.message, /Internal server error: db down/);
    });

    it('connection refused: names the host', async () => {
      const port = await closedPort();
      const refused = makeClient({ baseUrl: `http://127.0.0.1:${port}/api`, retry: { maxRetries: 1, minDelayMs: 10, maxDelayMs: 10 } });
      const error = await failure(refused.keys.list());
      await refused.close();
      assert.equal(error.kind, 'network');
      assert.equal(error.message, `cannot reach 127.0.0.1:${port} (connection refused): check livepeer.baseURL and your network (GET /access-control/signing-key)`);
    });

    it('unknown host: names the host', async () => {
      const dns = makeClient({ baseUrl: 'https://no-such-host.invalid/api', retry: { maxRetries: 0 } });
      const error = await failure(dns.keys.list());
      await dns.close();
      assert.equal(error.kind, 'network');
      assert.match(error.message, /^cannot reach no-such-host\.invalid \(host name (not found|lookup failed)\)/);
    });

    it('timeout: names the host', async () => {
      emu.faults.delay({ origin: 'api', path: /stream/, ms: 2_000, times: 5 });
      const slow = makeClient({ timeoutMs: 200, retry: { maxRetries: 0 } });
      const error = await failure(slow.streams.list({}));
      await slow.close();
      assert.equal(error.kind, 'timeout');
      assert.match(error.message, /^no response from 127\.0\.0\.1:\d+ in time/);
    });

    it('cancellation with an AbortSignal', async () => {
      emu.faults.delay({ origin: 'api', path: /stream/, ms: 2_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await failure(client.streams.list({}, controller.signal));
      assert.equal(error.kind, 'aborted');
      assert.ok(Date.now() - started < 1_000);
    });
  });

  describe('retries', () => {
    it('retries a GET after 503 and succeeds', async () => {
      emu.store.addSigningKey({ name: 'k' });
      emu.faults.fail({ origin: 'api', path: /signing-key/, status: 503, times: 2 });
      const keys = await client.keys.list();
      assert.equal(keys.length, 1);
      assert.deepEqual(apiRequests(emu).map((r) => r.status), [503, 503, 200]);
    });

    it('retries DELETE and PATCH too', async () => {
      const key = emu.store.addSigningKey();
      emu.faults.fail({ origin: 'api', method: 'PATCH', path: /signing-key/, status: 504 });
      await client.keys.update(key.id, { disabled: true });
      emu.faults.fail({ origin: 'api', method: 'DELETE', path: /signing-key/, status: 502 });
      await client.keys.delete(key.id);
      assert.deepEqual(apiRequests(emu).map((r) => r.status), [504, 204, 502, 204]);
    });

    it('never retries a POST', async () => {
      emu.faults.fail({ origin: 'api', method: 'POST', path: /signing-key/, status: 503 });
      const error = await failure(client.keys.create());
      assert.equal(error.status, 503);
      assert.equal(apiRequests(emu).length, 1);
      assert.equal(emu.store.signingKeys.size, 0);
    });

    it('honours Retry-After on 429', async () => {
      emu.faults.retryAfter({ origin: 'api', path: /stream/, status: 429, seconds: 1 });
      const started = Date.now();
      await client.streams.list({});
      const waited = Date.now() - started;
      assert.ok(waited >= 950, `waited ${waited} ms`);
      assert.deepEqual(apiRequests(emu).map((r) => r.status), [429, 200]);
    });

    it('does not retry a 429 that names no Retry-After (a refused repeat): one request, "wait a few seconds"', async () => {
      emu.faults.fail({ origin: 'api', path: /stream/, status: 429, body: { errors: ['too many terminate requests'] }, times: 5 });
      const error = await failure(client.streams.list({}));
      assert.equal(error.kind, 'rate-limited');
      assert.match(error.message, /^too many requests: wait a few seconds and try again/);
      assert.deepEqual(apiRequests(emu).map((r) => r.status), [429]);
    });

    it('does not wait for a Retry-After beyond its limit', async () => {
      emu.faults.retryAfter({ origin: 'api', path: /stream/, status: 429, seconds: 3600 });
      const started = Date.now();
      const error = await failure(client.streams.list({}));
      assert.ok(Date.now() - started < 1_000);
      assert.equal(error.kind, 'rate-limited');
      assert.match(error.message, /wait 60 minutes/);
    });

    it('a GET whose body is cut mid-answer is sent again whole (no Range) and succeeds', async () => {
      for (let i = 0; i < 3; i++) emu.store.addSigningKey({ name: `key ${i}` });
      emu.faults.cutBody({ origin: 'api', method: 'GET', path: /signing-key$/, bytes: 40 });
      const keys = await client.keys.list();
      assert.equal(keys.length, 3);
      const gets = apiRequests(emu);
      assert.equal(gets.length, 2);
      assert.deepEqual(gets.map((r) => [r.url, r.headers.range]), [
        ['/api/access-control/signing-key', undefined],
        ['/api/access-control/signing-key', undefined],
      ]);
      assert.equal(calls.at(-1)?.attempts, 2);
    });

    it('a DELETE whose answer was lost: the retry’s 404 (or "already deleted") means it is deleted; a first-try 404 is still "not found"', async () => {
      const key = emu.store.addSigningKey();
      emu.faults.loseReply({ origin: 'api', method: 'DELETE', path: /signing-key/ });
      await client.keys.delete(key.id);
      assert.equal(emu.store.signingKeys.has(key.id), false);
      assert.deepEqual(apiRequests(emu).map((r) => [r.method, r.status]), [
        ['DELETE', undefined],
        ['DELETE', 404],
      ]);
      const { asset } = await client.assets.requestUpload('lost reply.mp4');
      emu.faults.loseReply({ origin: 'api', method: 'DELETE', path: /asset/ });
      await client.assets.delete(asset.id);
      assert.equal((await failure(client.assets.get(asset.id))).status, 404);
      assert.deepEqual(apiRequests(emu).filter((r) => r.method === 'DELETE').slice(2).map((r) => r.status), [undefined, 400]);
      const unknown = await failure(client.keys.delete(key.id));
      assert.equal(unknown.kind, 'not-found');
    });

    it('retries a refused connection for GET', async () => {
      emu.store.addSigningKey();
      emu.faults.cutAfter({ origin: 'api', path: /signing-key/, bytes: 0 });
      const keys = await client.keys.list();
      assert.equal(keys.length, 1);
    });
  });

  describe('pagination bounds', () => {
    it(`a service that always links a new cursor: stops after ${MAX_PAGES} pages with a clear error`, async () => {
      emu.faults.endlessLinks({ origin: 'api', method: 'GET', path: /signing-key$/, times: Infinity });
      const error = await failure(client.keys.list());
      assert.equal(error.kind, 'server');
      assert.equal(
        error.message,
        `the service still linked a next page after ${MAX_PAGES.toLocaleString('en')} pages, so reading the list stopped: try again later, and check livepeer.baseURL if it persists (GET /access-control/signing-key)`,
      );
      assert.equal(apiRequests(emu).length, MAX_PAGES);
    });

    it('a page of 200,000 items: a clear error, not a RangeError', async () => {
      const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: `s${i}` }));
      emu.faults.fail({ origin: 'api', method: 'GET', path: /stream$/, status: 200, body: rows });
      const error = await failure(client.streams.list({}));
      assert.equal(error.kind, 'server');
      assert.match(error.message, new RegExp(`^the service listed more than ${MAX_ITEMS.toLocaleString('en')} items, so reading the list stopped`));
    });
  });

  describe('resource ids', () => {
    it('refuses empty, "." and ".." ids for every resource path, before sending', async () => {
      for (const id of ['', '.', '..']) {
        for (const call of [
          () => client.keys.get(id),
          () => client.keys.update(id, { name: 'x' }),
          () => client.keys.delete(id),
          () => client.assets.get(id),
          () => client.assets.delete(id),
          () => client.playback.get(id),
        ]) {
          const error = await failure(call());
          assert.equal(error.kind, 'config');
          assert.match(error.message, id ? new RegExp(`^"${id.replace(/\./g, '\\.')}" is not an? [a-z ]+ id$`) : /^[a-z ]+ id is empty$/);
        }
      }
      assert.equal(emu.requests.length, 0);
      const key = emu.store.addSigningKey();
      assert.equal((await client.keys.get(key.id)).id, key.id, 'a real id still works');
      assert.equal((await failure(client.keys.get('..x'))).status, 404, 'dots inside an id are just characters');
    });
  });

  describe('base URL', () => {
    it('refuses a query or fragment, even an empty "?" or "#", which would misroute every call', () => {
      for (const bad of ['https://livepeer.studio/api?', 'https://livepeer.studio/api#', 'https://livepeer.studio/api?x=1', 'https://livepeer.studio/api/#top']) {
        assert.throws(() => parseBaseUrl(bad), (error: StudioApiError) => error.kind === 'config' && /query or a fragment/.test(error.message), bad);
      }
    });

    it('names an unsupported scheme instead of "base URL null"', () => {
      for (const [bad, scheme] of [
        ['ftp://files.example/api', 'ftp:'],
        ['file:///etc/api', 'file:'],
        ['javascript:alert(1)', 'javascript:'],
      ]) {
        assert.throws(
          () => parseBaseUrl(bad),
          (error: StudioApiError) => error.message === `base URL scheme ${scheme} is not supported: set livepeer.baseURL to an https:// address, e.g. https://livepeer.studio/api`,
          bad,
        );
      }
    });

    it('never repeats a password, whether the URL is valid or not', () => {
      for (const bad of ['https://user:hunter2secret@livepeer.studio/api', 'https://user:hunter2secret@live peer.studio/api', 'http://u:hunter2secret@example.com:99999/api']) {
        assert.throws(() => parseBaseUrl(bad), (error: StudioApiError) => error.kind === 'config' && !error.message.includes('hunter2'), bad);
      }
    });

    it('refuses plain http except for loopback, and anything that is not a URL', () => {
      assert.equal(parseBaseUrl('https://livepeer.studio/api/'), 'https://livepeer.studio/api');
      assert.equal(parseBaseUrl('http://localhost:3000/api'), 'http://localhost:3000/api');
      assert.equal(parseBaseUrl('http://127.0.0.2:9/api'), 'http://127.0.0.2:9/api');
      assert.equal(parseBaseUrl('http://[::1]:9/api'), 'http://[::1]:9/api');
      for (const bad of ['http://livepeer.studio/api', 'ftp://x/api', 'not a url', 'https://user:pw@x/api']) {
        assert.throws(() => parseBaseUrl(bad), (error: StudioApiError) => error.kind === 'config' && /livepeer\.baseURL/.test(error.message));
      }
    });
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
