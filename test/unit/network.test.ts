import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { createProxy } from 'proxy';
import { StudioClient, configureNetwork, connectDirectly, fetchThumbnailDataUri, probePlayback, sendWebhookTestEvent, type NetworkSettings } from '../../src/api';
import { bypasses, proxyRoute } from '../../src/api/core/proxyRoute';
import { uploadVideo } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { makeTestCa, type TestCa } from './helpers/testCa';
import { MiB, TempDir, makeFile } from './helpers/uploadFiles';

const TOKEN = 'network-test-token';

/** A real forward proxy (the `proxy` package: CONNECT tunnels, optional Basic auth) that counts what it is asked. */
async function startProxy(credentials?: string): Promise<{ url: string; connects: string[]; close(): Promise<void> }> {
  const connects: string[] = [];
  const server = createProxy(createServer());
  server.on('connect', (req) => connects.push(String(req.url)));
  if (credentials) server.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(credentials).toString('base64')}`;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  assert.fail('expected a failure');
}

describe('network: proxies and private certificate authorities', function () {
  this.timeout(60_000);
  let ca: TestCa;
  let emu: Emulator;
  let temp: TempDir;
  const clients: StudioClient[] = [];
  const client = () => {
    const made = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    clients.push(made);
    return made;
  };
  /** Settings with the test CA trusted the way a user trusts one. */
  const trusted = (settings: NetworkSettings = {}): NetworkSettings => ({ ...settings, env: { NODE_EXTRA_CA_CERTS: ca.caFile, ...settings.env } });

  before(async () => {
    ca = makeTestCa();
    emu = await startEmulator({ tokens: [TOKEN], tls: ca.server, processingDelayMs: 20 });
    temp = new TempDir();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    configureNetwork({});
  });
  after(async () => {
    await emu?.close();
    ca?.remove();
    temp?.remove();
  });

  it('says whose certificate is not trusted and what to do, and trusts a private CA named by NODE_EXTRA_CA_CERTS', async () => {
    assert.ok(emu.apiUrl.startsWith('https://127.0.0.1:'));
    configureNetwork({ env: {} });
    const host = new URL(emu.apiUrl).host;
    const error = await rejection(client().keys.list());
    assert.match(error.message, new RegExp(`^the certificate of ${host} is not trusted \\(\\w+\\): .*NODE_EXTRA_CA_CERTS`));
    configureNetwork(trusted());
    assert.ok(Array.isArray(await client().keys.list()));
  });

  it('adds the trusted authorities to one TLS context for all its connections, not to one per connection', async () => {
    configureNetwork(trusted());
    // Every context's authorities go through the native context's addCACert, one call per authority (or PEM file).
    const native = Object.getPrototypeOf(tls.createSecureContext().context) as { addCACert: (this: unknown, cert: string) => void };
    const addCACert = native.addCACert;
    let added = 0;
    native.addCACert = function (this: unknown, cert: string) {
      added++;
      return addCACert.call(this, cert);
    };
    try {
      const before = emu.connections;
      const made = client();
      await Promise.all(Array.from({ length: 6 }, () => made.keys.list()));
      const opened = emu.connections - before;
      assert.ok(opened >= 3, `6 requests at once opened ${opened} connections`);
      // One context: Node's roots, the test CA's file, and on Node 22.15+ the system's (per connection, that many again each time).
      const system = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates?.('system').length ?? 0;
      assert.equal(added, tls.rootCertificates.length + 1 + system, `authorities added for ${opened} connections`);
    } finally {
      native.addCACert = addCACert;
    }
  });

  it('sends every request through http.proxy when asked for loopback too (<-loopback>): API, direct and tus uploads, thumbnail, playback probe, test event', async () => {
    const proxy = await startProxy();
    try {
      configureNetwork(trusted({ proxy: proxy.url, noProxy: ['<-loopback>'] }));
      const before = emu.connections;
      const api = client();
      const keys = await api.keys.list();
      assert.ok(Array.isArray(keys));
      const small = makeFile(path.join(temp.path, 'small.mp4'), 2 * MiB);
      const big = makeFile(path.join(temp.path, 'big.mp4'), 17 * MiB);
      const direct = await uploadVideo({ client: api, filePath: small, name: 'through the proxy', method: 'direct', arrivalCheckDelaysMs: [] });
      const tus = await uploadVideo({ client: api, filePath: big, name: 'tus through the proxy', method: 'tus', chunkSizeMiB: 8, arrivalCheckDelaysMs: [] });
      assert.ok(direct.assetId && tus.assetId);
      const ready = emu.store.addAsset({ name: 'ready', status: { phase: 'ready' } });
      const sources = (await api.playback.get(ready.playbackId)).meta.source;
      const thumbnail = sources.find((s) => s.hrn === 'Thumbnail (PNG)')?.url ?? assert.fail('no thumbnail');
      assert.match((await fetchThumbnailDataUri(thumbnail)) ?? '', /^data:image\/png;base64,/);
      const hls = sources.find((s) => /hls/i.test(s.hrn))?.url ?? assert.fail('no HLS source');
      assert.ok((await probePlayback(hls)).status);
      assert.ok((await sendWebhookTestEvent(`${emu.ingestOrigin}/receiver`, { timestamp: Date.now() }, undefined)).status);

      const origins = new Set([new URL(emu.apiUrl).host, new URL(emu.ingestOrigin).host]);
      assert.ok(proxy.connects.length >= 3, `${proxy.connects.length} CONNECTs`);
      assert.deepEqual(proxy.connects.filter((target) => !origins.has(target)), [], 'tunnels only to the emulator');
      assert.equal(emu.connections - before, proxy.connects.length, 'every connection the emulator accepted came through a tunnel');
      const patches = emu.requests.filter((r) => r.origin === 'ingest' && r.method === 'PATCH' && r.assetId === tus.assetId);
      assert.equal(patches.length, 3, 'every tus request went too');
    } finally {
      await proxy.close();
    }
  });

  it('goes direct to loopback without <-loopback>, to hosts in NO_PROXY / http.noProxy, and with http.proxySupport off', async () => {
    const proxy = await startProxy();
    try {
      for (const settings of [
        { proxy: proxy.url },
        { env: { HTTPS_PROXY: proxy.url, NO_PROXY: `<-loopback>, 127.0.0.1` } },
        { env: { https_proxy: proxy.url, no_proxy: '<-loopback>' }, noProxy: [new URL(emu.apiUrl).host] },
        { proxy: proxy.url, noProxy: ['<-loopback>'], proxySupport: 'off' },
      ] satisfies NetworkSettings[]) {
        configureNetwork(trusted(settings));
        assert.ok(Array.isArray(await client().keys.list()), JSON.stringify(settings));
      }
      assert.deepEqual(proxy.connects, []);
      configureNetwork(trusted({ env: { https_proxy: proxy.url, NO_PROXY: '<-loopback>' } }));
      await client().keys.list();
      assert.equal(proxy.connects.length, 1, 'https_proxy from the environment');
    } finally {
      await proxy.close();
    }
  });

  it('goes direct to an origin it was told to (Local Studio’s), even with <-loopback>, until told to stop', async () => {
    const proxy = await startProxy();
    try {
      configureNetwork(trusted({ proxy: proxy.url, noProxy: ['<-loopback>'] }));
      const stop = connectDirectly([new URL(emu.apiUrl).origin]);
      await client().keys.list();
      assert.deepEqual(proxy.connects, [], 'the token went straight to Local Studio');
      stop();
      await client().keys.list();
      assert.equal(proxy.connects.length, 1, 'other loopback addresses follow the settings again');
    } finally {
      await proxy.close();
    }
  });

  it('names the proxy and the setting when it asks for credentials (407), and passes with http.proxyAuthorization', async () => {
    const proxy = await startProxy('alice:s3cret');
    try {
      configureNetwork(trusted({ proxy: proxy.url, noProxy: ['<-loopback>'] }));
      const refused = await rejection(client().keys.list());
      assert.match(refused.message, new RegExp(`^the proxy ${proxy.url} asks for credentials \\(407 Proxy Authentication Required\\): set http.proxyAuthorization`));
      configureNetwork(trusted({ proxy: proxy.url, noProxy: ['<-loopback>'], proxyAuthorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}` }));
      assert.ok(Array.isArray(await client().keys.list()));
      const withUser = `http://alice:s3cret@${new URL(proxy.url).host}`;
      configureNetwork(trusted({ env: { HTTPS_PROXY: withUser, NO_PROXY: '<-loopback>' } }));
      assert.ok(Array.isArray(await client().keys.list()), 'user:password in HTTPS_PROXY');
    } finally {
      await proxy.close();
    }
  });

  it('names an unreachable proxy and where it was set, never the service', async () => {
    const closed = await startProxy();
    await closed.close();
    configureNetwork(trusted({ env: { HTTPS_PROXY: closed.url, NO_PROXY: '<-loopback>' } }));
    const error = await rejection(client().keys.list());
    assert.match(error.message, new RegExp(`^cannot reach the proxy ${closed.url} \\(ECONNREFUSED\\): check HTTPS_PROXY`));
    configureNetwork(trusted({ proxy: 'http://[bad', noProxy: ['<-loopback>'] }));
    assert.match((await rejection(client().keys.list())).message, /^the proxy in http.proxy is not a valid address: fix http.proxy/);
  });

  it('matches NO_PROXY entries as curl does: names, domains, *.domains, ports, IPs, *', () => {
    const url = new URL('https://api.example.com:8443/x');
    for (const entry of ['*', 'api.example.com', 'example.com', '.example.com', '*.example.com', 'api.example.com:8443']) assert.ok(bypasses(entry, url), entry);
    for (const entry of ['other.com', 'api.example.com:443', 'xample.com', 'ample.com']) assert.ok(!bypasses(entry, url), entry);
    assert.ok(bypasses('[::1]:80', new URL('http://[::1]/')));
    assert.ok(bypasses('10.0.0.1', new URL('https://10.0.0.1/')));
    const settings = { proxy: 'proxy.corp:3128' };
    assert.equal(proxyRoute(new URL('https://livepeer.studio/api'), settings)?.shown, 'http://proxy.corp:3128');
    assert.equal(proxyRoute(new URL('http://localhost:3000/api'), settings), undefined, 'loopback is never proxied unless asked');
    assert.equal(proxyRoute(new URL('http://127.0.0.5/api'), settings), undefined);
    assert.equal(proxyRoute(new URL('https://livepeer.studio/api'), { env: { HTTP_PROXY: 'http://p:1' } })?.setting, 'HTTP_PROXY', 'https falls back to HTTP_PROXY');
    assert.equal(proxyRoute(new URL('http://example.com/'), { env: { HTTPS_PROXY: 'http://p:1' } }), undefined, 'http targets use only HTTP_PROXY');
    const hidden = proxyRoute(new URL('https://livepeer.studio/api'), { proxy: 'http://u:secret@proxy.corp:3128' });
    assert.equal(hidden?.shown, 'http://proxy.corp:3128', 'credentials never shown');
  });
});
