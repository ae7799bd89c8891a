import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { decodePlaybackToken, signPlaybackToken, verifyPlaybackToken } from '../../src/api/playback/token';
import type { AccessResult } from '../../src/operations/checkAccess';
import type { SigningKeyItem } from '../../src/ui/keys/signingKeysView';
import { answer, asked, assertAllAnswered, clickNotification, client, emulator, eventually, lastMessage, lastProgress, shownResult, signIn, view, type PromptRequest } from './harness';

type Message = Extract<PromptRequest, { kind: 'message' }>;
type Pick = { items: ReadonlyArray<vscode.QuickPickItem & Record<string, unknown>> };
const files = mkdtempSync(join(tmpdir(), 'livepeer-signed-'));

function pickWhere(test: (item: vscode.QuickPickItem & Record<string, unknown>) => boolean) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'pick');
    const found = (request as unknown as Pick).items.find(test);
    assert.ok(found, `no pick item matches among ${JSON.stringify((request as unknown as Pick).items.map((i) => i.label))}`);
    return found;
  };
}

async function keyItem(name: string): Promise<SigningKeyItem> {
  return (await view('signingKeys').row(name)).element as SigningKeyItem;
}

describe('Signed playback', () => {
  let stream: { playbackId?: string; name?: string };
  before(async () => {
    await signIn();
    stream = emulator.store.addStream({ name: 'Members stream', playbackPolicy: { type: 'jwt' } });
    answer(
      () => 'signer',
      (request) => {
        assert.match((request as Message).message, /cannot be shown again/);
        return 'Keep in VS Code’s Secret Storage';
      },
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
  });
  afterEach(assertAllAnswered);
  after(() => rmSync(files, { recursive: true, force: true }));

  it('signs a token from a key with its kept private key; the gate accepts it, then refuses it once the key is disabled', async () => {
    const signer = await keyItem('signer');
    clickNotification(/playback token for “Members stream” signed with “signer”, valid for 1 hour/, 'Copy Signed Playback URL');
    answer(
      pickWhere((i) => (i.target as { playbackId?: string } | undefined)?.playbackId === stream.playbackId),
      (request) => {
        assert.equal((request as unknown as Pick).items[0]?.label, '1 hour', 'one hour is the default lifetime');
        return (request as unknown as Pick).items[0];
      },
      pickWhere((i) => i.kept === true),
    );
    const token = await vscode.commands.executeCommand<string>('livepeer.playback.signToken', signer);
    assert.ok(token);
    const claims = decodePlaybackToken(token);
    assert.deepEqual([claims?.sub, claims?.action, claims?.pub, claims?.video, (claims?.exp ?? 0) - (claims?.iat ?? 0)], [stream.playbackId, 'pull', signer.key.publicKey, 'none', 3600]);
    assert.equal(verifyPlaybackToken(token, { playbackId: stream.playbackId, publicKey: signer.key.publicKey }).ok, true);
    await eventually(async () => assert.equal(await vscode.env.clipboard.readText(), `${emulator.ingestOrigin}/hls/${stream.playbackId}/index.m3u8?jwt=${token}`));

    const document = await shownResult('Playback token for Members stream', /Signed with “signer” for “Members stream”, valid for 1 hour/);
    assert.ok(document.includes(`\n${token}\n`) && document.includes(`${emulator.ingestOrigin}/hls/${stream.playbackId}/index.m3u8?jwt=${token}`), 'the token and the signed URL stay in a document');

    const allowed = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', stream.playbackId, { token });
    assert.deepEqual(allowed, { allowed: true, code: 'allowed' });
    await shownResult(`Playback access of ${stream.playbackId}`, /Allowed[^]*“last seen” shows this check about a minute from now/);
    await eventually(() => assert.ok(emulator.store.signingKeys.get(signer.key.id)?.lastSeen, 'the accepted check sets last seen, a little later (unit tests hold the delay)'));

    answer(() => 'Disable');
    await vscode.commands.executeCommand('livepeer.keys.disable', signer);
    // Right after the change the gate may still answer from its cache: the check waits it out.
    const refused = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', stream.playbackId, { token });
    assert.deepEqual(refused, { allowed: false, code: 'key-disabled' });
    const said = await shownResult(`Playback access of ${stream.playbackId}`, /Refused: the signing key is disabled or deleted\./);
    assert.doesNotMatch(said, /Careful/);
    await vscode.commands.executeCommand('livepeer.keys.enable', await keyItem('signer'));
  });

  it('Check Playback Access right after a disable waits for the gate’s cache with a countdown that can be stopped, and says what that means', async () => {
    const signer = await keyItem('signer');
    try {
      // A player was just let in (once the gate no longer remembers the key as disabled by the test before)…
      await eventually(async () => assert.equal((await client().playback.checkAccess(stream.playbackId!, signer.key.publicKey)).allowed, true), 10_000);
      // …and the gate holds that answer long enough that only Cancel ends the wait.
      emulator.gate.cacheMs = 60_000;
      answer(() => 'Disable');
      await vscode.commands.executeCommand('livepeer.keys.disable', signer);
      answer(pickWhere((i) => (i.target as { playbackId?: string } | undefined)?.playbackId === stream.playbackId));
      const since = asked.length;
      const pending = vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', await keyItem('signer'));
      const progress = await eventually(() => {
        const shown = lastProgress(/waiting for the service’s cache: .*“signer” was disabled recently/, since);
        assert.ok(shown);
        return shown;
      });
      assert.match(progress.title, /remembers a key’s state for up to 2 minutes after a change, and “signer” was disabled recently/);
      await eventually(() => assert.match(progress.reports.at(-1) ?? '', /at most 1\d\d s more/), 5000);
      progress.cancel();
      const result = await pending;
      assert.equal(result.allowed, true, 'the cached answer, not a verdict');
      await shownResult('Playback access of Members stream', /Careful: this may be the service’s cached answer from before “signer” was disabled[^]*Check again in two minutes/);
    } finally {
      emulator.gate.cacheMs = 2000;
      await vscode.commands.executeCommand('livepeer.keys.enable', await keyItem('signer'));
    }
  });

  it('offers the keys whose private key is kept first when signing, marked', async () => {
    const { key } = emulator.store.createSigningKey({ name: 'aaa no private key' });
    answer(
      pickWhere((i) => (i.target as { playbackId?: string } | undefined)?.playbackId === stream.playbackId),
      (request) => {
        const picks = (request as unknown as Pick).items;
        const kept = picks.map((p) => /^enabled · \$\(key\) private key kept/.test(p.description ?? ''));
        assert.equal(kept[0], true, 'a usable key is the active item');
        assert.deepEqual(kept, [...kept].sort((a, b) => Number(b) - Number(a)), 'the keys with a kept private key come first');
        assert.ok(picks.some((p) => p.label === 'signer' && /private key kept/.test(p.description ?? '')));
        const other = picks.find((p) => (p.key as { id: string }).id === key.id);
        assert.ok(other && !/private key kept/.test(other.description ?? ''));
        return undefined;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.playback.signToken'), undefined);
    emulator.store.deleteSigningKey(key.id);
  });

  it('signs from the palette with the private key from a file (base64 or PEM), for a chosen lifetime', async () => {
    const { key, privateKey } = emulator.store.createSigningKey({ name: 'file key' });
    const base64File = join(files, 'file-key.txt');
    writeFileSync(base64File, `${privateKey}\n`);
    answer(
      pickWhere((i) => (i.target as { playbackId?: string } | undefined)?.playbackId === stream.playbackId),
      pickWhere((i) => (i.key as { id?: string } | undefined)?.id === key.id),
      pickWhere((i) => i.label === '1 day'),
      (request) => {
        assert.equal(request.kind, 'openDialog', 'no secret kept: asks for the file at once');
        return [vscode.Uri.file(base64File)];
      },
    );
    clickNotification(/playback token for “Members stream” signed with “file key”/, 'Copy Token');
    const token = await vscode.commands.executeCommand<string>('livepeer.playback.signToken');
    const claims = decodePlaybackToken(token);
    assert.equal((claims?.exp ?? 0) - (claims?.iat ?? 0), 86_400);
    await eventually(async () => assert.equal(await vscode.env.clipboard.readText(), token));
    const result = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', stream.playbackId, { token });
    assert.equal(result.allowed, true);
  });

  it('the palette offers streams and ready assets with signed playback', async () => {
    const asset = emulator.store.createAsset('Signed in palette', 'test');
    Object.assign(asset, { playbackPolicy: { type: 'jwt' }, status: { phase: 'ready', updatedAt: Date.now() } });
    answer((request) => {
      const labels = (request as unknown as Pick).items.map((i) => i.label);
      assert.ok(labels.includes('$(broadcast) Members stream') && labels.includes('$(file-media) Signed in palette'), labels.join(', '));
      return undefined;
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.playback.signToken'), undefined);
  });

  it('signs from a stream or asset row with signed playback (the playback target contract)', async () => {
    const asset = emulator.store.createAsset('Members replay', 'test');
    asset.playbackPolicy = { type: 'jwt' };
    const row = { playback: { playbackId: asset.playbackId, name: 'Members replay', policy: { type: 'jwt' } } };
    answer(pickWhere((i) => i.label === 'signer'), pickWhere((i) => i.label === '1 hour'), pickWhere((i) => i.kept === true));
    const token = await vscode.commands.executeCommand<string>('livepeer.playback.signToken', row);
    assert.equal(decodePlaybackToken(token)?.sub, asset.playbackId);
    assert.ok(lastMessage(/playback token for “Members replay”/));
  });

  it('refuses a private key file of another key, saying so', async () => {
    const other = emulator.store.createSigningKey({ name: 'other key' });
    const wrongFile = join(files, 'wrong.pem');
    writeFileSync(wrongFile, Buffer.from(other.privateKey, 'base64'));
    answer(pickWhere((i) => i.label === 'signer'), pickWhere((i) => i.label === '1 hour'), pickWhere((i) => i.kept === false), () => [vscode.Uri.file(wrongFile)]);
    const token = await vscode.commands.executeCommand('livepeer.playback.signToken', stream.playbackId);
    assert.equal(token, undefined);
    assert.match(lastMessage(/signing a playback token/)?.message ?? '', /does not belong to the chosen signing key/);
  });

  it('checks access in words: key of another account, content not found, a tampered token', async () => {
    const foreign = emulator.store.createOtherAccountSigningKey();
    const foreignToken = signPlaybackToken({ playbackId: stream.playbackId!, privateKey: foreign.privateKey, publicKey: foreign.key.publicKey });
    const other = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', stream.playbackId, { token: foreignToken });
    assert.deepEqual(other, { allowed: false, code: 'key-of-another-account' });
    await shownResult(`Playback access of ${stream.playbackId}`, /Refused: the key belongs to another account \(or the content does not exist\)\./);

    answer(pickWhere((i) => i.label === '$(key) signer'));
    const missing = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', 'nosuchplayback01');
    assert.deepEqual(missing, { allowed: false, code: 'content-not-found' });
    await shownResult('Playback access of nosuchplayback01', /Refused: content not found \(unknown playback id, or deleted or suspended\)\./);

    const [header, payload, signature] = foreignToken.split('.');
    const claims = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>), sub: 'another0000001' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const before = emulator.requests.length;
    answer(pickWhere((i) => /Paste a Token/.test(i.label)), (request) => {
      assert.equal(request.kind, 'input');
      return tampered;
    });
    const forged = await vscode.commands.executeCommand<AccessResult>('livepeer.playback.checkAccess', 'another0000001');
    assert.equal(forged.allowed, false);
    assert.equal(forged.code, 'refused-locally');
    await shownResult('Playback access of another0000001', /Refused before the service is asked: the signature does not match/);
    assert.ok(!emulator.requests.slice(before).some((r) => r.url.includes('/access-control/gate')), 'a bad signature never reaches the gate');
  });
});
