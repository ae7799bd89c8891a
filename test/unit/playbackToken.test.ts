import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { request } from 'undici';
import { StudioClient, decodePlaybackToken, signPlaybackToken, verifyPlaybackToken } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'demo-token';

/** A signing key created through the emulator's API: the private key exactly as the service hands it out. */
async function createKey(client: StudioClient, name: string): Promise<{ id: string; publicKey: string; privateKey: string }> {
  const key = await client.createSigningKey({ name });
  assert.ok(key.privateKey);
  return { id: key.id, publicKey: key.publicKey, privateKey: key.privateKey };
}

describe('playback tokens', () => {
  let emu: Emulator;
  let client: StudioClient;
  let key: { id: string; publicKey: string; privateKey: string };
  let other: { id: string; publicKey: string; privateKey: string };

  before(async () => {
    emu = await startEmulator();
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    key = await createKey(client, 'signer');
    other = await createKey(client, 'other');
  });
  after(async () => {
    await client.close();
    await emu.close();
  });

  describe('signing and local verification', () => {
    it('signs an ES256 JWT in the SDK format with the private key as the service returned it', () => {
      const now = Date.UTC(2026, 0, 1);
      const token = signPlaybackToken({ playbackId: 'abcd1234', privateKey: key.privateKey, publicKey: key.publicKey, expiresInSeconds: 600, now, custom: { viewer: 'v1' } });
      const [header] = token.split('.');
      assert.deepEqual(JSON.parse(Buffer.from(header!, 'base64url').toString()), { alg: 'ES256', typ: 'JWT' });
      assert.deepEqual(decodePlaybackToken(token), {
        sub: 'abcd1234',
        action: 'pull',
        iss: 'livepeer-studio-vscode',
        pub: key.publicKey,
        iat: now / 1000,
        exp: now / 1000 + 600,
        video: 'none',
        custom: { viewer: 'v1' },
      });
      assert.equal(Buffer.from(token.split('.')[2]!, 'base64url').length, 64, 'raw r||s signature, as JWS wants');
      const check = verifyPlaybackToken(token, { playbackId: 'abcd1234', publicKey: key.publicKey, now: now + 1000 });
      assert.equal(check.ok, true, JSON.stringify(check));
    });

    it('accepts the private key as PEM text too, and defaults to one hour', () => {
      const pem = Buffer.from(key.privateKey, 'base64').toString('utf8');
      const token = signPlaybackToken({ playbackId: 'p1', privateKey: pem, publicKey: key.publicKey, now: 0 });
      assert.equal(decodePlaybackToken(token)?.exp, 3600);
    });

    it('verifies with the token’s own pub claim when no key is given', () => {
      const token = signPlaybackToken({ playbackId: 'p1', privateKey: key.privateKey, publicKey: key.publicKey });
      assert.equal(verifyPlaybackToken(token).ok, true);
    });

    it('refuses a private key that does not belong to the chosen key', () => {
      assert.throws(() => signPlaybackToken({ playbackId: 'p1', privateKey: other.privateKey, publicKey: key.publicKey }), /does not belong to the chosen signing key/);
    });

    it('refuses text that is not an EC P-256 private key, with a readable reason', () => {
      assert.throws(() => signPlaybackToken({ playbackId: 'p1', privateKey: 'hello', publicKey: key.publicKey }), /not a PEM key/);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      assert.throws(() => signPlaybackToken({ playbackId: 'p1', privateKey: rsa, publicKey: key.publicKey }), /not an EC P-256 key/);
    });

    it('names the reason a token is refused: wrong key, expired, wrong subject, tampered, not a JWT', () => {
      const now = Date.now();
      const token = signPlaybackToken({ playbackId: 'p1', privateKey: key.privateKey, publicKey: key.publicKey, expiresInSeconds: 60, now });
      const wrongKey = verifyPlaybackToken(token, { publicKey: other.publicKey, now });
      assert.deepEqual([wrongKey.ok, !wrongKey.ok && wrongKey.reason], [false, 'the token names another signing key (its pub claim)']);

      const expired = verifyPlaybackToken(token, { now: now + 61_000 });
      assert.ok(!expired.ok && /^the token expired /.test(expired.reason), JSON.stringify(expired));

      const subject = verifyPlaybackToken(token, { playbackId: 'p2', now });
      assert.ok(!subject.ok && subject.reason === 'the token is for playback id p1, not p2');

      const [header, payload, signature] = token.split('.');
      const claims = { ...decodePlaybackToken(token), sub: 'p2' };
      const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      const forged = verifyPlaybackToken(tampered, { playbackId: 'p2', now });
      assert.ok(!forged.ok && /signature does not match/.test(forged.reason), JSON.stringify(forged));

      // Signed by another key but claiming this key's pub: the signature check catches it.
      const foreign = signPlaybackToken({ playbackId: 'p1', privateKey: other.privateKey, publicKey: other.publicKey, now });
      const [, , foreignSignature] = foreign.split('.');
      const swapped = verifyPlaybackToken(`${header}.${payload}.${foreignSignature}`, { publicKey: key.publicKey, now });
      assert.ok(!swapped.ok && /signature does not match/.test(swapped.reason));

      const garbage = verifyPlaybackToken('not-a-token');
      assert.ok(!garbage.ok && /not a playback token/.test(garbage.reason));
    });
  });

  describe('POST /access-control/gate (emulator, real HTTP)', () => {
    const gate = async (body: unknown) => {
      const res = await request(`${emu.apiUrl}/access-control/gate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.statusCode, text: await res.body.text() };
    };

    it('answers without an API token: 200 for public content, 404 for unknown content', async () => {
      const stream = emu.store.addStream({ name: 'public', playbackPolicy: { type: 'public' } });
      assert.equal((await gate({ stream: `video+${stream.playbackId}`, type: 'jwt' })).status, 200);
      const unknown = await gate({ stream: 'video+nothing-here', pub: key.publicKey, type: 'jwt' });
      assert.deepEqual(unknown, { status: 404, text: JSON.stringify({ errors: ['Content not found'] }) });
    });

    it('gates jwt content: enabled key allowed (lastSeen set), disabled and deleted refused, unknown and missing keys refused', async () => {
      const stream = emu.store.addStream({ name: 'gated', playbackPolicy: { type: 'jwt' } });
      const playbackId = stream.playbackId!;
      assert.equal(emu.store.signingKeys.get(key.id)?.lastSeen, undefined);
      assert.deepEqual(await client.checkPlaybackAccess(playbackId, key.publicKey), { allowed: true, status: 200 });
      const seen = emu.store.signingKeys.get(key.id)?.lastSeen;
      assert.ok(seen && Date.now() - seen < 5000, 'a successful check updates lastSeen');

      const missing = await gate({ stream: `video+${playbackId}`, type: 'jwt' });
      assert.deepEqual(missing, { status: 403, text: JSON.stringify({ errors: ['Content is gated and requires a public key'] }) });

      const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' });
      assert.deepEqual(await client.checkPlaybackAccess(playbackId, Buffer.from(stranger).toString('base64')), {
        allowed: false,
        status: 403,
        message: 'Content is gated and corresponding public key not found',
      });

      await client.updateSigningKey(other.id, { disabled: true });
      assert.deepEqual(await client.checkPlaybackAccess(playbackId, other.publicKey), { allowed: false, status: 403, message: 'The public key is disabled or deleted' });
      await client.deleteSigningKey(other.id);
      assert.deepEqual(await client.checkPlaybackAccess(playbackId, other.publicKey), { allowed: false, status: 403, message: 'The public key is disabled or deleted' });
    });

    it('answers 404 Content not found for another account’s key, a suspended stream and a deleted asset', async () => {
      const stream = emu.store.addStream({ name: 'gated 2', playbackPolicy: { type: 'jwt' } });
      const foreign = emu.store.createOtherAccountSigningKey();
      assert.deepEqual(await client.checkPlaybackAccess(stream.playbackId!, foreign.key.publicKey), { allowed: false, status: 404, message: 'Content not found' });

      stream.suspended = true;
      assert.equal((await client.checkPlaybackAccess(stream.playbackId!, key.publicKey)).status, 404);

      const asset = emu.store.createAsset('gated asset', 'test');
      asset.playbackPolicy = { type: 'jwt' };
      assert.equal((await client.checkPlaybackAccess(asset.playbackId, key.publicKey)).allowed, true, 'assets are gated content too');
      emu.store.deleteAsset(asset.id);
      assert.equal((await client.checkPlaybackAccess(asset.playbackId, key.publicKey)).status, 404);
    });

    it('rejects a body without stream (422) and unknown fields', async () => {
      assert.equal((await gate({ pub: key.publicKey })).status, 422);
      assert.equal((await gate({ stream: 'video+x', extra: 1 })).status, 422);
    });
  });
});
