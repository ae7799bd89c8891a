import assert from 'node:assert/strict';
import { StudioClient, apiCallLine, withoutSecrets, type ApiCallRecord } from '../../src/api';
import { ProfileStore } from '../../src/profiles/profileStore';
import { InMemoryStore } from '../../src/upload/store/keyValueStore';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN = 'tok-KNOWN-SECRETS-1f3a9c';

describe('every secret the extension holds is blanked in every message, log line and document (real HTTP)', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;
  const calls: ApiCallRecord[] = [];

  before(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'known-secrets-test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  });

  after(async () => {
    await client?.close();
    await emu?.close();
  });

  /** The error of `call`, which the service answers with `echo` in its words; the error and its log line never hold `secret`. */
  async function echoed(secret: string, path: RegExp, method: string, call: () => Promise<unknown>): Promise<string> {
    emu.faults.fail({ origin: 'api', method, path, status: 500, body: { errors: [`internal error near ${secret}`, `raw ${JSON.stringify({ value: secret })}`, `at /x?s=${encodeURIComponent(secret)}`] } });
    const error = await failure(call());
    const line = apiCallLine(calls.at(-1) as ApiCallRecord, []);
    const everything = JSON.stringify([error.message, error.messages, line]);
    assert.ok(!everything.includes(secret) && !everything.includes(encodeURIComponent(secret)), everything);
    assert.match(error.message, /internal error near \*\*\*/);
    return error.message;
  }

  it("a webhook's secret learned from a list: blanked when GET, PATCH (rename) or DELETE of that webhook echoes it", async () => {
    const secret = 'whsec/made+elsewhere=42';
    const hook = emu.webhooks.add({ name: 'made elsewhere', url: 'https://example.com/hook', events: ['stream.started'], sharedSecret: secret });
    await client.webhooks.list();
    await echoed(secret, new RegExp(`/webhook/${hook.id}$`), 'GET', () => client.webhooks.get(hook.id));
    await echoed(secret, new RegExp(`/webhook/${hook.id}$`), 'PATCH', () => client.webhooks.update(hook.id, { name: 'renamed' }));
    await echoed(secret, new RegExp(`/webhook/${hook.id}$`), 'DELETE', () => client.webhooks.delete(hook.id));
  });

  it("a stream's key and a new signing key's private key: blanked in any later call's error", async () => {
    const stream = await client.streams.create({ name: 'keyed' });
    assert.ok(stream.streamKey && stream.streamKey.length >= 8);
    await echoed(stream.streamKey, /\/stream$/, 'GET', () => client.streams.list({}));
    const key = await client.keys.create({ name: 'fresh' });
    assert.ok(key.privateKey);
    await echoed(key.privateKey, /signing-key$/, 'GET', () => client.keys.list());
  });

  it('the tokens of every profile (read from or stored in secret storage): blanked in a call made with another token', async () => {
    const secrets = new Map<string, string>();
    const store = new ProfileStore(new InMemoryStore(), {
      get: async (key) => secrets.get(key),
      store: async (key, value) => void secrets.set(key, value),
      delete: async (key) => void secrets.delete(key),
    });
    const other = await store.add({ name: 'Other', baseUrl: 'https://other.example', token: 'tok-OTHER-PROFILE-7d2b4e' });
    // A second store over the same secret storage (another window) learns it by reading it.
    secrets.set('livepeer.profile.extra.token', 'tok-READ-ONLY-PROFILE-93ce1a');
    await new ProfileStore(new InMemoryStore(), { get: async (key) => secrets.get(key), store: async () => undefined, delete: async () => undefined }).token('extra');
    assert.ok(other.id);
    await echoed('tok-OTHER-PROFILE-7d2b4e', /\/asset$/, 'GET', () => client.assets.listPage({}));
    await echoed('tok-READ-ONLY-PROFILE-93ce1a', /\/asset$/, 'GET', () => client.assets.listPage({}));
  });

  it('documents: a known secret echoed in any field of a resource is blanked', () => {
    const document = withoutSecrets({ status: { lastFailure: { response: 'wrong signature for whsec/made+elsewhere=42' } } });
    assert.deepEqual(document, { status: { lastFailure: { response: 'wrong signature for ***' } } });
  });
});
