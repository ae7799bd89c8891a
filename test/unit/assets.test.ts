import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { request } from 'undici';
import { StudioClient, assetQueryParams, fetchThumbnailDataUri, withoutSecrets, type Asset } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-assets-3b9e';

async function raw(emu: Emulator, method: string, path: string, body?: unknown) {
  const res = await request(`${emu.apiUrl}${path}`, {
    method: method as 'GET',
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: () => JSON.parse(text) as unknown };
}

function names(rows: unknown): string[] {
  return (rows as Asset[]).map((a) => a.name ?? '');
}

/** Decodes a PNG far enough to trust it: signature, chunk CRCs, IHDR size, and inflatable pixel rows. */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    assert.equal(crc, crc32(bytes.subarray(offset + 4, offset + 8 + length)), `${type} CRC`);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}

describe('assets: client and emulator over real HTTP', () => {
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], defaultPageSize: 3, processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', timeoutMs: 5000, retry: { minDelayMs: 10, maxDelayMs: 20 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  function addAssets(): void {
    const now = Date.now();
    emu.store.addAsset({ name: 'Keynote 2024', createdAt: now - 5000, status: { phase: 'ready', updatedAt: now - 100 } });
    emu.store.addAsset({ name: 'keynote rehearsal', createdAt: now - 4000, status: { phase: 'processing', progress: 0.4, updatedAt: now - 3000 } });
    emu.store.addAsset({ name: 'Podcast', createdAt: now - 3000, status: { phase: 'failed', errorMessage: 'bad file', updatedAt: now - 2000 } });
    emu.store.addAsset({ name: 'Wedding', createdAt: now - 2000, status: { phase: 'ready', updatedAt: now - 1000 } });
    emu.store.addAsset({ name: 'Drone', createdAt: now - 1000, status: { phase: 'ready', updatedAt: now - 500 } });
  }

  it('encodes the name and phase filters as JSON and always asks for newest first', () => {
    assert.deepEqual(assetQueryParams({}), { filters: undefined, order: 'createdAt-true' });
    assert.deepEqual(JSON.parse(assetQueryParams({ name: ' keynote ', phase: 'ready' }).filters ?? ''), [
      { id: 'name', value: 'keynote' },
      { id: 'phase', value: 'ready' },
    ]);
  });

  it('lists assets newest first, page by page, with name and phase filters applied by the service', async () => {
    addAssets();
    const first = await client.assets.listPage({}, undefined, 2);
    assert.deepEqual(names(first.items), ['Drone', 'Wedding']);
    assert.equal(first.nextCursor, 'skip2');
    const second = await client.assets.listPage({}, first.nextCursor, 2);
    assert.deepEqual(names(second.items), ['Podcast', 'keynote rehearsal']);
    const last = await client.assets.listPage({}, second.nextCursor, 2);
    assert.deepEqual(names(last.items), ['Keynote 2024']);
    assert.equal(last.nextCursor, undefined);

    assert.deepEqual(names((await client.assets.listPage({ name: 'KEYNOTE' })).items), ['keynote rehearsal', 'Keynote 2024']);
    assert.deepEqual(names((await client.assets.listPage({ name: 'keynote', phase: 'ready' })).items), ['Keynote 2024']);
    assert.deepEqual(names((await client.assets.listPage({ phase: 'failed' })).items), ['Podcast']);
    const sent = new URL(emu.requests.at(-1)?.url ?? '', 'http://x').searchParams;
    assert.equal(sent.get('order'), 'createdAt-true');
    assert.deepEqual(JSON.parse(sent.get('filters') ?? ''), [{ id: 'phase', value: 'failed' }]);
  });

  it('name search as the service matches it: one case-insensitive substring; `_` any one character, `%` a 400 (emulator)', async () => {
    addAssets();
    emu.store.addAsset({ name: 'take_1 was sent 1', status: { phase: 'ready' } });
    emu.store.addAsset({ name: 'takeX1', status: { phase: 'ready' } });
    const byName = async (value: string) => raw(emu, 'GET', `/asset?limit=20&filters=${encodeURIComponent(JSON.stringify([{ id: 'name', value }]))}`);
    assert.deepEqual(names((await byName('SENT 1')).json()), ['take_1 was sent 1']);
    assert.deepEqual(names((await byName('1 sent')).json()), [], 'not every word anywhere: the whole text');
    assert.deepEqual(names((await byName('keynote 2024')).json()), ['Keynote 2024']);
    assert.deepEqual(names((await byName('take_1')).json()).sort(), ['takeX1', 'take_1 was sent 1'], '`_` is a wildcard on the service');
    const percent = await byName('50%');
    assert.deepEqual([percent.status, (percent.json() as { errors: string[] }).errors], [400, ['error parsing filters: URIError: URI malformed']]);
  });

  it('Search sends the name so that `_`, `%` and `\\` match themselves (the client escapes them; no 400)', async () => {
    for (const name of ['take_1', 'takeX1', '50% off', 'a\\b', 'ab']) emu.store.addAsset({ name, status: { phase: 'ready' } });
    const search = async (name: string) => names((await client.assets.listPage({ name })).items).sort();
    assert.deepEqual(await search('TAKE_'), ['take_1']);
    assert.deepEqual(await search('50%'), ['50% off']);
    assert.deepEqual(await search('%25'), [], '`%25` is not decoded into `%` on the way');
    assert.deepEqual(await search('a\\'), ['a\\b']);
    assert.deepEqual(await search('B'), ['a\\b', 'ab']);
    assert.ok(emu.requests.every((r) => r.status === 200));
  });

  it('GET /asset: default order is most recently updated; order pairs, other filters, X-Total-Count, 400 on bad filters', async () => {
    addAssets();
    const byUpdate = await raw(emu, 'GET', '/asset?limit=10');
    assert.deepEqual(names(byUpdate.json()), ['Keynote 2024', 'Drone', 'Wedding', 'Podcast', 'keynote rehearsal']);
    assert.equal(byUpdate.headers.link, undefined);
    assert.deepEqual(names((await raw(emu, 'GET', '/asset?limit=10&order=name-false')).json()), ['Drone', 'Keynote 2024', 'keynote rehearsal', 'Podcast', 'Wedding']);
    const paged = await raw(emu, 'GET', '/asset?count=1');
    assert.equal((paged.json() as unknown[]).length, 3);
    assert.equal(paged.headers['x-total-count'], '5');
    assert.equal(paged.headers.link, `<${emu.apiUrl}/asset?count=1&cursor=skip3>; rel="next"`);
    const drone = [...emu.store.assets.values()].find((a) => a.name === 'Drone');
    const byPlaybackId = await raw(emu, 'GET', `/asset?filters=${encodeURIComponent(JSON.stringify([{ id: 'playbackId', value: drone?.playbackId }, { id: 'nope', value: 1 }]))}`);
    assert.deepEqual(names(byPlaybackId.json()), ['Drone']);
    const bad = await raw(emu, 'GET', `/asset?filters=${encodeURIComponent('[{"id":')}`);
    assert.equal(bad.status, 400);
    assert.match((bad.json() as { errors: string[] }).errors[0] ?? '', /^error parsing filters: /);
    const deleted = drone?.id ?? '';
    await client.assets.delete(deleted);
    assert.ok(!names((await raw(emu, 'GET', '/asset?limit=10')).json()).includes('Drone'), 'deleted assets are left out');
  });

  it('renames a ready asset (PATCH answers 200 with the asset); 422 until ready, for unknown fields; 404 asset not found', async () => {
    const ready = emu.store.addAsset({ name: 'old', status: { phase: 'ready' } });
    const renamed = await client.assets.update(ready.id, { name: '  new name ' });
    assert.equal(renamed.name, 'new name');
    assert.equal(emu.store.assets.get(ready.id)?.name, 'new name');
    assert.equal(emu.requests.at(-1)?.status, 200);

    const processing = emu.store.addAsset({ name: 'busy', status: { phase: 'processing', progress: 0.5 } });
    const notReady = await failure(client.assets.update(processing.id, { name: 'x' }));
    assert.equal(notReady.status, 422);
    assert.deepEqual(notReady.messages, ['asset is not ready']);
    const missing = await failure(client.assets.update('no-such-asset', { name: 'x' }));
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.messages, ['asset not found']);
    const unknown = await raw(emu, 'PATCH', `/asset/${ready.id}`, { name: 'x', phase: 'ready' });
    assert.equal(unknown.status, 422);
    assert.match((unknown.json() as { errors: string[] }).errors[0] ?? '', /must NOT have additional properties/);
    const empty = await failure(client.assets.update(ready.id, { name: ' ' }));
    assert.equal(empty.kind, 'config');
  });

  it('processes an upload with progress over time, then is ready with videoSpec, size, playback and download URLs', async () => {
    const { asset } = await client.assets.requestUpload('clip.mp4');
    emu.store.completeUpload(asset.id, '/dev/null', 3_000_000);
    const seen = new Set<string>();
    await waitFor(() => {
      const status = emu.store.assets.get(asset.id)?.status;
      seen.add(`${status?.phase}${status?.progress ?? ''}`);
      return status?.phase === 'ready';
    });
    assert.ok(seen.has('waiting') && seen.has('processing0.2') && seen.has('processing0.7'), [...seen].join(','));
    const ready = await client.assets.get(asset.id);
    assert.equal(ready.size, 3_000_000);
    assert.equal(ready.videoSpec?.format, 'mp4');
    assert.ok((ready.videoSpec?.duration ?? 0) > 1);
    assert.deepEqual(ready.videoSpec?.tracks?.map((t) => t.type), ['video', 'audio']);
    assert.equal(ready.videoSpec?.tracks?.[0]?.width, 1280);
    assert.equal(ready.playbackUrl, `${emu.ingestOrigin}/hls/${asset.playbackId}/index.m3u8`);
    assert.equal(ready.downloadUrl, `${emu.ingestOrigin}/hls/${asset.playbackId}/static720p0.mp4`);
  });

  it('a failed asset carries status.errorMessage and stops processing', async () => {
    const { asset } = await client.assets.requestUpload('broken.mov');
    emu.store.completeUpload(asset.id, '/dev/null', 10);
    emu.store.failAsset(asset.id, 'Failed to probe the file');
    await new Promise((r) => setTimeout(r, 120));
    const failed = await client.assets.get(asset.id);
    assert.deepEqual([failed.status?.phase, failed.status?.errorMessage], ['failed', 'Failed to probe the file']);
    assert.equal(failed.downloadUrl, undefined);
  });

  it('serves a real PNG thumbnail per ready asset on the CDN origin, as announced by GET /playback', async () => {
    const a = emu.store.addAsset({ name: 'a', status: { phase: 'ready' } });
    const b = emu.store.addAsset({ name: 'b', status: { phase: 'ready' } });
    const url = (await client.playback.get(a.playbackId)).meta.source.find((s) => s.hrn === 'Thumbnail (PNG)')?.url ?? '';
    assert.ok(url.startsWith(emu.ingestOrigin));
    const res = await request(url);
    assert.equal(res.headers['content-type'], 'image/png');
    const bytes = Buffer.from(await res.body.arrayBuffer());
    assert.ok(bytes.length > 500 && bytes.length < 20_000, `${bytes.length} bytes`);
    const png = readPng(bytes);
    assert.deepEqual([png.width, png.height], [160, 90]);
    assert.equal(png.pixels.length, 90 * (1 + 160 * 3));
    const other = readPng(Buffer.from(await (await request(url.replace(a.playbackId, b.playbackId))).body.arrayBuffer()));
    assert.notDeepEqual(other.pixels.subarray(1, 4), png.pixels.subarray(1, 4), 'a different colour per playback id');

    const dataUri = await fetchThumbnailDataUri(url);
    assert.equal(dataUri, `data:image/png;base64,${bytes.toString('base64')}`);
    const processing = emu.store.addAsset({ status: { phase: 'processing' } });
    assert.equal((await request(url.replace(a.playbackId, processing.playbackId))).statusCode, 404);
    assert.equal(await fetchThumbnailDataUri(url.replace(a.playbackId, processing.playbackId)), undefined);
    assert.equal(await fetchThumbnailDataUri(`${emu.apiUrl}/asset`), undefined, 'not an image');
    assert.ok(emu.requests.filter((r) => r.origin === 'ingest').every((r) => r.headers.authorization === undefined), 'no token to the CDN');
  });

  it('seeds demo assets: ready ones with thumbnails, a signed one, one processing, one failed', async () => {
    const seeded = await startEmulator({ seed: true });
    try {
      const phases = [...seeded.store.assets.values()].map((a) => a.status.phase);
      assert.ok(phases.filter((p) => p === 'ready').length >= 5);
      assert.ok(phases.includes('waiting') && phases.includes('failed'));
      assert.ok([...seeded.store.assets.values()].some((a) => a.playbackPolicy?.type === 'jwt'));
    } finally {
      await seeded.close();
    }
  });

  it('shows resources without credentials', () => {
    const shown = withoutSecrets({
      id: 'a',
      name: 'keep me',
      source: { type: 'url', url: 'https://user:pw@bucket.example/v.mp4?X-Amz-Signature=abc&X-Amz-Credential=def&part=1' },
      encryption: { encryptedKey: 'secret-key' },
      playbackUrl: 'https://cdn.example/hls/x/index.m3u8?jwt=eyJ123',
      tracks: [{ codec: 'h264' }],
    });
    const text = JSON.stringify(shown);
    for (const secret of ['pw@', 'user:', 'abc', 'def', 'secret-key', 'eyJ123']) assert.ok(!text.includes(secret), secret);
    assert.equal(shown.name, 'keep me');
    assert.match(shown.source.url, /^https:\/\/bucket\.example\/v\.mp4\?X-Amz-Signature=%28hidden%29&X-Amz-Credential=%28hidden%29&part=1$/);
    assert.deepEqual(shown.tracks, [{ codec: 'h264' }]);
  });
});
