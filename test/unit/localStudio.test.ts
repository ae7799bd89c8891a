import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../src/localStudio';

// Local Studio as a user's app and CI run it: `node dist/localStudio.js` (built by npm run build
// before the unit tests), talked to with plain fetch as an app's test would (docs/local-studio.md).
const LOCAL_STUDIO = join(__dirname, '..', '..', '..', 'dist', 'localStudio.js');

interface Running {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  token: string;
  output: string;
}

/** Starts the CLI and waits for its printed base URL and token. */
async function startCli(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [LOCAL_STUDIO, ...args], { env: { PATH: process.env.PATH ?? '' } });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const baseUrl = /Base URL: +(\S+)/.exec(output)?.[1];
      const token = /Token: +(\S+)/.exec(output)?.[1];
      if (baseUrl && token) resolve({ child, baseUrl, token, output });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

async function stopCli(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null) return;
  const exited = once(running.child, 'exit');
  running.child.kill('SIGTERM');
  await exited;
}

/** What an app's test does: a request with the token, the answer's JSON. */
async function call(running: Running, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${running.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${running.token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

describe('Local Studio (node dist/localStudio.js, as an app’s tests use it)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let running: Running | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-studio-'));
  });
  afterEach(async () => {
    await stopCli(running);
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints its base URL on 127.0.0.1 and a random token, and answers no request without it', async () => {
    running = await startCli(['--data', dataDir]);
    assert.match(running.baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/api$/);
    assert.match(running.token, /^[\w-]{24,}$/);
    const anonymous = await fetch(`${running.baseUrl}/asset`);
    assert.equal(anonymous.status, 401);
    const control = await fetch(`${running.baseUrl}/local-studio/seed`, { method: 'POST' });
    assert.equal(control.status, 401);
    assert.equal((await call(running, '/asset')).status, 200);
  });

  it('an app uploads a video through it, plays it, and finds it again after a restart on the same data', async () => {
    running = await startCli(['--data', dataDir, '--token', 'app-test-token']);
    const video = await readFile(join(FIXTURES_DIR, 'clip.mp4'));
    const requested = (await call(running, '/asset/request-upload', { method: 'POST', body: { name: 'app upload' } })).json as { url: string; asset: { id: string; playbackId: string } };
    const put = await fetch(requested.url, { method: 'PUT', body: video });
    assert.equal(put.status, 200);
    await until(async () => (((await call(running!, `/asset/${requested.asset.id}`)).json as { status: { phase: string } }).status.phase === 'ready' ? true : undefined), 'the asset is ready');
    const playback = (await call(running, `/playback/${requested.asset.playbackId}`)).json as { meta: { source: Array<{ hrn: string; url: string }> } };
    const hls = playback.meta.source.find((source) => source.hrn === 'HLS (TS)');
    assert.ok(hls, JSON.stringify(playback));
    assert.match(await (await fetch(hls.url)).text(), /^#EXTM3U/);
    const webhook = (await call(running, '/webhook', { method: 'POST', body: { name: 'app hook', url: 'http://localhost:9/hook', events: ['asset.ready'] } })).json as { id: string };

    await stopCli(running);
    assert.equal((await stat(join(dataDir, 'studio.json'))).mode & 0o777, 0o600);
    running = await startCli(['--data', dataDir, '--token', 'another-token']);
    const asset = (await call(running, `/asset/${requested.asset.id}`)).json as { name: string; status: { phase: string }; size: number };
    assert.deepEqual([asset.name, asset.status.phase, asset.size], ['app upload', 'ready', video.length]);
    assert.equal(((await call(running, `/webhook/${webhook.id}`)).json as { name: string }).name, 'app hook');
  });

  it('rehearses failures for an app’s tests: a request fault served once, a task failing at 50 %, a control it cannot run said why', async () => {
    running = await startCli([]);
    assert.equal((await call(running, '/local-studio/faults', { method: 'POST', body: { path: '^/api/stream$', method: 'GET', status: 503 } })).status, 204);
    assert.equal((await call(running, '/stream')).status, 503);
    assert.equal((await call(running, '/stream')).status, 200, 'a fault serves once unless times says more');
    assert.equal((await call(running, '/local-studio/task-faults', { method: 'POST', body: { type: 'upload', failAt: 0.5, errorMessage: 'rehearsed failure' } })).status, 204);
    const requested = (await call(running, '/asset/request-upload', { method: 'POST', body: { name: 'fails' } })).json as { url: string; asset: { id: string } };
    await fetch(requested.url, { method: 'PUT', body: await readFile(join(FIXTURES_DIR, 'clip.mp4')) });
    const failed = await until(async () => {
      const asset = (await call(running!, `/asset/${requested.asset.id}`)).json as { status: { phase: string; errorMessage?: string } };
      return asset.status.phase === 'failed' ? asset.status : undefined;
    }, 'the asset failed');
    assert.equal(failed.errorMessage, 'rehearsed failure');
    const wrong = await call(running, '/local-studio/faults', { method: 'POST', body: { path: '^/api/stream$' } });
    assert.equal(wrong.status, 422);
    assert.match(JSON.stringify(wrong.json), /say what happens/);
  });

  it('says a port in use with the next step, and exits', async () => {
    running = await startCli([]);
    const port = new URL(running.baseUrl).port;
    const second = spawn(process.execPath, [LOCAL_STUDIO, '--port', port], { env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(second, 'exit')) as [number];
    assert.equal(code, 2);
    assert.match(stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use: stop what uses it, or give another --port`));
  });
});
