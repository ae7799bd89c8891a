import assert from 'node:assert/strict';
import { StudioClient, probePlayback } from '../../src/api';
import { terminateTusUpload } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN = 'tok-BOUNDED-BODIES-6a1f';
const GiB = 1024 ** 3;

/** Heap and buffers in use: what a body read whole would grow. */
function memoryInUse(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe('every body read is bounded: a huge or endless answer costs little memory and time (real HTTP)', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;

  before(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'bounded-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await client?.close();
    await emu?.close();
  });

  /** Runs `run` and says what it cost (the answer is streamed at the pace it is read: nothing is allocated ahead). */
  async function measured<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; grownMiB: number }> {
    const before = memoryInUse();
    const started = Date.now();
    const result = await run();
    return { result, ms: Date.now() - started, grownMiB: (memoryInUse() - before) / 1024 / 1024 };
  }

  const hls = '/hls/p1/index.m3u8';

  it("the playback probe: a 1 GB refusal is read for its first line only (a few KiB), in the edge's own words", async () => {
    emu.faults.longBody({ origin: 'ingest', method: 'GET', path: hls, status: 403, unit: 'refused by the access gate: token expired\n', bytes: GiB, contentType: 'text/plain' });
    const { result, ms, grownMiB } = await measured(() => probePlayback(`${emu.ingestOrigin}${hls}`));
    assert.deepEqual(result, { status: 403, reason: 'refused by the access gate: token expired' });
    assert.ok(ms < 5_000, `${ms} ms`);
    assert.ok(grownMiB < 64, `${grownMiB.toFixed(1)} MiB`);
  });

  it('the playback probe: an HTML page (endless) is no reason: the status says what it means', async () => {
    emu.faults.longBody({ origin: 'ingest', method: 'GET', path: hls, status: 404, unit: '<!DOCTYPE html><html><body>Not Found</body></html>\n', bytes: Infinity });
    const { result, ms } = await measured(() => probePlayback(`${emu.ingestOrigin}${hls}`));
    assert.deepEqual(result, { status: 404, reason: 'HTTP 404: the edge has no playlist for this playback id' });
    assert.ok(ms < 5_000, `${ms} ms`);
    emu.faults.longBody({ origin: 'ingest', method: 'GET', path: hls, status: 403, unit: '<html>denied</html>', bytes: 100, contentType: 'text/plain' });
    assert.deepEqual(await probePlayback(`${emu.ingestOrigin}${hls}`), { status: 403, reason: 'HTTP 403: access refused, the playback needs a valid token' });
  });

  it('an API answer of 200 that never ends: refused past 32 MiB, not held in memory', async () => {
    emu.faults.longBody({ origin: 'api', method: 'GET', path: /\/stream$/, status: 200, unit: '[', bytes: Infinity, contentType: 'application/json' });
    const { result: error, ms, grownMiB } = await measured(() => failure(client.streams.list({})));
    assert.equal(error.kind, 'server');
    assert.match(error.message, /^the answer from 127\.0\.0\.1:\d+ is larger than 32 MiB, more than any of the service's: check livepeer\.baseURL \(GET \/stream → 200\)$/);
    assert.ok(ms < 10_000, `${ms} ms`);
    assert.ok(grownMiB < 200, `${grownMiB.toFixed(1)} MiB`);
  });

  it("ending an unfinished tus upload: the upload server's endless refusal is read for an excerpt only", async () => {
    emu.faults.longBody({ origin: 'ingest', method: 'DELETE', path: /\/upload\/tus\/.+/, status: 500, unit: 'disk trouble ', bytes: Infinity, contentType: 'text/plain' });
    const { result: error, ms } = await measured(() => failure(terminateTusUpload(`${emu.ingestOrigin}/api/asset/upload/tus/abc`)));
    assert.match(error.message, /^the upload server did not end the unfinished upload \(disk trouble disk trouble .*\): it expires on its own/);
    assert.ok(ms < 5_000, `${ms} ms`);
  });
});
