import assert from 'node:assert/strict';
import { StudioClient, type SigningKey } from '../../src/api';
import { assetPlaybackUrl, deleteAsset, renameAsset } from '../../src/operations/assetChanges';
import { lastPart, sessionToClip } from '../../src/operations/createClip';
import { createSigningKey, deleteSigningKey, renameSigningKey, type PrivateKeyStore } from '../../src/operations/signingKeys';
import { StreamChangeFailed, deleteStream, setStreamRecord, stopLiveSession } from '../../src/operations/streamChanges';
import { changeTarget, createTarget } from '../../src/operations/targetChanges';
import { deleteWebhook } from '../../src/operations/webhookChanges';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'tok-change-operations-5b8e';

/** A store as the VS Code layer's secret storage is one: private keys by key id. */
class MemoryKeys implements PrivateKeyStore {
  readonly kept = new Map<string, string>();
  async get(keyId: string): Promise<string | undefined> {
    return this.kept.get(keyId);
  }
  async store(key: SigningKey, privateKey: string): Promise<void> {
    this.kept.set(key.id, privateKey);
  }
  async remove(keyId: string): Promise<void> {
    this.kept.delete(keyId);
  }
}

// The changes src/ui and the assistant tools make, each written once in src/operations, over real HTTP.
describe('operations: every change the commands and tools make (real HTTP)', function () {
  this.timeout(30_000);
  let emu: Emulator;
  let client: StudioClient;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  const sent = (method: string, path: RegExp) => emu.requests.filter((r) => r.origin === 'api' && r.method === method && path.test(r.url)).length;

  describe('signing keys', () => {
    it('a new key’s private key is kept in the store given (the tool), never answered; without a store it is handed back (the commands)', async () => {
      const keys = new MemoryKeys();
      const kept = await createSigningKey(client, { name: 'kept', keep: keys });
      assert.equal(kept.privateKeyIs, 'kept');
      assert.equal(kept.privateKey, undefined);
      assert.equal('privateKey' in kept.key, false, 'the key answered carries no private key');
      assert.match(keys.kept.get(kept.key.id) ?? '', /^LS0tLS1CRUdJTi/, 'the base64 PEM the service handed out');

      const handed = await createSigningKey(client, { name: 'handed' });
      assert.equal(handed.privateKeyIs, 'to-hand-out');
      assert.ok(handed.privateKey);
      assert.equal(keys.kept.has(handed.key.id), false);
    });

    it('deleting a key forgets its kept private key; a rename to the same name or to blanks sends nothing', async () => {
      const keys = new MemoryKeys();
      const { key } = await createSigningKey(client, { name: 'short-lived', keep: keys });
      assert.equal(await renameSigningKey(client, key, '  short-lived '), 'unchanged');
      assert.equal(await renameSigningKey(client, key, '   '), 'unchanged');
      assert.equal(sent('PATCH', /signing-key/), 0);
      assert.equal(await renameSigningKey(client, key, ' renamed '), 'renamed');
      assert.equal(emu.store.signingKeys.get(key.id)?.name, 'renamed');
      await deleteSigningKey(client, key.id, keys);
      assert.equal(emu.store.signingKeys.has(key.id), false);
      assert.equal(keys.kept.size, 0);
    });
  });

  describe('assets', () => {
    it('a second delete of an asset (the service’s 400 “already deleted”) and a delete of an unknown one are done as asked, by code', async () => {
      const asset = emu.store.createAsset('twice', 'test');
      assert.equal(await deleteAsset(client, asset.id), 'deleted');
      assert.equal(await deleteAsset(client, asset.id), 'already-gone');
      assert.deepEqual(
        emu.requests.filter((r) => r.method === 'DELETE').map((r) => r.status),
        [204, 400],
        'the service said “already deleted” with a 400',
      );
      assert.equal(await deleteAsset(client, 'no-such-asset-id'), 'already-gone');
    });

    it('another refusal of a delete is an error, not “gone”', async () => {
      const asset = emu.store.createAsset('kept', 'test');
      emu.faults.fail({ origin: 'api', method: 'DELETE', path: new RegExp(`/asset/${asset.id}$`), status: 400, body: { errors: ['asset is being processed'] } });
      await assert.rejects(deleteAsset(client, asset.id), /asset is being processed/);
    });

    it('a rename before the asset is ready answers not-ready with the asset as it is', async () => {
      const asset = emu.store.createAsset('processing', 'test');
      const renamed = await renameAsset(client, asset.id, 'new name');
      assert.equal(renamed.outcome, 'not-ready');
      assert.equal(renamed.asset.name, 'processing');
    });

    it('the HLS address of a ready asset is the playback answer’s HLS source', async () => {
      const asset = emu.store.createAsset('ready', 'test');
      Object.assign(asset, { status: { phase: 'ready', updatedAt: Date.now() } });
      const url = await assetPlaybackUrl(client, { playbackId: asset.playbackId }, 'hls');
      assert.match(url ?? '', /\.m3u8$/);
    });
  });

  describe('webhooks', () => {
    it('a webhook deleted meanwhile is done as asked', async () => {
      const hook = emu.webhooks.add({ name: 'gone', url: 'https://example.com/hook', events: ['stream.started'] });
      assert.equal(await deleteWebhook(client, hook.id), 'deleted');
      assert.equal(await deleteWebhook(client, hook.id), 'already-gone');
    });
  });

  describe('streams', () => {
    it('a 500 after the change was made answers changed-despite-error; one that did not take names the state', async () => {
      const cam = emu.store.addStream({ name: 'cam' });
      emu.store.startSession(cam);
      emu.faults.failAfterChange({ origin: 'api', path: /\/terminate$/ });
      assert.equal(await stopLiveSession(client, cam.id), 'changed-despite-error');

      const other = emu.store.addStream({ name: 'other' });
      emu.faults.fail({ origin: 'api', method: 'DELETE', path: new RegExp(`/stream/${other.id}$`), status: 500 });
      const failed = await deleteStream(client, other.id).then(
        () => assert.fail('the stream was not deleted'),
        (error: unknown) => error,
      );
      assert.ok(failed instanceof StreamChangeFailed);
      assert.equal(failed.state, 'idle');
    });

    it('recording cannot change while live: a code, not the service’s words', async () => {
      const live = emu.store.addStream({ name: 'live' });
      emu.store.startSession(live);
      assert.equal(await setStreamRecord(client, live.id, true), 'refused-while-live');
      const idle = emu.store.addStream({ name: 'idle' });
      assert.equal(await setStreamRecord(client, idle.id, true), 'changed');
      assert.equal(emu.store.streams.get(idle.id)?.record, true);
    });
  });

  describe('clips and multistream targets', () => {
    it('the session to clip is the one named among the latest, else the latest; the last part never starts before the session', async () => {
      const stream = emu.store.addStream({ name: 'clipped' });
      const first = emu.store.startSession(stream, { createdAt: Date.now() - 60_000, lastSeen: Date.now() - 30_000, isActive: false });
      const latest = emu.store.startSession(stream);
      assert.equal((await sessionToClip(client, stream.id))?.id, latest.id);
      assert.equal((await sessionToClip(client, stream.id, first.id))?.id, first.id);
      assert.equal(await sessionToClip(client, stream.id, 'no-such-session'), undefined);
      assert.deepEqual(lastPart(20_000, 30_000), { fromMs: 0, toMs: 20_000 });
      assert.deepEqual(lastPart(90_000, 30_000), { fromMs: 60_000, toMs: 90_000 });
    });

    it('a target’s host comes back for its rows, never its URL', async () => {
      const { target, host } = await createTarget(client, { url: 'rtmp://live.example.com/app/secret-stream-key-1', name: 'platform' });
      assert.equal(host, 'live.example.com');
      assert.ok(!JSON.stringify(target).includes('secret-stream-key-1'));
      assert.deepEqual(await changeTarget(client, target.id, { url: 'rtmp://other.example.com:1936/app/another-key-2' }), { host: 'other.example.com:1936' });
      assert.deepEqual(await changeTarget(client, target.id, { disabled: true }), {});
    });
  });
});
