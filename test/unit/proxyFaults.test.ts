import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { StudioClient, configureNetwork, type NetworkSettings } from '../../src/api';
import { bypasses, proxyRoute } from '../../src/api/core/proxyRoute';

/** A proxy that misbehaves on CONNECT: `close` drops the connection once asked, `silent` never answers. Counts the CONNECTs it is asked. */
async function faultyProxy(fault: 'close' | 'silent'): Promise<{ url: string; connects: () => number; close(): Promise<void> }> {
  let connects = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      if (/^CONNECT /.test(head)) connects++;
      head = '';
      if (fault === 'close') socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects: () => connects,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The time a failing call took, and its error. */
async function failure(call: () => Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error: error as Error, ms: performance.now() - started };
  }
  assert.fail('expected a failure');
}

describe('network: a proxy that fails the tunnel', function () {
  this.timeout(30_000);
  // Nothing listens there: every request must end at the proxy.
  const baseUrl = 'http://127.0.0.1:9/api';
  const timeoutMs = 2_000;
  // The machine may be loaded: a bound, not a measurement.
  const slackMs = 2_500;
  const clients: StudioClient[] = [];
  const call = () => {
    const client = new StudioClient({ baseUrl, getToken: () => 'token', userAgent: 'test', timeoutMs, retry: { maxRetries: 0 } });
    clients.push(client);
    return client.keys.list();
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    configureNetwork({});
  });

  for (const settings of [
    (url: string): NetworkSettings => ({ proxy: url, noProxy: ['<-loopback>'], env: {} }),
    (url: string): NetworkSettings => ({ env: { HTTP_PROXY: url, NO_PROXY: '<-loopback>' } }),
  ]) {
    const setting = settings('').proxy === undefined ? 'HTTP_PROXY' : 'http.proxy';
    it(`fails within the request's timeout, naming the proxy, when it closes the connection on CONNECT, without connecting again and again (${setting})`, async () => {
      const proxy = await faultyProxy('close');
      try {
        configureNetwork(settings(proxy.url));
        const { error, ms } = await failure(call);
        assert.match(error.message, new RegExp(`^the proxy ${proxy.url} closed the connection instead of opening a tunnel to 127\\.0\\.0\\.1:9: check ${setting}`));
        assert.ok(ms < timeoutMs + slackMs, `failed after ${Math.round(ms)} ms`);
        assert.ok(proxy.connects() >= 1 && proxy.connects() <= 2, `${proxy.connects()} CONNECTs for one request`);
        // Nothing goes on asking once the request failed.
        const asked = proxy.connects();
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(proxy.connects(), asked, 'no CONNECT after the failure');
      } finally {
        await proxy.close();
      }
    });
  }

  it("fails within the request's timeout (not undici's 300 s), naming the proxy, when it never answers CONNECT", async () => {
    const proxy = await faultyProxy('silent');
    try {
      configureNetwork({ proxy: proxy.url, noProxy: ['<-loopback>'], env: {} });
      const { error, ms } = await failure(call);
      assert.match(error.message, new RegExp(`^no connection to 127\\.0\\.0\\.1:9 through the proxy ${proxy.url} within 2 s: check http.proxy`));
      assert.ok(ms >= timeoutMs - 100 && ms < timeoutMs + slackMs, `failed after ${Math.round(ms)} ms`);
      assert.equal(proxy.connects(), 1);
    } finally {
      await proxy.close();
    }
  });

  it('bypasses the proxy for CIDR ranges in NO_PROXY and http.noProxy, as curl does', () => {
    const cases: [string, string, boolean][] = [
      ['127.0.0.0/8', 'http://127.0.0.1:3000/api', true],
      ['10.0.0.0/8', 'https://10.20.30.40/api', true],
      ['10.0.0.0/8', 'https://11.0.0.1/api', false],
      ['192.168.1.0/24', 'https://192.168.1.200/', true],
      ['192.168.1.0/24', 'https://192.168.2.1/', false],
      ['::1/128', 'http://[::1]:3000/', true],
      ['[fd00::]/8', 'https://[fd12:3456::1]/', true],
      ['fd00::/8', 'https://[fe80::1]/', false],
      ['10.0.0.0/8', 'https://ten.example.com/', false],
      ['10.0.0.0/33', 'https://10.0.0.1/', false],
      ['::/0', 'https://10.0.0.1/', false],
    ];
    for (const [entry, target, bypassed] of cases) assert.equal(bypasses(entry, new URL(target)), bypassed, `${entry} for ${target}`);
    const proxied = (target: string, settings: NetworkSettings) => proxyRoute(new URL(target), { proxy: 'http://proxy.corp:3128', ...settings }) !== undefined;
    assert.equal(proxied('https://10.1.2.3/api', { env: { NO_PROXY: 'example.com, 10.0.0.0/8' } }), false, 'NO_PROXY');
    assert.equal(proxied('https://10.1.2.3/api', { noProxy: ['10.0.0.0/8'], env: {} }), false, 'http.noProxy');
    assert.equal(proxied('http://127.0.0.1:3000/api', { noProxy: ['<-loopback>', '127.0.0.0/8'], env: {} }), false, 'loopback asked for, then bypassed');
    assert.equal(proxied('http://127.0.0.1:3000/api', { noProxy: ['<-loopback>', '10.0.0.0/8'], env: {} }), true);
    assert.equal(proxied('https://172.16.0.1/api', { env: { no_proxy: '10.0.0.0/8' } }), true);
  });
});
