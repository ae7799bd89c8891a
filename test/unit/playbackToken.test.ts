import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { request } from 'undici';
import { StudioApiError, StudioClient } from '../../src/api';
import { decodePlaybackToken, signPlaybackToken, verifyPlaybackToken } from '../../src/api/playback/token';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'demo-token';

/** A signing key created through the emulator's API: the private key exactly as the service hands it out. */
async function createKey(client: StudioClient, name: string): Promise<{ id: string; publicKey: string; privateKey: string }> {
  const key = await client.keys.create({ name });
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
      assert.deepEqual(JSON.parse(Buffer.from(header, 'base64url').toString()), { alg: 'ES256', typ: 'JWT' });
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
      assert.equal(Buffer.from(token.split('.')[2], 'base64url').length, 64, 'raw r||s signature, as JWS wants');
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
    it('refuses lifetimes that are not a number, too short or too long, saying why', () => {
      const sign = (expiresInSeconds: number) => () => signPlaybackToken({ playbackId: 'p1', privateKey: key.privateKey, publicKey: key.publicKey, expiresInSeconds });
      assert.throws(sign(Number.NaN), /must be a number of seconds, not NaN/);
      assert.throws(sign(Number.POSITIVE_INFINITY), /must be a number of seconds, not Infinity/);
      assert.throws(sign(0), /0 s is too short: at least 60 s/);
      assert.throws(sign(-3600), /-3600 s is too short/);
      assert.throws(sign(100 * 365 * 86_400), /36500 days is too long: at most 365 days/);
      assert.equal(decodePlaybackToken(signPlaybackToken({ playbackId: 'p1', privateKey: key.privateKey, publicKey: key.publicKey, expiresInSeconds: 365 * 86_400, now: 0 }))?.exp, 365 * 86_400);
    });

    /** A token with the given claims and header, signed by `privateKey` with the algorithm its type needs. */
    function forge(privateKey: KeyObject, claims: Record<string, unknown>): string {
      const input = `${Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      const signature = sign('sha256', Buffer.from(input), privateKey.asymmetricKeyType === 'ec' ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey);
      return `${input}.${signature.toString('base64url')}`;
    }
    const pubOf = (publicKey: KeyObject) => Buffer.from(publicKey.export({ type: 'spki', format: 'pem' })).toString('base64');

    it('verifies with the token’s own pub only when it is an EC P-256 key (not RSA, P-384 or secp256k1)', () => {
      const now = Math.floor(Date.now() / 1000);
      const pairs: Array<[string, ReturnType<typeof generateKeyPairSync>]> = [
        ['RSA', generateKeyPairSync('rsa', { modulusLength: 2048 })],
        ['secp384r1', generateKeyPairSync('ec', { namedCurve: 'secp384r1' })],
        ['secp256k1', generateKeyPairSync('ec', { namedCurve: 'secp256k1' })],
      ];
      for (const [name, pair] of pairs) {
        const token = forge(pair.privateKey, { sub: 'p1', action: 'pull', pub: pubOf(pair.publicKey), iat: now, exp: now + 600 });
        const check = verifyPlaybackToken(token, { playbackId: 'p1' });
        assert.ok(!check.ok && /not EC P-256/.test(check.reason), `${name}: ${JSON.stringify(check)}`);
        assert.ok(!check.ok && check.reason.includes(name), `${name} is named: ${!check.ok && check.reason}`);
      }
      const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      assert.equal(verifyPlaybackToken(forge(p256.privateKey, { sub: 'p1', pub: pubOf(p256.publicKey), iat: now, exp: now + 600 }), { playbackId: 'p1' }).ok, true);
    });

    it('refuses an exp more than a year ahead and an iat in the future, allowing a few minutes of clock skew', () => {
      const now = Date.UTC(2026, 5, 1);
      const s = now / 1000;
      const p256 = createPrivateKey(Buffer.from(key.privateKey, 'base64').toString());
      const token = (claims: Record<string, unknown>) => forge(p256, { sub: 'p1', pub: key.publicKey, ...claims });
      const centuries = verifyPlaybackToken(token({ iat: s, exp: s + 300 * 365 * 86_400 }), { now });
      assert.ok(!centuries.ok && /valid until 2326-.*more than 365 days ahead/.test(centuries.reason), JSON.stringify(centuries));
      const future = verifyPlaybackToken(token({ iat: s + 3600, exp: s + 7200 }), { now });
      assert.ok(!future.ok && /issued in the future \(2026-06-01T01:00:00.000Z\)/.test(future.reason), JSON.stringify(future));
      assert.equal(verifyPlaybackToken(token({ iat: s + 120, exp: s + 3600 }), { now }).ok, true, 'two minutes of skew is fine');
      assert.equal(verifyPlaybackToken(token({ iat: s, exp: s + 365 * 86_400 }), { now }).ok, true, 'a year is the longest lifetime');
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

    it('gates jwt content: enabled key allowed (lastSeen not at once), disabled and deleted refused, unknown and missing keys refused', async () => {
      const stream = emu.store.addStream({ name: 'gated', playbackPolicy: { type: 'jwt' } });
      const playbackId = stream.playbackId!;
      assert.equal(emu.store.signingKeys.get(key.id)?.lastSeen, undefined);
      assert.deepEqual(await client.playback.checkAccess(playbackId, key.publicKey), { allowed: true, status: 200 });
      assert.equal(emu.store.signingKeys.get(key.id)?.lastSeen, undefined, 'like the service, lastSeen is written about a minute later, not at once');

      const missing = await gate({ stream: `video+${playbackId}`, type: 'jwt' });
      assert.deepEqual(missing, { status: 403, text: JSON.stringify({ errors: ['Content is gated and requires a public key'] }) });

      const stranger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' });
      assert.deepEqual(await client.playback.checkAccess(playbackId, Buffer.from(stranger).toString('base64')), {
        allowed: false,
        status: 403,
        message: 'Content is gated and corresponding public key not found',
      });

      await client.keys.update(other.id, { disabled: true });
      assert.deepEqual(await client.playback.checkAccess(playbackId, other.publicKey), { allowed: false, status: 403, message: 'The public key is disabled or deleted' });
      await client.keys.delete(other.id);
      assert.deepEqual(await client.playback.checkAccess(playbackId, other.publicKey), { allowed: false, status: 403, message: 'The public key is disabled or deleted' });
    });

    it('answers 404 Content not found for another account’s key, a suspended stream and a deleted asset', async () => {
      const stream = emu.store.addStream({ name: 'gated 2', playbackPolicy: { type: 'jwt' } });
      const foreign = emu.store.createOtherAccountSigningKey();
      assert.deepEqual(await client.playback.checkAccess(stream.playbackId!, foreign.key.publicKey), { allowed: false, status: 404, message: 'Content not found' });

      stream.suspended = true;
      assert.equal((await client.playback.checkAccess(stream.playbackId!, key.publicKey)).status, 404);

      const asset = emu.store.createAsset('gated asset', 'test');
      asset.playbackPolicy = { type: 'jwt' };
      assert.equal((await client.playback.checkAccess(asset.playbackId, key.publicKey)).allowed, true, 'assets are gated content too');
      emu.store.deleteAsset(asset.id);
      assert.equal((await client.playback.checkAccess(asset.playbackId, key.publicKey)).status, 404);
    });

    it('rejects a body without stream or type, an unknown type and unknown fields (422); answers 200 with the service’s body', async () => {
      assert.equal((await gate({ pub: key.publicKey, type: 'jwt' })).status, 422);
      const untyped = await gate({ stream: 'video+x', pub: key.publicKey });
      assert.equal(untyped.status, 422);
      assert.match(untyped.text, /must have required property 'type'/);
      const unknownType = await gate({ stream: 'video+x', type: 'password' });
      assert.deepEqual([unknownType.status, /must be equal to one of the allowed values/.test(unknownType.text)], [422, true]);
      assert.equal((await gate({ stream: 'video+x', type: 'jwt', extra: 1 })).status, 422);
      const stream = emu.store.addStream({ name: 'public 2', playbackPolicy: { type: 'public' } });
      const allowed = await request(`${emu.apiUrl}/access-control/gate`, { method: 'POST', body: JSON.stringify({ stream: `video+${stream.playbackId}`, type: 'jwt' }) });
      assert.deepEqual(await allowed.body.json(), { user_viewer_limit: 10_000, user_id: emu.store.userId });
      assert.equal(allowed.headers['cache-control'], 'max-age=120,stale-while-revalidate=600', 'the service’s 120 s cache by default');
    });

    it('by default keeps a key’s old answer after it is disabled, as the service’s 120 s cache does', async () => {
      const stream = emu.store.addStream({ name: 'cached', playbackPolicy: { type: 'jwt' } });
      const fresh = await createKey(client, 'cached key');
      assert.equal((await client.playback.checkAccess(stream.playbackId!, fresh.publicKey)).allowed, true);
      await client.keys.update(fresh.id, { disabled: true });
      assert.equal((await client.playback.checkAccess(stream.playbackId!, fresh.publicKey)).allowed, true, 'still allowed right after disabling');
    });

    it('GET /playback of an asset that is not ready answers 422 “asset is not ready for playback”; an unknown id 404', async () => {
      const asset = emu.store.createAsset('processing', 'test');
      await assert.rejects(client.playback.get(asset.playbackId), (error: StudioApiError) => error.status === 422 && /still processing/.test(error.message));
      await assert.rejects(client.playback.get('unknownplayback'), (error: StudioApiError) => error.status === 404);
    });
  });

  describe('the gate’s timing with short settings (real HTTP)', () => {
    let quick: Emulator;
    let quickClient: StudioClient;
    before(async () => {
      quick = await startEmulator({ gateCacheMs: 1000, lastSeenDelayMs: 300 });
      quickClient = new StudioClient({ baseUrl: quick.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    });
    after(async () => {
      await quickClient.close();
      await quick.close();
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('a disabled key is refused once the cached lookup expires, and an enabled one allowed again', async () => {
      const stream = quick.store.addStream({ name: 'gated', playbackPolicy: { type: 'jwt' } });
      const k = await createKey(quickClient, 'k');
      const ask = async () => (await quickClient.playback.checkAccess(stream.playbackId!, k.publicKey)).allowed;
      assert.equal(await ask(), true);
      await quickClient.keys.update(k.id, { disabled: true });
      assert.equal(await ask(), true, 'cached: still allowed');
      await sleep(1100);
      assert.equal(await ask(), false, 'refused after the cache time');
      await quickClient.keys.update(k.id, { disabled: false });
      assert.equal(await ask(), false, 'cached: still refused right after enabling');
      await sleep(1100);
      assert.equal(await ask(), true);
    });

    it('writes lastSeen (the time of the check) only after the delay', async () => {
      const stream = quick.store.addStream({ name: 'seen', playbackPolicy: { type: 'jwt' } });
      const k = await createKey(quickClient, 'seen key');
      const checked = Date.now();
      assert.equal((await quickClient.playback.checkAccess(stream.playbackId!, k.publicKey)).allowed, true);
      assert.equal(quick.store.signingKeys.get(k.id)?.lastSeen, undefined);
      await sleep(400);
      const seen = quick.store.signingKeys.get(k.id)?.lastSeen ?? 0;
      assert.ok(seen >= checked && seen < checked + 250, `lastSeen is the time of the check (${seen - checked} ms after)`);
    });
  });
});
