import assert from 'node:assert/strict';
import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
import { request } from 'undici';
import * as net from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../emulator';
import { mp4DurationSeconds } from '../../src/localStudio/mp4Duration';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'demo-token';
const auth = { authorization: `Bearer ${TOKEN}` };

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: () => unknown };

async function call(method: string, url: string, opts: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  const res = await request(url, { method: method as 'GET', headers: opts.headers, body: opts.body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
}

function api(emu: Emulator, method: string, path: string, body?: unknown): Promise<Reply> {
  return call(method, `${emu.apiUrl}${path}`, {
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function nextLink(reply: Reply): string | undefined {
  const link = reply.headers.link;
  return typeof link === 'string' ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
}

async function requestUpload(emu: Emulator, name = 'clip.mp4'): Promise<{ url: string; tusEndpoint: string; asset: { id: string; playbackId: string } }> {
  const reply = await api(emu, 'POST', '/asset/request-upload', { name });
  assert.equal(reply.status, 200);
  return reply.json() as { url: string; tusEndpoint: string; asset: { id: string; playbackId: string } };
}

/** Sends a request over a raw socket so a cut connection can be observed without client retries. */
function rawRequest(origin: string, head: string, body: Buffer): Promise<{ response: string; error?: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body, () => undefined);
    });
    let response = '';
    socket.on('data', (d) => (response += d.toString()));
    socket.on('error', (e) => resolve({ response, error: e.message }));
    socket.on('close', () => resolve({ response }));
  });
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('emulator', () => {
  let emu: Emulator;
  beforeEach(async () => {
    emu = await startEmulator({ processingDelayMs: 20, defaultPageSize: 3 });
  });
  afterEach(async () => {
    await emu.close();
  });

  describe('auth', () => {
    it('401 without a token and with an unknown one, echoing it as the real service does', async () => {
      const none = await call('GET', `${emu.apiUrl}/stream`);
      assert.equal(none.status, 401);
      assert.deepEqual(none.json(), { errors: ['request is not authenticated'] });
      const wrong = await call('GET', `${emu.apiUrl}/stream`, { headers: { authorization: 'Bearer s3cret-value' } });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.json(), { errors: ['no token s3cret-value found'] });
    });
  });

  describe('signing keys', () => {
    it('creates with 201 and a real P-256 private key that GET never returns', async () => {
      const created = await api(emu, 'POST', '/access-control/signing-key', { name: 'k1' });
      assert.equal(created.status, 201);
      const key = created.json() as { id: string; name: string; privateKey: string; publicKey: string; disabled: boolean; createdAt: number };
      assert.equal(key.name, 'k1');
      assert.equal(key.disabled, false);
      const priv = createPrivateKey(Buffer.from(key.privateKey, 'base64').toString('utf8'));
      assert.equal(priv.asymmetricKeyDetails?.namedCurve, 'prime256v1');
      assert.match(Buffer.from(key.publicKey, 'base64').toString('utf8'), /BEGIN PUBLIC KEY/);
      const one = await api(emu, 'GET', `/access-control/signing-key/${key.id}`);
      assert.equal(one.status, 200);
      assert.ok(!('privateKey' in (one.json() as object)));
      const list = await api(emu, 'GET', '/access-control/signing-key');
      assert.ok(!list.text.includes('privateKey'));
    });

    it('defaults the name and rejects unknown fields with the validator message', async () => {
      const created = await api(emu, 'POST', '/access-control/signing-key');
      assert.equal((created.json() as { name: string }).name, 'Signing Key 1');
      const bad = await api(emu, 'POST', '/access-control/signing-key', { foo: 1 });
      assert.equal(bad.status, 422);
      assert.deepEqual(bad.json(), {
        errors: [
          '[{"instancePath":"","schemaPath":"#/additionalProperties","keyword":"additionalProperties","params":{"additionalProperty":"foo"},"message":"must NOT have additional properties"}]',
        ],
      });
    });

    it('lets the 11th key through and refuses the 12th with 403, as the real service does', async () => {
      for (let i = 0; i < 11; i++) assert.equal((await api(emu, 'POST', '/access-control/signing-key', {})).status, 201);
      const twelfth = await api(emu, 'POST', '/access-control/signing-key', {});
      assert.equal(twelfth.status, 403);
      assert.deepEqual(twelfth.json(), { errors: ['user can only have up to 10 signing keys, delete some first'] });
    });

    it('PATCH keeps absent fields, answers 204, rejects unknown fields and wrong types', async () => {
      const key = emu.store.addSigningKey({ name: 'old' });
      const ok = await api(emu, 'PATCH', `/access-control/signing-key/${key.id}`, { disabled: true });
      assert.equal(ok.status, 204);
      assert.equal(ok.text, '');
      assert.equal(emu.store.signingKeys.get(key.id)?.name, 'old');
      assert.equal(emu.store.signingKeys.get(key.id)?.disabled, true);
      assert.equal((await api(emu, 'PATCH', `/access-control/signing-key/${key.id}`, { publicKey: 'x' })).status, 422);
      assert.equal((await api(emu, 'PATCH', `/access-control/signing-key/${key.id}`, { disabled: 'yes' })).status, 422);
    });

    it('404 for unknown keys; DELETE answers 204', async () => {
      const key = emu.store.addSigningKey();
      assert.equal((await api(emu, 'DELETE', `/access-control/signing-key/${key.id}`)).status, 204);
      const missing = await api(emu, 'GET', `/access-control/signing-key/${key.id}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json(), { errors: ['not found'] });
      assert.equal((await api(emu, 'PATCH', `/access-control/signing-key/${key.id}`, { name: 'x' })).status, 404);
      assert.equal((await api(emu, 'GET', '/no/such/route')).status, 404);
    });

    it('paginates with absolute Link headers and a next link with cursor=undefined on the last page', async () => {
      for (let i = 0; i < 5; i++) emu.store.addSigningKey();
      const first = await api(emu, 'GET', '/access-control/signing-key?limit=2&count=1');
      assert.equal((first.json() as unknown[]).length, 2);
      assert.equal(first.headers['x-total-count'], '5');
      const next = nextLink(first);
      assert.equal(next, `${emu.apiUrl}/access-control/signing-key?limit=2&count=1&cursor=skip2`);
      const second = await call('GET', next, { headers: auth });
      const third = await call('GET', nextLink(second) ?? '', { headers: auth });
      assert.equal((third.json() as unknown[]).length, 1);
      assert.match(nextLink(third) ?? '', /cursor=undefined$/);
      const again = await call('GET', nextLink(third) ?? '', { headers: auth });
      assert.equal((again.json() as unknown[]).length, 2, 'cursor=undefined restarts, as the real service does');
    });
  });

  describe('streams', () => {
    it('filters, streamsonly, order and paging', async () => {
      const now = Date.now();
      const a = emu.store.addStream({ name: 'a', isActive: true, record: true, lastSeen: now - 1000 });
      emu.store.addStream({ name: 'b', lastSeen: now - 5000 });
      emu.store.addStream({ name: 'a-session', parentId: a.id, isActive: false, lastSeen: now - 9000 });
      emu.store.addStream({ name: 'c', isActive: false, record: false, lastSeen: now });

      const all = await api(emu, 'GET', '/stream?limit=10');
      assert.deepEqual((all.json() as { name: string }[]).map((s) => s.name), ['c', 'a', 'b', 'a-session']);
      assert.equal(nextLink(all), undefined);
      const parents = await api(emu, 'GET', '/stream?streamsonly=1');
      assert.deepEqual((parents.json() as { name: string }[]).map((s) => s.name), ['c', 'a', 'b']);
      const idle = await api(emu, 'GET', `/stream?streamsonly=1&filters=${encodeURIComponent('[{"id":"isActive","value":false},{"id":"nope","value":1}]')}`);
      assert.deepEqual((idle.json() as { name: string }[]).map((s) => s.name), ['c', 'b']);
      const recording = await api(emu, 'GET', `/stream?filters=${encodeURIComponent('[{"id":"record","value":true}]')}`);
      assert.deepEqual((recording.json() as { name: string }[]).map((s) => s.name), ['a']);
      const paged = await api(emu, 'GET', '/stream');
      assert.equal((paged.json() as unknown[]).length, 3);
      assert.equal(nextLink(paged), `${emu.apiUrl}/stream?cursor=skip3`);
      const fullLast = await api(emu, 'GET', '/stream?streamsonly=1&limit=3');
      assert.equal(nextLink(fullLast), `${emu.apiUrl}/stream?streamsonly=1&limit=3&cursor=skip3`, 'a full last page still links, as the real stream list does');
      const empty = await api(emu, 'GET', '/stream?streamsonly=1&limit=3&cursor=skip3');
      assert.deepEqual(empty.json(), []);
      assert.equal(nextLink(empty), undefined);
    });

    it('400 for string booleans and malformed filter JSON', async () => {
      const str = await api(emu, 'GET', `/stream?filters=${encodeURIComponent('[{"id":"isActive","value":"true"}]')}`);
      assert.equal(str.status, 400);
      assert.match((str.json() as { errors: string[] }).errors[0] ?? '', /^error parsing filters: /);
      const bad = await api(emu, 'GET', `/stream?filters=${encodeURIComponent('[{"id":')}`);
      assert.equal(bad.status, 400);
    });

    it('seeds demo data', async () => {
      const seeded = await startEmulator({ seed: true });
      try {
        assert.equal(seeded.store.signingKeys.size, 4);
        const parents = [...seeded.store.streams.values()].filter((s) => !s.parentId);
        assert.equal(parents.length, 20);
        assert.ok(seeded.store.streams.size > 40);
        assert.ok(parents.some((s) => s.isActive) && parents.some((s) => s.record) && parents.some((s) => s.isActive === undefined));
      } finally {
        await seeded.close();
      }
    });
  });

  describe('uploads', () => {
    it('request-upload validates the name and points at the ingest origin', async () => {
      assert.equal((await api(emu, 'POST', '/asset/request-upload', {})).status, 422);
      assert.equal((await api(emu, 'POST', '/asset/request-upload', { name: '' })).status, 422);
      const up = await requestUpload(emu);
      assert.ok(up.url.startsWith(`${emu.ingestOrigin}/api/asset/upload/direct?token=`));
      assert.ok(up.tusEndpoint.startsWith(`${emu.ingestOrigin}/api/asset/upload/tus?token=`));
      assert.ok(!emu.apiUrl.startsWith(emu.ingestOrigin));
      const asset = (await api(emu, 'GET', `/asset/${up.asset.id}`)).json() as { status: { phase: string } };
      assert.equal(asset.status.phase, 'uploading');
      assert.equal((await api(emu, 'GET', '/asset/nope')).status, 404);
    });

    it('an uploaded MP4 gets the duration its header says, and no views before anyone could watch it', async () => {
      const up = await requestUpload(emu);
      const clip = await readFile(join(__dirname, '..', '..', '..', 'src', 'localStudio', 'fixtures', 'clip.mp4'));
      assert.equal((await call('PUT', up.url, { headers: { 'content-type': 'video/mp4' }, body: clip })).status, 200);
      await waitFor(() => emu.store.assets.get(up.asset.id)?.status.phase === 'ready');
      const asset = (await api(emu, 'GET', `/asset/${up.asset.id}`)).json() as { videoSpec: { duration: number } };
      assert.equal(asset.videoSpec.duration, 4, 'the 4 s clip, not a guess from its size');
      const now = Date.now();
      const views = (await api(emu, 'GET', `/data/views/query?playbackId=${up.asset.playbackId}&timeStep=day&from=${now - 30 * 86_400_000}&to=${now}`)).json() as Array<{ viewCount: number }>;
      assert.deepEqual(views, [], 'no rows: nobody watched it yet');
      assert.equal(emu.viewership.total(up.asset.playbackId).viewCount, 0);
    });

    it('reads the MP4 duration from a version-1 movie header at the end of the file; none from bytes that are no MP4', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mp4-'));
      try {
        const box = (type: string, body: Buffer) => Buffer.concat([Buffer.alloc(4), Buffer.from(type, 'latin1'), body]);
        const sized = (b: Buffer) => (b.writeUInt32BE(b.length, 0), b);
        const mvhd = Buffer.alloc(4 + 8 + 8 + 4 + 8);
        mvhd.writeUInt8(1, 0);
        mvhd.writeUInt32BE(90_000, 20);
        mvhd.writeBigUInt64BE(BigInt(90_000 * 62.5), 24);
        const file = Buffer.concat([sized(box('ftyp', Buffer.from('isom0000'))), sized(box('mdat', randomBytes(5000))), sized(box('moov', sized(box('mvhd', mvhd))))]);
        await writeFile(join(dir, 'end.mp4'), file);
        await writeFile(join(dir, 'noise.mp4'), randomBytes(5000));
        assert.equal(mp4DurationSeconds(join(dir, 'end.mp4')), 62.5);
        assert.equal(mp4DurationSeconds(join(dir, 'noise.mp4')), undefined);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('direct PUT stores the bytes, progresses to ready, refuses a second upload and damaged tokens', async () => {
      const up = await requestUpload(emu);
      const body = randomBytes(300_000);
      const put = await call('PUT', up.url, { headers: { 'content-type': 'video/mp4' }, body });
      assert.equal(put.status, 200);
      assert.equal(await emu.uploadedSha256(up.asset.id), sha(body));
      assert.equal(emu.store.assets.get(up.asset.id)?.size, body.length);
      await waitFor(() => emu.store.assets.get(up.asset.id)?.status.phase === 'ready');
      const asset = (await api(emu, 'GET', `/asset/${up.asset.id}`)).json() as { size: number; status: { phase: string } };
      assert.equal(asset.size, body.length);

      const again = await call('PUT', up.url, { body: Buffer.from('x') });
      assert.equal(again.status, 422);
      assert.deepEqual(again.json(), { errors: ['asset has already been uploaded'] });
      const damaged = await call('PUT', up.url.replace(/token=(.)/, (_m, c: string) => `token=${c === 'a' ? 'b' : 'a'}`), { body: Buffer.from('x') });
      assert.equal(damaged.status, 403);
      assert.match((damaged.json() as { errors: string[] }).errors[0] ?? '', /^Invalid signed upload URL: /);

      const record = emu.requests.find((r) => r.method === 'PUT' && r.status === 200);
      assert.equal(record?.bodyBytes, body.length);
      assert.equal(record?.assetId, up.asset.id);
      for (const r of emu.requests.filter((r) => r.origin === 'ingest')) {
        assert.equal(r.headers.authorization, undefined);
        assert.ok(!JSON.stringify(r).includes(TOKEN));
      }
    });

    it('direct PUT with a Bearer header: 400 from object storage, nothing stored, the address still usable', async () => {
      const up = await requestUpload(emu);
      const refused = await call('PUT', up.url, { headers: { ...auth, 'content-type': 'video/mp4' }, body: Buffer.from('abc') });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.json(), { errors: ['Only one auth mechanism allowed'] });
      assert.equal(emu.store.uploadedFiles.has(up.asset.id), false);
      assert.equal((await call('PUT', up.url, { headers: { 'content-type': 'video/mp4' }, body: Buffer.from('abc') })).status, 200);
    });

    it('tus: POST with the token, PATCH the whole body at the token-free Location', async () => {
      const up = await requestUpload(emu);
      const body = randomBytes(200_000);
      const created = await call('POST', up.tusEndpoint, { headers: { 'tus-resumable': '1.0.0', 'upload-length': String(body.length) } });
      assert.equal(created.status, 201);
      const location = created.headers.location as string;
      assert.equal(location, `${emu.ingestOrigin}/api/asset/upload/tus/${up.asset.playbackId}`);
      const wrong = await call('PATCH', location, {
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' },
        body,
      });
      assert.equal(wrong.status, 409);
      const patch = await call('PATCH', location, {
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body,
      });
      assert.equal(patch.status, 204);
      assert.equal(patch.headers['upload-offset'], String(body.length));
      assert.equal(await emu.uploadedSha256(up.asset.id), sha(body));
      await waitFor(() => emu.store.assets.get(up.asset.id)?.status.phase === 'ready');
      const repeat = await call('POST', up.tusEndpoint, { headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' } });
      assert.equal(repeat.status, 422);
      const finished = await call('DELETE', location, { headers: { 'tus-resumable': '1.0.0' } });
      assert.equal(finished.status, 400, 'finished uploads are kept');
    });

    it('tus termination removes an unfinished upload', async () => {
      const up = await requestUpload(emu);
      const created = await call('POST', up.tusEndpoint, { headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
      const location = created.headers.location as string;
      assert.equal((await call('DELETE', location, { headers: { 'tus-resumable': '1.0.0' } })).status, 204);
      assert.equal((await call('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } })).status, 404);
    });
  });

  describe('stopped and restarted', () => {
    it('stop() refuses connections; restart() answers again on the same ports with what it held', async () => {
      const created = await api(emu, 'POST', '/stream', { name: 'kept across the restart' });
      assert.equal(created.status, 201);
      const { id } = created.json() as { id: string };
      const { apiUrl, ingestOrigin } = emu;
      await emu.stop();
      await assert.rejects(call('GET', `${apiUrl}/stream/${id}`, { headers: auth }), /ECONNREFUSED/);
      await assert.rejects(call('GET', `${ingestOrigin}/`), /ECONNREFUSED/);
      await emu.restart();
      assert.equal(emu.apiUrl, apiUrl);
      const again = await call('GET', `${apiUrl}/stream/${id}`, { headers: auth });
      assert.equal(again.status, 200);
      assert.equal((again.json() as { name: string }).name, 'kept across the restart');
    });
  });

  describe('faults', () => {
    it('fail, html502, retryAfter and delay', async () => {
      emu.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/stream$/, status: 500 });
      const failed = await api(emu, 'GET', '/stream');
      assert.equal(failed.status, 500);
      assert.ok(Array.isArray((failed.json() as { errors: unknown }).errors));
      assert.equal((await api(emu, 'GET', '/stream')).status, 200, 'used up after one time');

      emu.faults.html502({ origin: 'api', path: /signing-key/, times: 2 });
      const html = await api(emu, 'GET', '/access-control/signing-key');
      assert.equal(html.status, 502);
      assert.match(String(html.headers['content-type']), /text\/html/);
      assert.equal((await api(emu, 'GET', '/access-control/signing-key')).status, 502);
      assert.equal((await api(emu, 'GET', '/access-control/signing-key')).status, 200);

      emu.faults.retryAfter({ origin: 'api', path: /stream/, status: 429, seconds: 2 });
      const limited = await api(emu, 'GET', '/stream');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers['retry-after'], '2');

      emu.faults.delay({ origin: 'api', path: /stream/, ms: 300 });
      const started = Date.now();
      assert.equal((await api(emu, 'GET', '/stream')).status, 200);
      assert.ok(Date.now() - started >= 290);

      emu.faults.fail({ origin: 'ingest', path: /.*/, status: 503, body: 'upstream down' });
      const up = await requestUpload(emu);
      const down = await call('PUT', up.url, { body: Buffer.from('abc') });
      assert.equal(down.status, 503);
      assert.equal(down.text, 'upstream down');
    });

    it('cutAfter on a direct PUT leaves the asset not uploaded', async () => {
      const up = await requestUpload(emu);
      emu.faults.cutAfter({ origin: 'ingest', method: 'PUT', path: /upload\/direct/, bytes: 100_000 });
      const body = randomBytes(1_000_000);
      const { pathname, search } = new URL(up.url);
      const result = await rawRequest(
        emu.ingestOrigin,
        `PUT ${pathname}${search} HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      assert.equal(result.response, '', 'no response reaches the client');
      await waitFor(() => emu.requests.some((r) => r.method === 'PUT'));
      assert.equal(emu.requests.find((r) => r.method === 'PUT')?.bodyBytes, 100_000);
      assert.equal(await emu.uploadedSha256(up.asset.id), undefined);
      assert.equal(emu.store.assets.get(up.asset.id)?.status.phase, 'uploading');
      const retry = await call('PUT', up.url, { body });
      assert.equal(retry.status, 200);
      assert.equal(await emu.uploadedSha256(up.asset.id), sha(body));
    });

    it('cutAfter on a tus PATCH keeps the received bytes; HEAD reports the offset and the rest resumes', async () => {
      const up = await requestUpload(emu);
      const body = randomBytes(1_000_000);
      const created = await call('POST', up.tusEndpoint, { headers: { 'tus-resumable': '1.0.0', 'upload-length': String(body.length) } });
      const location = new URL(created.headers.location as string);
      emu.faults.cutAfter({ origin: 'ingest', method: 'PATCH', path: /upload\/tus\//, bytes: 250_000 });
      const result = await rawRequest(
        emu.ingestOrigin,
        `PATCH ${location.pathname} HTTP/1.1\r\nHost: x\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\n` +
          `Content-Type: application/offset+octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      assert.equal(result.response, '');
      const head = await call('HEAD', location.href, { headers: { 'tus-resumable': '1.0.0' } });
      assert.equal(head.status, 200);
      assert.equal(head.headers['upload-offset'], '250000');
      const rest = await call('PATCH', location.href, {
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '250000', 'content-type': 'application/offset+octet-stream' },
        body: body.subarray(250_000),
      });
      assert.equal(rest.status, 204);
      assert.equal(await emu.uploadedSha256(up.asset.id), sha(body));
      const patches = emu.requests.filter((r) => r.method === 'PATCH');
      assert.deepEqual(patches.map((r) => r.bodyBytes), [250_000, 750_000]);
      assert.ok(patches.every((r) => r.assetId === up.asset.id));
    });
  });

  it('close() frees the ports', async () => {
    const other = await startEmulator();
    const port = Number(new URL(other.apiUrl).port);
    await other.close();
    const probe = net.createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it('a start that fails half-way (its data dir is a file) frees both ports it had taken', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const free = net.createServer();
      await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
      ports.push((free.address() as net.AddressInfo).port);
      await new Promise<void>((resolve) => free.close(() => resolve()));
    }
    const dir = await mkdtemp(join(tmpdir(), 'emulator-start-'));
    const notADir = join(dir, 'file');
    await writeFile(notADir, 'x');
    try {
      await assert.rejects(startEmulator({ apiPort: ports[0], ingestPort: ports[1], dataDir: notADir }), /ENOTDIR|EEXIST/);
      for (const port of ports) {
        const probe = net.createServer();
        await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
        await new Promise<void>((resolve) => probe.close(() => resolve()));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
