import assert from 'node:assert/strict';
import { StudioClient, type SigningKey } from '../../src/api';
import { verifyPlaybackToken } from '../../src/api/playback/token';
import { askGate, fitsKeyState, keyAccess } from '../../src/operations/checkAccess';
import { createStream } from '../../src/operations/createStream';
import { signWithKeptKey } from '../../src/operations/signPlaybackToken';
import { streamDetails } from '../../src/operations/streamDetails';
import { ProfileClients } from '../../src/profiles/clients';
import type { Profile } from '../../src/profiles/profile';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'tok-operations-7c2d';
const OTHER_TOKEN = 'tok-operations-other-19fe';

// The operations the commands call, and tools for assistants will (plain inputs and answers, no vscode), over real HTTP.
describe('operations: their rules over the emulator', () => {
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN, OTHER_TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  async function keyPair(name: string): Promise<SigningKey & { privateKey: string }> {
    const key = await client.keys.create({ name });
    assert.ok(key.privateKey);
    return { ...key, privateKey: key.privateKey };
  }

  describe('create a stream', () => {
    it('creates it as asked and answers it without its stream key (the service made one)', async () => {
      const created = await createStream(client, { name: '  launch ', record: true, playback: 'jwt' });
      const stored = emu.store.streams.get(created.id);
      assert.ok(stored?.streamKey, 'the service keeps a stream key');
      assert.deepEqual([stored.name, stored.record, stored.playbackPolicy?.type], ['launch', true, 'jwt']);
      assert.equal('streamKey' in created, false);
      assert.ok(!JSON.stringify(created).includes(stored.streamKey), 'the key appears nowhere in the answer');
      assert.equal(created.name, 'launch');
      assert.ok(created.playbackId);
    });

    it('a stream’s details carry no stream key either', async () => {
      const created = await createStream(client, { name: 'details', record: false, playback: 'public' });
      const key = emu.store.streams.get(created.id)?.streamKey;
      assert.ok(key);
      assert.ok((await client.streams.get(created.id)).streamKey, 'the service sends it on a read');
      const shown = await streamDetails(client, created.id);
      assert.equal(shown.id, created.id);
      assert.ok(!JSON.stringify(shown).includes(key));
    });
  });

  describe('sign a playback token with a kept key, and check access', () => {
    it('signs a token the key verifies, on the signed HLS URL, and the gate accepts it', async () => {
      const stream = await createStream(client, { name: 'signed', record: false, playback: 'jwt' });
      assert.ok(stream.playbackId);
      const key = await keyPair('kept');
      const signed = await signWithKeptKey(client, { playbackId: stream.playbackId, key, privateKey: key.privateKey, expiresInSeconds: 3600 });
      const check = verifyPlaybackToken(signed.token, { playbackId: stream.playbackId, publicKey: key.publicKey });
      assert.equal(check.ok, true);
      assert.ok(signed.url, JSON.stringify(signed.urlProblem));
      assert.equal(new URL(signed.url).searchParams.get('jwt'), signed.token);
      assert.ok(!JSON.stringify(signed).includes(key.privateKey), 'the private key is not answered');
      const keys = await client.keys.list();
      assert.deepEqual(await keyAccess(client, stream.playbackId, key, keys, key.privateKey), { allowed: true, code: 'allowed' });
    });

    it('a playback id the service does not know: the token still, and why there is no URL', async () => {
      const key = await keyPair('kept');
      const signed = await signWithKeptKey(client, { playbackId: 'nosuchid1234', key, privateKey: key.privateKey, expiresInSeconds: 60 });
      assert.ok(signed.token);
      assert.equal(signed.url, undefined);
      assert.ok(signed.urlProblem);
    });

    it('tells a key of another account from a disabled key; a private key of another key is refused before the service is asked', async () => {
      const stream = await createStream(client, { name: 'gated', record: false, playback: 'jwt' });
      assert.ok(stream.playbackId);
      const own = await keyPair('own');
      const stranger = emu.store.createOtherAccountSigningKey();
      const foreign = await askGate(client, stream.playbackId, stranger.key.publicKey, await client.keys.list());
      assert.deepEqual(foreign, { allowed: false, code: 'key-of-another-account' });
      const before = emu.requests.length;
      await assert.rejects(keyAccess(client, stream.playbackId, own, [own], stranger.privateKey), /does not belong to the chosen signing key/);
      assert.equal(emu.requests.length, before, 'nothing was sent');
      await client.keys.update(own.id, { disabled: true });
      const refused = await askGate(client, stream.playbackId, own.publicKey, await client.keys.list());
      assert.deepEqual(refused, { allowed: false, code: 'key-disabled' });
      assert.equal(fitsKeyState(refused, { disabled: true }), true);
      assert.equal(fitsKeyState(refused, { disabled: false }), false, 'an enabled key refused as disabled is the gate’s cache');
    });
  });

  describe('which client belongs to which profile (profiles/clients.ts)', () => {
    const a: Profile = { id: 'a', name: 'A', baseUrl: '', privateKeys: [] };
    const b: Profile = { id: 'b', name: 'B', baseUrl: '', privateKeys: [] };

    function clients(current: () => Profile | undefined, profiles: Profile[]) {
      const tokens = new Map([
        ['a', TOKEN],
        ['b', OTHER_TOKEN],
      ]);
      const source = { store: { get: (id: string) => profiles.find((p) => p.id === id) }, tokenOf: (id: string) => tokens.get(id), get current() { return current(); } };
      return new ProfileClients(source, async () => undefined, { userAgent: 'test', timeoutMs: () => 5_000, onCall: () => () => undefined });
    }

    it('sends each profile its own token; a current profile’s client sends nothing after a switch; a removed profile has none', async () => {
      a.baseUrl = b.baseUrl = emu.apiUrl;
      let current: Profile | undefined = a;
      const profiles = [a, b];
      const made = clients(() => current, profiles);
      try {
        const sent = () => emu.requests.map((r) => r.headers.authorization);
        await made.of('a', true).keys.list();
        await made.of('b', false).keys.list();
        assert.deepEqual(sent(), [`Bearer ${TOKEN}`, `Bearer ${OTHER_TOKEN}`]);
        assert.equal(made.of('a', true), made.of('a', true), 'one client per profile');
        current = b;
        const before = emu.requests.length;
        await assert.rejects(made.of('a', true).keys.list(), /the current profile changed from “A” meanwhile: nothing was sent/);
        await made.of('a', false).keys.list();
        assert.deepEqual(sent().slice(before), [`Bearer ${TOKEN}`], 'an upload keeps the profile it started with');
        profiles.splice(0, 1);
        assert.throws(() => made.of('a', false), /the profile this was started with was removed/);
      } finally {
        made.closeAll();
      }
    });
  });
});
