import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';

const TOKEN = 'tok-import-crash-5';
/** An MP4's first bytes (`ftyp` at 4), then enough to fill the emulator's read buffers many times over. */
const BODY = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(8 << 20, 0x61)]);

/**
 * A plain web server of the simplest kind (as `python3 -m http.server`): each answer is its whole
 * body at once, `Connection: close`, then the socket is closed. The importer reads slower than it
 * arrives, so the end of the connection comes while its reading waits.
 */
async function closingSource(): Promise<{ origin: string; server: Server }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n`);
      socket.end(BODY);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `npm run emulator` in its own process, so that a crash is seen as one (and does not take mocha with it). */
async function emulatorProcess(): Promise<{ child: ChildProcess; apiUrl: string; output: () => string }> {
  const child = spawn(process.execPath, [join(__dirname, '../emulator/cli.js'), '--empty', '--token', TOKEN], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (out += text));
  const apiUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const url = /API base URL:\s+(\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
  });
  return { child, apiUrl, output: () => out };
}

describe('emulator: imports from a plain local web server', function () {
  this.timeout(60_000);

  it('three quick imports of one URL from a server that closes each connection leave the emulator alive and the asset ready', async () => {
    const source = await closingSource();
    const emulator = await emulatorProcess();
    const exited = once(emulator.child, 'exit');
    const state = () => `the emulator ${emulator.child.exitCode === null ? 'runs' : `died (${emulator.child.exitCode})`}: ${emulator.output().slice(-600)}`;
    const api = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const answer = request(`${emulator.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (res) => ({ status: res.statusCode, json: (await res.body.json()) as { asset?: { id: string }; status?: { phase: string; errorMessage?: string } } }));
      return answer.catch((error: Error) => Promise.reject(new Error(`${error.message}; ${state()}`)));
    };
    try {
      // One after another: each import has its chance to meet the closed connection while its reading waits.
      for (const round of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
        {
          const url = `${source.origin}/talk-${round}.mp4`;
          const posts = await Promise.all([1, 2, 3].map((n) => api('POST', '/asset/upload/url', { name: `talk ${round}.${n}`, url })));
          assert.deepEqual(posts.map((p) => p.status).sort(), [200, 200, 201], 'one import, answered again twice');
          const id = posts.find((p) => p.status === 201)?.json.asset?.id ?? '';
          let asset = await api('GET', `/asset/${id}`);
          for (const until = Date.now() + 40_000; !['ready', 'failed'].includes(asset.json.status?.phase ?? '') && Date.now() < until; ) {
            await new Promise((r) => setTimeout(r, 50));
            asset = await api('GET', `/asset/${id}`);
          }
          assert.equal(asset.json.status?.phase, 'ready', `${url}: ${JSON.stringify(asset.json.status)}`);
        }
      }
    } finally {
      if (emulator.child.exitCode === null && emulator.child.signalCode === null) {
        emulator.child.kill('SIGTERM');
        await exited;
      }
      await new Promise<void>((resolve) => source.server.close(() => resolve()));
    }
  });
});
