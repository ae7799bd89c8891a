import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { answer, asked, assertAllAnswered, clickNotification, client, emulator, eventually, lastMessage, lastProgress, resultText, shownResult, signIn, view } from './harness';
import { keepPrivateKey, keyRow as item, keyRows as items, savePrivateKeyTo, storedKey } from './keyRows';
import type { Message } from './promptRequest';

const savedKeys = mkdtempSync(join(tmpdir(), 'livepeer-keys-'));

// Goes on from the Signing Keys view suite (2_keys.test.ts): its keys, “web player” first.
describe('Signing Keys view: rotation', () => {
  before(signIn);
  afterEach(assertAllAnswered);
  after(() => rmSync(savedKeys, { recursive: true, force: true }));

  it('rotates a key from the palette: new key, deploy step without a modal, Continue Rotation checks access, then delete', async () => {
    const old = storedKey('web player')!;
    old.lastSeen = Date.now() - 60_000; // seen by a player a minute ago, whatever the suites before took
    const signed = emulator.store.addStream({ name: 'Rotation check stream', playbackPolicy: { type: 'jwt' } });
    answer(
      (request) => {
        assert.equal(request.kind, 'pick');
        const picks = (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem & { key: { id: string } }> }).items;
        assert.ok(!picks.some((p) => p.label === 'legacy'), 'only enabled keys can be rotated out');
        return picks.find((p) => p.key.id === old.id);
      },
      (request) => {
        assert.equal((request as { options: vscode.InputBoxOptions }).options.value, 'web player v2', 'a short name: no long suffix pushing the state off the row');
        return 'web player v2';
      },
      keepPrivateKey(),
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate');
    const deploy = lastMessage(/Rotate \(2\/3\): deploy “web player v2” wherever “web player” signs playback/);
    assert.ok(deploy && !deploy.modal, 'the deploy step is a notification, not a modal');
    assert.deepEqual(deploy.actions, ['Continue Rotation']);
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, false, 'the old key stays enabled until the new one is deployed');
    const rotating = await item('web player');
    assert.equal(rotating.description, 'being replaced');
    assert.equal(rotating.contextValue, 'signingKey enabled rotating');
    assert.equal((await item('web player v2')).description, 'replacement');
    assert.equal((await item('web player v2')).contextValue, 'signingKey enabled rotationNew');

    const gateCalls = () => emulator.requests.filter((r) => r.url.startsWith('/api/access-control/gate')).map((r) => r.status);
    const before = gateCalls().length;
    answer((request) => {
      const picks = (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem & { target?: { playbackId: string } }> }).items;
      assert.ok(picks.some((p) => /Skip the Check/.test(p.label)), 'the check can be skipped');
      return picks.find((p) => p.target?.playbackId === signed.playbackId);
    });
    await vscode.commands.executeCommand('livepeer.keys.continueRotation', rotating.element);
    assert.deepEqual(gateCalls().slice(before), [200, 403], 'the new key is accepted before, the old one refused after disabling');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true);
    await eventually(() => assert.ok(storedKey('web player v2')?.lastSeen, 'the accepted check counts as the new key being seen, a little later'));
    await shownResult('Rotation of web player', /Rotate \(3\/3\).*“web player” is disabled[^]*The service accepts “web player v2” and now refuses “web player”/);
    const retired = await item('web player');
    assert.match(String(retired.description), /^retired · seen 1 minute ago$/);
    assert.equal(retired.contextValue, 'signingKey disabled retired');
    assert.match(await retired.hover(), /Replaced by “web player v2” and disabled/);

    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', retired.element);
    assert.equal(emulator.store.signingKeys.has(old.id), false, 'the rotation is complete');
    const names = (await items()).map((i) => i.label);
    assert.ok(names.includes('web player v2') && !names.includes('web player'));
    assert.equal((await item('web player v2')).description, 'created just now', 'no rotation marker once the old key is gone');
  });

  it('a stopped rotation is remembered: Rotate again continues it instead of creating another key', async () => {
    const old = storedKey('web player v2')!;
    answer(
      () => undefined, // no old key picked: nothing happens
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate');
    const keysBefore = emulator.store.signingKeys.size;
    answer(() => 'v3', ...savePrivateKeyTo(join(savedKeys, 'v3.pem')));
    await vscode.commands.executeCommand('livepeer.keys.rotate', (await item('web player v2')).element);
    assert.equal(emulator.store.signingKeys.size, keysBefore + 1);
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, false, 'old key still enabled');
    assert.equal((await item('web player v2')).description, 'being replaced', 'the rotation is remembered (globalState)');

    // Continue with a playback id the new key cannot open: the old key stays enabled.
    answer(
      (request) => (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem> }).items.find((p) => /Enter a Playback ID/.test(p.label)),
      () => 'unknownplayback1',
    );
    await vscode.commands.executeCommand('livepeer.keys.continueRotation');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, false, 'not disabled while the new key is not accepted');
    assert.match(lastMessage(/is not accepted for unknownplayback1/)?.message ?? '', /content not found.*stays enabled; fix it and Continue Rotation/);

    // The person comes back later and runs Rotate on the same key: it continues, skipping the check.
    answer(
      (request) => {
        const picks = (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem> }).items;
        return picks.find((p) => /Skip the Check/.test(p.label));
      },
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate', (await item('web player v2')).element);
    assert.equal(emulator.store.signingKeys.size, keysBefore + 1, 'no further key created');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true);
    await shownResult('Rotation of web player v2', /access check was skipped \(no playback id\): check playback yourself/);
    assert.equal((await item('web player v2')).contextValue, 'signingKey disabled retired');

    // Enabling the old key again ends the rotation.
    await vscode.commands.executeCommand('livepeer.keys.enable', (await item('web player v2')).element);
    const enabled = await item('web player v2');
    assert.equal(enabled.contextValue, 'signingKey enabled', 'the rotation ended: no marker');
    assert.doesNotMatch(String(enabled.description), /being replaced|retired/);
    assert.equal((await item('v3')).description, 'created just now');
  });

  it('Continue Rotation on the deploy notification picks the rotation up', async () => {
    const old = storedKey('v3')!;
    clickNotification(/Rotate \(2\/3\): deploy “v4” wherever “v3” signs playback/, 'Continue Rotation');
    answer(
      () => 'v4',
      ...savePrivateKeyTo(join(savedKeys, 'v4.pem')),
      (request) => (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem> }).items.find((p) => /Skip the Check/.test(p.label)),
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate', (await item('v3')).element);
    await eventually(() => assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true));
    await shownResult('Rotation of v3', /“v3” is disabled/);
  });

  it('Rotate (3/3) waits out the gate’s cache with a countdown while the row says so, and the outcome stays in a document', async () => {
    // Longer than the harness's 2 s, so a loaded machine still meets the cached answer.
    emulator.gate.cacheMs = 8000;
    try {
      const oldKey = emulator.store.addSigningKey({ name: 'cached old' });
      const stream = emulator.store.addStream({ name: 'Cache stream', playbackPolicy: { type: 'jwt' } });
      // A player was just let in with the old key: the gate has its lookup cached (the service: 120 s).
      assert.equal((await client().playback.checkAccess(stream.playbackId!, oldKey.publicKey)).allowed, true);
      answer(() => 'cached new', keepPrivateKey());
      await vscode.commands.executeCommand('livepeer.keys.rotate', (await item('cached old')).element);
      const gateCalls = () => emulator.requests.filter((r) => r.url.startsWith('/api/access-control/gate')).map((r) => r.status);
      const before = gateCalls().length;
      const since = asked.length;
      answer((request) => (request as unknown as { items: ReadonlyArray<{ target?: { playbackId: string } }> }).items.find((p) => p.target?.playbackId === stream.playbackId));
      await vscode.commands.executeCommand('livepeer.keys.continueRotation', (await item('cached old')).element);
      assert.equal(emulator.store.signingKeys.get(oldKey.id)?.disabled, true);
      const progress = lastProgress(/Rotate \(3\/3\): waiting for the service’s cache/, since);
      assert.ok(progress, 'a countdown notification while the service still accepts the old key');
      assert.match(progress.title, /remembers a key’s state for up to 2 minutes after a change, so it still accepts “cached old”/);
      assert.equal((await item('cached old')).description, 'retired · waiting for the service’s cache');
      assert.equal(resultText(/^\/Rotation of cached old\.md$/), undefined, 'no “still accepts” verdict while the cache may explain it');
      const outcome = await shownResult('Rotation of cached old', /now refuses “cached old”/, 30_000);
      assert.doesNotMatch(outcome, /Careful/);
      assert.match(progress.reports.at(-1) ?? '', /at most \d+ s more/);
      const calls = gateCalls().slice(before);
      assert.deepEqual([calls[0], calls[1], calls.at(-1)], [200, 200, 403], 'new key accepted, old key still accepted (cache), then refused');
      assert.match(String((await item('cached old')).description), /^retired · (never seen|seen )/);
      for (const name of ['cached old', 'cached new']) emulator.store.deleteSigningKey(storedKey(name)!.id);
    } finally {
      emulator.gate.cacheMs = 2000;
    }
  });

  it('Rotate in the view title asks which key, the selected row first', async () => {
    const alpha = emulator.store.addSigningKey({ name: 'alpha' });
    const beta = emulator.store.addSigningKey({ name: 'beta' });
    answer((request) => {
      const picks = (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem & { key: { id: string } }> }).items;
      assert.equal(picks[0]?.key.id, beta.id, 'the selected key is the active (first) item');
      assert.match(picks[0]?.description ?? '', /^enabled · selected in the view/);
      assert.ok(picks.some((p) => p.key.id === alpha.id), 'any other enabled key can be picked');
      return undefined;
    });
    const keys = emulator.store.signingKeys.size;
    await vscode.commands.executeCommand('livepeer.keys.rotatePicking', (await item('beta')).element);
    assert.equal(emulator.store.signingKeys.size, keys, 'nothing rotated without an answer');
    const menus = (vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string }>> } }).contributes.menus;
    assert.ok(menus['view/title']?.some((m) => m.command === 'livepeer.keys.rotatePicking'), 'the view title’s button asks');
    assert.ok(!menus['view/title']?.some((m) => m.command === 'livepeer.keys.rotate'));
    for (const key of [alpha, beta]) emulator.store.deleteSigningKey(key.id);
  });

  it('a long key name is shortened on the row so the rotation state stays in sight; the tooltip has it whole', async () => {
    const long = 'Production web player signing key for the members area (EU)';
    emulator.store.addSigningKey({ name: long });
    const added = storedKey(long)!;
    const row = (await items()).find((i) => i.item.id === added.id);
    assert.ok(row);
    assert.equal(String(row.label), `${long.slice(0, 31)}…`);
    assert.ok((await row.hover()).includes('Production web player signing key for the members area \\(EU\\)'));
    answer(() => undefined); // the new key's name: stop there
    await vscode.commands.executeCommand('livepeer.keys.rotate', row.element);
    emulator.store.deleteSigningKey(added.id);
  });

  it('a 401 shows the error with a Set API Token action and an error row in the tree', async () => {
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /signing-key$/, status: 401, body: { errors: ['request is not authenticated'] } });
    const before = asked.length;
    const rows = await view('signingKeys').rows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].label, 'Could not load signing keys');
    const shown = await eventually(() => {
      const message = asked.slice(before).find((r): r is Message => r.kind === 'message' && /token missing or invalid/.test(r.message));
      assert.ok(message);
      return message;
    });
    assert.equal(shown.severity, 'error');
    assert.ok(shown.actions.includes('Set API Token'));
    assert.equal((await items()).length > 0, true, 'recovers on the next load');
  });
});
