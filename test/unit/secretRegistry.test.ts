import assert from 'node:assert/strict';
import { StudioClient, apiCallLine, configureNetwork, withoutSecrets, type ApiCallRecord } from '../../src/api';
import { PROXY_LOOPBACK } from '../../src/api/core/proxyRoute';
import { safeResultText } from '../../src/tools/safeResult';
import { shownName } from '../../src/ui/common/format';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'tok-SECRET-REGISTRY-8d41e7';

/**
 * One registry of secrets (api/core/secretFields.ts and the values it remembers): each kind of secret
 * the extension meets is blanked in a log line, in a tool result and in a row's or tooltip's text.
 */
describe('one registry of secrets: each is blanked in a log line, a tool result and a row (real HTTP)', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;
  const calls: ApiCallRecord[] = [];

  before(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'secret-registry-test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  });

  after(async () => {
    configureNetwork({});
    await client?.close();
    await emu?.close();
  });

  /** A log line of a call whose error echoes `secret` (the service may echo anything). */
  async function logLineEchoing(secret: string): Promise<string> {
    emu.faults.fail({ origin: 'api', method: 'GET', path: /\/project$/, status: 500, body: { errors: [`failed near ${secret}`] } });
    await assert.rejects(client.projects.list());
    return apiCallLine(calls.at(-1) as ApiCallRecord, []);
  }

  /** Blanked everywhere: by value in texts, and under its field's name in a tool result and a tooltip's document. */
  async function assertBlanked(what: string, secret: string, field?: string): Promise<void> {
    const line = await logLineEchoing(secret);
    const result = safeResultText({ note: `echo ${secret}`, ...(field ? { [field]: secret } : {}) }, []);
    const row = shownName({ id: 'x', name: `named ${secret}` });
    const tooltip = JSON.stringify(withoutSecrets({ description: `about ${secret}`, ...(field ? { [field]: secret } : {}) }));
    for (const [where, text] of Object.entries({ line, result, row, tooltip })) {
      assert.ok(!text.includes(secret), `${what} shows in the ${where}: ${text}`);
    }
    assert.match(line, /failed near \*\*\*/, `${what}: the line still says what failed`);
  }

  it('the API token', async () => {
    await client.keys.list();
    await assertBlanked('the API token', TOKEN);
  });

  it('a new signing key’s private key', async () => {
    const { privateKey } = await client.keys.create({ name: 'registry' });
    assert.ok(privateKey);
    await assertBlanked('a private key', privateKey, 'privateKey');
  });

  it('a webhook’s shared secret', async () => {
    const sharedSecret = 'whsec-registry-5f0b9c2e';
    emu.webhooks.add({ name: 'registry', url: 'https://example.com/hook', events: ['stream.started'], sharedSecret });
    await client.webhooks.list();
    await assertBlanked('a webhook secret', sharedSecret, 'sharedSecret');
  });

  it('a stream’s key', async () => {
    const { streamKey } = await client.streams.create({ name: 'registry' });
    assert.ok(streamKey);
    await assertBlanked('a stream key', streamKey, 'streamKey');
  });

  it('a multistream target’s URL and the key in it, also as a stream’s target spec', async () => {
    const url = 'rtmp://live.example.com/app/target-key-registry-77';
    await client.multistream.create({ url, name: 'platform' });
    await assertBlanked('a target URL', url);
    await assertBlanked('a target key', 'target-key-registry-77');
    const spec = JSON.parse(safeResultText({ multistream: { targets: [{ profile: 'source', spec: { name: 'p', url: 'rtmp://x.example/app/never-seen-key-31' } }] } }, [])) as {
      multistream: { targets: Array<{ spec: { url: string } }> };
    };
    assert.equal(spec.multistream.targets[0]?.spec.url, '(hidden)', 'a spec’s URL is hidden even when never seen before');
  });

  it('a proxy’s password and Proxy-Authorization, once the proxy is used', async () => {
    const password = 'proxy-password-registry-19';
    const proxyAuthorization = 'Basic cHJveHktYXV0aC1yZWdpc3RyeQ==';
    configureNetwork({ proxy: `http://someone:${password}@127.0.0.1:9`, noProxy: [PROXY_LOOPBACK], proxyAuthorization, env: {} });
    const proxied = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'secret-registry-test', retry: { maxRetries: 0 } });
    try {
      await assert.rejects(proxied.keys.list(), (error: Error) => !error.message.includes(password));
    } finally {
      await proxied.close();
      configureNetwork({});
    }
    await assertBlanked('a proxy password', password, 'password');
    await assertBlanked('a Proxy-Authorization', proxyAuthorization, 'proxyAuthorization');
    // A short password is blanked by its place in an address, never seen or not.
    assert.equal(shownName({ id: 'x', name: 'via http://me:pw@proxy.local:3128' }), 'via http://me:***@proxy.local:3128');
  });
});
