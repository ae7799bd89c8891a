import assert from 'node:assert/strict';
import { TEXT_LIMITS, StudioClient, apiCallLine, bounded, fetchThumbnailDataUri, type ApiCallRecord } from '../../src/api';
import { MAX_EXCERPT_BODY_BYTES } from '../../src/api/core/bodyText';
import { bodyExcerpt } from '../../src/api/core/errors';
import { InMemoryStore, uploadVideo } from '../../src/upload';
import { startEmulator, type Emulator, type FaultMatch } from '../emulator';
import { failure } from './helpers/studioErrors';
import { MiB, TempDir, makeFile } from './helpers/uploadFiles';

const TOKEN = 'tok-HOSTILE-5b2e8d0c';
/** The longest a message can be: summary, then ` (METHOD path → status)`. */
const MAX_MESSAGE = TEXT_LIMITS.summary + TEXT_LIMITS.path + ' (DELETE  → 500)'.length;

describe('hostile answers: bounded reads, bounded messages, checked shapes (real HTTP)', function () {
  let emu: Emulator;
  let client: StudioClient;
  const calls: ApiCallRecord[] = [];

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20 });
    calls.length = 0;
    client = new StudioClient({
      baseUrl: emu.apiUrl,
      getToken: () => TOKEN,
      userAgent: 'hostile-test',
      timeoutMs: 5_000,
      retry: { maxRetries: 0 },
      onCall: (call) => calls.push(call),
    });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  describe('error bodies (15.5)', () => {
    for (const size of [1 * MiB, 4 * MiB]) {
      it(`an error body of ${size / MiB} MB of unclosed "<": a short message (only the first ${MAX_EXCERPT_BODY_BYTES / 1024} KiB are read)`, async () => {
        emu.faults.longBody({ origin: 'api', method: 'GET', path: /\/stream$/, status: 400, unit: '<', bytes: size });
        const error = await failure(client.streams.list({}));
        assert.equal(error.kind, 'validation');
        assert.equal(error.message, `request refused: ${'<'.repeat(120)}… (GET /stream → 400)`);
      });
    }

    it('an error body that never ends: the call still fails at once with the status and an excerpt, not a timeout', async () => {
      emu.faults.longBody({ origin: 'api', method: 'GET', path: /\/stream$/, status: 502, unit: '<p>proxy trouble ', bytes: Infinity });
      const error = await failure(client.streams.list({}));
      assert.equal(error.kind, 'server', error.message);
      assert.equal(error.status, 502);
      assert.match(error.message, /^service error HTTP 502: proxy trouble proxy trouble .{60,}…: try again later \(GET \/stream → 502\)$/);
    });

    it('the upload origin too: a direct PUT answered by an endless error body fails with an excerpt', async () => {
      const dir = new TempDir();
      try {
        const file = makeFile(dir.file('clip.mp4'), 64 * 1024);
        emu.faults.longBody({ origin: 'ingest', method: 'PUT', path: /upload\/direct/, status: 500, unit: '<h1>disk full', bytes: Infinity });
        const error = await failure(uploadVideo({ client, filePath: file, name: 'clip', method: 'direct', storage: new InMemoryStore() }));
        assert.match(error.message, /^upload server error HTTP 500: disk full disk full .*…: try again later/);
      } finally {
        dir.remove();
      }
    });

    it('excerpts of 4 MB pathological texts are at most 121 characters; titles, tags, scripts and styles still read as before', () => {
      const huge = 4 * MiB;
      for (const text of ['<'.repeat(huge), '<title'.repeat(huge / 6), '<script>'.repeat(huge / 8), '<a '.repeat(huge / 3), `${'<b>'.repeat(huge / 3)}end`]) {
        assert.ok(bodyExcerpt(text).length <= 121, text.slice(0, 20));
      }
      assert.equal(bodyExcerpt(`${'<b>'.repeat(100_000)}the end`), 'the end');
      assert.equal(bodyExcerpt('<html><head><title> 504 Gateway Time-out </title></head><body>x</body></html>'), '504 Gateway Time-out');
      assert.equal(bodyExcerpt('<html><STYLE>p {}</STYLE><script type="x">var a = 1 < 2;</script ><p>Service <b>down</b></p>\n\n for now'), 'Service down for now');
      assert.equal(bodyExcerpt('a < b and c'), 'a < b and c');
      assert.equal(bodyExcerpt(`${'word '.repeat(100)}`), `${'word '.repeat(24)}…`);
    });
  });

  describe('answers of the wrong shape (15.6)', () => {
    const operations: Array<[string, FaultMatch, (c: StudioClient) => Promise<unknown>]> = [
      ['assets.get', { origin: 'api', method: 'GET', path: /^\/api\/asset\/a1$/ }, (c) => c.assets.get('a1')],
      ['assets.update', { origin: 'api', method: 'PATCH', path: /^\/api\/asset\/a1$/ }, (c) => c.assets.update('a1', { name: 'n' })],
      ['streams.get', { origin: 'api', method: 'GET', path: /^\/api\/stream\/s1$/ }, (c) => c.streams.get('s1')],
      ['streams.create', { origin: 'api', method: 'POST', path: /^\/api\/stream$/ }, (c) => c.streams.create({ name: 'n' })],
      ['playback.get', { origin: 'api', method: 'GET', path: /^\/api\/playback\/p1$/ }, (c) => c.playback.get('p1')],
      ['keys.get', { origin: 'api', method: 'GET', path: /signing-key\/k1$/ }, (c) => c.keys.get('k1')],
      ['keys.create', { origin: 'api', method: 'POST', path: /signing-key$/ }, (c) => c.keys.create()],
      ['assets.requestUpload', { origin: 'api', method: 'POST', path: /request-upload$/ }, (c) => c.assets.requestUpload('n')],
    ];
    const bodies: Array<[string, string, string]> = [
      ['null', 'null', 'null'],
      ['an array', '[{"id":"x"}]', '\\[\\]'],
      ['a string', '"ok"', 'string'],
    ];
    for (const [name, match, call] of operations) {
      it(`${name}: a 200 of null, an array or a string is "unexpected answer from the service", never handed on`, async () => {
        for (const [label, body, problem] of bodies) {
          emu.faults.fail({ ...match, status: 200, body });
          const error = await failure(call(client));
          assert.equal(error.kind, 'server', `${label}: ${error.message}`);
          assert.match(error.message, new RegExp(`^unexpected answer from the service \\([a-z ]+: ${problem}\\): try again later, and check livepeer.baseURL if it persists \\(${match.method} /`), label);
        }
      });
    }

    it('names the field the extension relies on and the JSON type it found (missing, empty or of another type)', async () => {
      const cases: Array<[FaultMatch, string, (c: StudioClient) => Promise<unknown>, string]> = [
        [{ origin: 'api', method: 'GET', path: /stream\/s1$/ }, '{"name":"no id"}', (c) => c.streams.get('s1'), 'stream: id: undefined'],
        [{ origin: 'api', method: 'GET', path: /asset\/a1$/ }, '{"id":""}', (c) => c.assets.get('a1'), 'asset: id: ""'],
        [{ origin: 'api', method: 'GET', path: /signing-key\/k1$/ }, '{"id":"k1","publicKey":7}', (c) => c.keys.get('k1'), 'signing key: publicKey: number'],
        [{ origin: 'api', method: 'GET', path: /playback\/p1$/ }, '{"type":"vod","meta":{}}', (c) => c.playback.get('p1'), 'playback info: meta.source: undefined'],
        [{ origin: 'api', method: 'POST', path: /request-upload$/ }, '{"url":"u","tusEndpoint":"t","asset":null}', (c) => c.assets.requestUpload('n'), 'upload request: asset: null'],
        [{ origin: 'api', method: 'GET', path: /\/stream$/ }, '[{"id":"s1"},null]', (c) => c.streams.list({}), 'stream list: [1]: null'],
        [{ origin: 'api', method: 'GET', path: /\/asset$/ }, '{"id":"a1"}', (c) => c.assets.listPage({}), 'asset list: []: object'],
        [{ origin: 'api', method: 'GET', path: /\/sessions$/ }, '[1]', (c) => c.streams.listSessionsPage('s1', { limit: 5 }), 'session list: [0]: number'],
      ];
      for (const [match, body, call, problem] of cases) {
        emu.faults.fail({ ...match, status: 200, body });
        const error = await failure(call(client));
        assert.equal(error.message.split(': try again later')[0], `unexpected answer from the service (${problem})`);
      }
    });

    it('an upload whose arrival check is answered null: says so, not "Cannot read properties of null"', async () => {
      const dir = new TempDir();
      try {
        const file = makeFile(dir.file('clip.mp4'), 64 * 1024);
        emu.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/asset\/[^/]+$/, status: 200, body: 'null', times: Infinity });
        const error = await failure(uploadVideo({ client, filePath: file, name: 'clip', method: 'direct', storage: new InMemoryStore(), arrivalCheckDelaysMs: [0, 10] }));
        assert.match(error.message, /^the file was sent, but the service could not confirm it arrived \(unexpected answer from the service \(asset: null\)/);
      } finally {
        dir.remove();
      }
    });
  });

  describe('bounded messages and log lines (15.7)', () => {
    it('a 5 MB errors text: a message of readable length', async () => {
      emu.faults.fail({ origin: 'api', method: 'GET', path: /\/stream$/, status: 400, body: { errors: ['x'.repeat(5 * MiB)] } });
      const error = await failure(client.streams.list({}));
      assert.ok(error.message.length <= MAX_MESSAGE, `${error.message.length} characters`);
      assert.match(error.message, /^request refused: \{"errors":\["x+… \(GET \/stream → 400\)$/);
    });

    it('many long service messages: a few, each bounded, and the message still ends with what to do and where', async () => {
      const errors = Array.from({ length: 40 }, (_, i) => `${i}:${'y'.repeat(1_500)}`);
      emu.faults.fail({ origin: 'api', method: 'GET', path: /\/stream$/, status: 500, body: { errors } });
      const error = await failure(client.streams.list({}));
      assert.equal(error.messages.length, TEXT_LIMITS.serviceMessages);
      assert.ok(error.messages.every((m) => m.length <= TEXT_LIMITS.serviceMessage));
      assert.ok(error.message.length <= MAX_MESSAGE, `${error.message.length} characters`);
      assert.match(error.message, /^service error HTTP 500: 0:y+….*: try again later \(GET \/stream → 500\)$/);
    });

    it('a 100,000-character id: the message and the log line show a cut path', async () => {
      const id = 'i'.repeat(100_000);
      // Node's server refuses so long a request line (431), as many real front ends do (414).
      const error = await failure(client.streams.get(id));
      assert.ok(error.message.length <= MAX_MESSAGE, `${error.message.length} characters`);
      assert.match(error.message, /\(GET \/stream\/i+…i+ → 4\d\d\)$/);
      assert.ok((error.path ?? '').length <= TEXT_LIMITS.path);
      const line = apiCallLine(calls.at(-1)!, [TOKEN]);
      assert.ok(line.length <= TEXT_LIMITS.logLine, `${line.length} characters`);
      assert.match(line, /^GET \/stream\/i+…i+ → 4\d\d \(\d+ ms\): /);
    });

    it('a log line redacts before it cuts, so no part of a secret is left at the cut', () => {
      const secret = 'S'.repeat(40);
      for (let at = 0; at < 2_000; at += 37) {
        const call: ApiCallRecord = { method: 'GET', path: `/x/${'p'.repeat(at)}${secret}${'q'.repeat(at)}`, status: 500, durationMs: 1, attempts: 1, error: `${'e'.repeat(at)}${secret}${'f'.repeat(3_000)}` };
        const line = apiCallLine(call, [secret]);
        assert.ok(!line.includes('SSSS'), `cut at ${at}: ${line}`);
        assert.ok(line.length <= TEXT_LIMITS.logLine);
      }
    });

    it('bounded(): at most max characters, start and end kept, no surrogate pair split', () => {
      assert.equal(bounded('short', 10), 'short');
      const cut = bounded(`${'a'.repeat(50)}${'z'.repeat(50)}`, 31);
      assert.equal(cut, `${'a'.repeat(20)}…${'z'.repeat(10)}`);
      for (let max = 2; max < 40; max++) {
        const text = bounded('😀'.repeat(50), max);
        assert.ok(text.length <= max);
        assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text), `max ${max}: ${text}`);
      }
    });
  });

  describe('thumbnails (15.11)', () => {
    it('a CDN that trickles the body (a byte every 100 ms) is cut at the deadline with a clear error', async () => {
      const asset = emu.store.addAsset({ name: 'a', status: { phase: 'ready' } });
      const url = (await client.playback.get(asset.playbackId)).meta.source.find((s) => s.hrn === 'Thumbnail (PNG)')?.url ?? '';
      emu.faults.trickle({ origin: 'ingest', method: 'GET', path: /thumbnails/, everyMs: 100 });
      const error = await failure(fetchThumbnailDataUri(url, { timeoutMs: 1_000 }));
      assert.equal(error.kind, 'timeout');
      assert.equal(error.message, `the thumbnail from ${new URL(url).host} did not arrive within 1 s: the playback CDN is slow, try again later (GET ${new URL(url).pathname})`);
      assert.match(await fetchThumbnailDataUri(url, { timeoutMs: 1_000 }) ?? '', /^data:image\/png;base64,/, 'fine once the CDN is');
    });

    it('headers that never come count against the same deadline; a cancel is a cancel', async () => {
      const asset = emu.store.addAsset({ name: 'a', status: { phase: 'ready' } });
      const url = (await client.playback.get(asset.playbackId)).meta.source.find((s) => s.hrn === 'Thumbnail (PNG)')?.url ?? '';
      emu.faults.delay({ origin: 'ingest', method: 'GET', path: /thumbnails/, ms: 5_000 });
      assert.equal((await failure(fetchThumbnailDataUri(url, { timeoutMs: 300 }))).kind, 'timeout');
      emu.faults.delay({ origin: 'ingest', method: 'GET', path: /thumbnails/, ms: 5_000 });
      const error = await failure(fetchThumbnailDataUri(url, { timeoutMs: 5_000, signal: AbortSignal.timeout(100) }));
      assert.equal(error.kind, 'aborted');
    });
  });
});
