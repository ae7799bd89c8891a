import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { privateKeySecretKey } from '../../src/profiles/profile';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { SigningKeyItem } from '../../src/ui/keys/signingKeysView';
import { answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, lastProgress, resultText, shownResult, signIn } from './harness';

type Message = Extract<PromptRequest, { kind: 'message' }>;
const savedKeys = mkdtempSync(join(tmpdir(), 'livepeer-keys-'));
const PRIVATE_KEY_ACTIONS = ['Copy Private Key', 'Save to File…', 'Keep in VS Code’s Secret Storage'];

async function items(): Promise<SigningKeyItem[]> {
  return ((await api.signingKeys.getChildren()) ?? []).filter((i): i is SigningKeyItem => 'key' in i);
}

async function item(name: string): Promise<SigningKeyItem> {
  const found = (await items()).find((i) => i.label === name);
  assert.ok(found, `no tree item "${name}"`);
  return found;
}

function storedKey(name: string) {
  return [...emulator.store.signingKeys.values()].find((k) => k.name === name);
}

/** Answers the one-time private key dialog by saving to a file, which finishes it. */
function savePrivateKeyTo(file: string): Array<(request: PromptRequest) => unknown> {
  return [
    (request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /cannot be shown again/);
      assert.deepEqual(message.actions, PRIVATE_KEY_ACTIONS);
      return 'Save to File…';
    },
    (request) => {
      const options = (request as Extract<PromptRequest, { kind: 'saveDialog' }>).options;
      assert.equal(options.defaultUri?.fsPath.startsWith(join(homedir(), '.livepeer')), true, 'proposes ~/.livepeer, outside the workspace');
      return vscode.Uri.file(file);
    },
  ];
}

/** Answers the one-time private key dialog by keeping the key in VS Code's secret storage. */
export function keepPrivateKey(): (request: PromptRequest) => unknown {
  return (request) => {
    assert.deepEqual((request as Message).actions, PRIVATE_KEY_ACTIONS);
    return 'Keep in VS Code’s Secret Storage';
  };
}

describe('Signing Keys view', () => {
  before(async () => {
    await signIn();
    emulator.store.signingKeys.clear();
    emulator.store.addSigningKey({ name: 'legacy', disabled: true, createdAt: Date.now() - 86_400_000 * 30 });
    emulator.store.addSigningKey({ name: 'web player', createdAt: Date.now() - 3_600_000, lastSeen: Date.now() - 60_000 });
  });
  afterEach(assertAllAnswered);

  it('lists the keys with state, icons and a tooltip', async () => {
    const list = await items();
    assert.deepEqual(list.map((i) => i.label), ['web player', 'legacy']);
    const [enabled, disabled] = list;
    assert.match(String(enabled.description), /^created 1 hour ago$/);
    assert.equal(disabled.description, 'disabled', 'short: the dates are in the tooltip');
    assert.equal(enabled.contextValue, 'signingKey enabled');
    assert.equal(disabled.contextValue, 'signingKey disabled');
    assert.notEqual((enabled.iconPath as vscode.ThemeIcon).id, (disabled.iconPath as vscode.ThemeIcon).id);
    const tooltip = (enabled.tooltip as vscode.MarkdownString).value;
    for (const part of [enabled.key.id, 'Created:', 'Last seen:', 'Project:', 'Public key:']) assert.ok(tooltip.includes(part), part);
  });

  it('creates a key and hands out its private key once, to a file', async () => {
    const file = join(savedKeys, 'ci.pem');
    answer((request) => {
      assert.equal(request.kind, 'input');
      return 'ci key';
    }, ...savePrivateKeyTo(file));
    await vscode.commands.executeCommand('livepeer.keys.create');
    const key = storedKey('ci key');
    assert.ok(key, 'created on the service');
    const pem = readFileSync(file, 'utf8');
    assert.equal(createPrivateKey(pem).asymmetricKeyType, 'ec', 'a usable EC private key');
    assert.equal(statSync(file).mode & 0o777, 0o600, 'readable only by its owner');
    assert.ok(lastMessage(/private key saved to .*readable only by you/));
    assert.ok((await items()).some((i) => i.label === 'ci key'), 'the tree shows it without a manual refresh');
    const tooltip = ((await item('ci key')).tooltip as vscode.MarkdownString).value;
    assert.ok(!tooltip.includes(Buffer.from(pem).toString('base64').slice(40, 80)), 'the private key is nowhere in the tree');
  });

  it('creates a key with the service default name and asks before the private key is dropped', async () => {
    answer(
      () => '',
      () => undefined, // dismiss the private key dialog…
      (request) => {
        assert.match((request as Message).message, /without keeping the private key/);
        return 'Close Without Keeping';
      },
    );
    const defaults = () => [...emulator.store.signingKeys.values()].filter((k) => /^Signing Key \d+$/.test(k.name ?? '')).length;
    const before = defaults();
    await vscode.commands.executeCommand('livepeer.keys.create');
    assert.equal(defaults(), before + 1);
  });

  it('renames with the current name prefilled; an unchanged name sends nothing', async () => {
    answer((request) => {
      assert.equal((request as { options: vscode.InputBoxOptions }).options.value, 'ci key');
      return 'ci key';
    });
    const before = emulator.requests.length;
    await vscode.commands.executeCommand('livepeer.keys.rename', await item('ci key'));
    assert.ok(!emulator.requests.slice(before).some((r) => r.method === 'PATCH'));

    answer(() => 'ci key (renamed)');
    await vscode.commands.executeCommand('livepeer.keys.rename', await item('ci key'));
    assert.ok(storedKey('ci key (renamed)'));
    await item('ci key (renamed)');
  });

  it('disables (after a confirmation saying what stops working) and enables from the tree, other fields unchanged', async () => {
    const target = await item('ci key (renamed)');
    answer((request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /^Disable signing key “ci key \(renamed\)”\?$/);
      assert.match(message.detail ?? '', /signed playback that uses this key stops working/);
      assert.deepEqual(message.actions, ['Disable']);
      return undefined; // the safe answer
    });
    await vscode.commands.executeCommand('livepeer.keys.disable', target);
    assert.equal(emulator.store.signingKeys.get(target.key.id)?.disabled, false, 'the safe answer keeps it enabled');
    answer(() => 'Disable');
    await vscode.commands.executeCommand('livepeer.keys.disable', target);
    let stored = emulator.store.signingKeys.get(target.key.id)!;
    assert.deepEqual([stored.disabled, stored.name], [true, 'ci key (renamed)']);
    assert.match(String((await item('ci key (renamed)')).description), /^disabled/);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey disabled');

    await vscode.commands.executeCommand('livepeer.keys.enable', await item('ci key (renamed)'));
    stored = emulator.store.signingKeys.get(target.key.id)!;
    assert.deepEqual([stored.disabled, stored.name], [false, 'ci key (renamed)']);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey enabled');
  });

  it('delete of an enabled key warns and offers Disable Instead', async () => {
    answer((request) => {
      const message = request as Message;
      assert.match(message.message, /still enabled/);
      assert.deepEqual(message.actions, ['Delete', 'Disable Instead']);
      return 'Disable Instead';
    });
    const target = await item('ci key (renamed)');
    await vscode.commands.executeCommand('livepeer.keys.delete', target);
    assert.equal(emulator.store.signingKeys.get(target.key.id)?.disabled, true, 'disabled, not deleted');

    answer((request) => {
      assert.deepEqual((request as Message).actions, ['Delete']);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.keys.delete', await item('ci key (renamed)'));
    assert.equal(emulator.store.signingKeys.has(target.key.id), false);
    assert.ok(!(await items()).some((i) => i.label === 'ci key (renamed)'));
  });

  it('copies the private key, confirms the copy and finishes', async () => {
    answer(
      () => 'copied key',
      (request) => {
        assert.deepEqual((request as Message).actions, PRIVATE_KEY_ACTIONS);
        return 'Copy Private Key';
      },
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
    const clip = await vscode.env.clipboard.readText();
    assert.equal(createPrivateKey(Buffer.from(clip, 'base64').toString()).asymmetricKeyType, 'ec', 'the base64 private key is on the clipboard');
    assert.deepEqual(lastMessage(/private key of “copied key” copied/)?.actions, ['Keep in VS Code Too']);
    assert.equal(api.signingKeys.privateKeys.has((await item('copied key')).key.id), false, 'not kept unless asked');
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', await item('copied key'));
  });

  it('copies the private key and, from the message, keeps it in VS Code too (the player needs it here)', async () => {
    answer(
      () => 'copied and kept',
      () => 'Copy Private Key',
    );
    clickNotification(/private key of “copied and kept” copied/, 'Keep in VS Code Too');
    await vscode.commands.executeCommand('livepeer.keys.create');
    const kept = await item('copied and kept');
    try {
      await eventually(async () => assert.equal(await api.signingKeys.privateKeys.get(kept.key.id), await vscode.env.clipboard.readText()));
      await eventually(() => assert.ok(lastMessage(/private key of “copied and kept” also kept/)));
    } finally {
      answer(() => 'Delete');
      await vscode.commands.executeCommand('livepeer.keys.delete', kept);
    }
  });

  it('warns before saving the private key inside a git work tree where it is not ignored', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'livepeer-repo-'));
    execFileSync('git', ['init', '-q', repo]);
    writeFileSync(join(repo, '.gitignore'), 'ignored.pem\n');
    answer(
      () => 'git key',
      (request) => {
        assert.deepEqual((request as Message).actions, PRIVATE_KEY_ACTIONS);
        return 'Save to File…';
      },
      () => vscode.Uri.file(join(repo, 'tracked.pem')),
      (request) => {
        const message = request as Message;
        assert.equal(message.modal, true);
        assert.match(message.message, /inside a git work tree and not ignored/);
        assert.deepEqual(message.actions, ['Save There Anyway']);
        return undefined; // the safe answer: choose another place
      },
      () => vscode.Uri.file(join(repo, 'ignored.pem')),
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
    assert.equal(existsSync(join(repo, 'tracked.pem')), false, 'nothing written where git would pick it up');
    assert.equal(statSync(join(repo, 'ignored.pem')).mode & 0o777, 0o600, 'an ignored place is fine, and 0600');
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', await item('git key'));
  });

  it('keeps a private key in secret storage when asked, and removes it with the key', async () => {
    answer(() => 'kept key', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const kept = await item('kept key');
    const secret = await api.signingKeys.privateKeys.get(kept.key.id);
    assert.ok(secret && createPrivateKey(Buffer.from(secret, 'base64').toString()), 'the private key is in secret storage');
    assert.match((kept.tooltip as vscode.MarkdownString).value, /Private key: kept in VS Code’s secret storage/);
    assert.ok(!JSON.stringify(asked).includes(secret), 'never shown in a message');

    answer((request) => {
      assert.deepEqual((request as Message).actions, ['Delete', 'Disable Instead']);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.keys.delete', kept);
    assert.equal(await api.signingKeys.privateKeys.get(kept.key.id), undefined, 'a deleted key’s private key is removed');

    // Deleted elsewhere (in Studio): the next load of the view removes the kept private key too.
    answer(() => 'kept elsewhere', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const elsewhere = await item('kept elsewhere');
    assert.ok(await api.signingKeys.privateKeys.get(elsewhere.key.id));
    emulator.store.deleteSigningKey(elsewhere.key.id);
    await items();
    assert.equal(api.signingKeys.privateKeys.has(elsewhere.key.id), false);
    assert.equal(await api.signingKeys.privateKeys.get(elsewhere.key.id), undefined);
  });

  it('keeps a rotation of another account\'s keys when the view lists keys under another token, and ends one whose key was deleted', async () => {
    const rotation = (oldKeyId: string, newKeyId: string) => ({ oldKeyId, newKeyId, oldName: 'old', newName: 'new', step: 'deploy' as const, startedAt: Date.now() });
    const listed = storedKey('web player')!;
    await api.signingKeys.rotations.save(rotation('old-key-elsewhere', 'new-key-elsewhere'));
    await api.signingKeys.rotations.save(rotation('deleted-old-key', listed.id));
    try {
      await items();
      assert.ok(api.signingKeys.rotations.of('old-key-elsewhere'), 'neither key listed: another account\'s rotation, kept');
      assert.equal(api.signingKeys.rotations.of('deleted-old-key'), undefined, 'one key listed, the other gone: deleted elsewhere, ended');
    } finally {
      await api.signingKeys.rotations.end('old-key-elsewhere');
      await api.signingKeys.rotations.end('deleted-old-key');
    }
  });

  it('keeps the private keys of another account or project when the view lists keys under another token', async () => {
    const other = { id: 'key-of-another-project', userId: 'someone-else', projectId: 'their-project' };
    await api.signingKeys.privateKeys.store(other, 'LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t');
    try {
      await items();
      assert.ok(api.signingKeys.privateKeys.has(other.id), 'not listed under this token, but not deleted either');
      assert.ok(await api.signingKeys.privateKeys.get(other.id));
    } finally {
      await api.signingKeys.privateKeys.remove(other.id);
    }
  });

  it('rotates a key from the palette: new key, deploy step without a modal, Continue Rotation checks access, then delete', async () => {
    const old = storedKey('web player')!;
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
    await vscode.commands.executeCommand('livepeer.keys.continueRotation', rotating);
    assert.deepEqual(gateCalls().slice(before), [200, 403], 'the new key is accepted before, the old one refused after disabling');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true);
    await eventually(() => assert.ok(storedKey('web player v2')?.lastSeen, 'the accepted check counts as the new key being seen, a little later'));
    await shownResult('Rotation of web player', /Rotate \(3\/3\).*“web player” is disabled[^]*The service accepts “web player v2” and now refuses “web player”/);
    const retired = await item('web player');
    assert.match(String(retired.description), /^retired · seen 1 minute ago$/);
    assert.equal(retired.contextValue, 'signingKey disabled retired');
    assert.match((retired.tooltip as vscode.MarkdownString).value, /Replaced by “web player v2” and disabled/);

    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', retired);
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
    await vscode.commands.executeCommand('livepeer.keys.rotate', await item('web player v2'));
    assert.equal(emulator.store.signingKeys.size, keysBefore + 1);
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, false, 'old key still enabled');
    assert.ok(api.signingKeys.rotations.of(old.id), 'the rotation is remembered (globalState)');

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
    await vscode.commands.executeCommand('livepeer.keys.rotate', await item('web player v2'));
    assert.equal(emulator.store.signingKeys.size, keysBefore + 1, 'no further key created');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true);
    await shownResult('Rotation of web player v2', /access check was skipped \(no playback id\): check playback yourself/);
    assert.equal((await item('web player v2')).contextValue, 'signingKey disabled retired');

    // Enabling the old key again ends the rotation.
    await vscode.commands.executeCommand('livepeer.keys.enable', await item('web player v2'));
    assert.equal(api.signingKeys.rotations.of(old.id), undefined);
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
    await vscode.commands.executeCommand('livepeer.keys.rotate', await item('v3'));
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
      assert.equal((await api.session.client().playback.checkAccess(stream.playbackId!, oldKey.publicKey)).allowed, true);
      answer(() => 'cached new', keepPrivateKey());
      await vscode.commands.executeCommand('livepeer.keys.rotate', await item('cached old'));
      const gateCalls = () => emulator.requests.filter((r) => r.url.startsWith('/api/access-control/gate')).map((r) => r.status);
      const before = gateCalls().length;
      const since = asked.length;
      answer((request) => (request as unknown as { items: ReadonlyArray<{ target?: { playbackId: string } }> }).items.find((p) => p.target?.playbackId === stream.playbackId));
      await vscode.commands.executeCommand('livepeer.keys.continueRotation', await item('cached old'));
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
    await vscode.commands.executeCommand('livepeer.keys.rotatePicking', await item('beta'));
    assert.equal(emulator.store.signingKeys.size, keys, 'nothing rotated without an answer');
    const menus = (vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string }>> } }).contributes.menus;
    assert.ok(menus['view/title']?.some((m) => m.command === 'livepeer.keys.rotatePicking'), 'the view title’s button asks');
    assert.ok(!menus['view/title']?.some((m) => m.command === 'livepeer.keys.rotate'));
    for (const key of [alpha, beta]) emulator.store.deleteSigningKey(key.id);
  });

  it('a long key name is shortened on the row so the rotation state stays in sight; the tooltip has it whole', async () => {
    const long = 'Production web player signing key for the members area (EU)';
    emulator.store.addSigningKey({ name: long });
    const row = (await items()).find((i) => i.key.name === long);
    assert.ok(row);
    assert.equal(String(row.label), `${long.slice(0, 31)}…`);
    assert.ok((row.tooltip as vscode.MarkdownString).value.includes('Production web player signing key for the members area \\(EU\\)'));
    answer(() => undefined); // the new key's name: stop there
    await vscode.commands.executeCommand('livepeer.keys.rotate', row);
    emulator.store.deleteSigningKey(row.key.id);
  });

  it('a kept private key missing from secret storage is said so on the row and by Sign Playback Token, and the index no longer claims it', async () => {
    answer(() => 'kept then lost', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const kept = await item('kept then lost');
    assert.equal(api.signingKeys.privateKeys.state(kept.key.id), 'kept');
    // Another machine, or a cleared keychain: the index says kept, the secret is gone.
    const secrets = (api.profiles.store as unknown as { secrets: vscode.SecretStorage }).secrets;
    await secrets.delete(privateKeySecretKey(api.session.profile!.id, kept.key.id));
    const row = await item('kept then lost');
    assert.match(String(row.description), /private key missing/);
    assert.match((row.tooltip as vscode.MarkdownString).value, /Private key: \*\*missing\*\*: it was kept in VS Code’s secret storage, which no longer has it.*Sign with the PEM file you saved, or rotate the key/);
    assert.equal(api.signingKeys.privateKeys.has(kept.key.id), false, 'the index no longer says it is kept');
    assert.equal(api.signingKeys.privateKeys.state(kept.key.id), 'lost');

    const stream = emulator.store.addStream({ name: 'Lost key stream', playbackPolicy: { type: 'jwt' } });
    answer(
      (request) => {
        const picks = (request as unknown as { items: ReadonlyArray<{ key: { id: string } }> }).items;
        assert.notEqual(picks[0]?.key.id, kept.key.id, 'a key without its private key is not offered first');
        return picks.find((p) => p.key.id === kept.key.id);
      },
      () => ({ label: '1 hour', seconds: 3600 }),
      (request) => {
        const message = request as Message;
        assert.equal(request.kind, 'message', 'no silent file picker');
        assert.equal(message.modal, true);
        assert.match(message.message, /private key of “kept then lost” is missing from VS Code’s secret storage/);
        assert.match(message.detail ?? '', /another machine, or a cleared keychain.*Choose the PEM file.*rotate the key/);
        assert.deepEqual(message.actions, ['Choose File…', 'Rotate Key…']);
        return undefined;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.playback.signToken', stream.playbackId), undefined);
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', kept);
    assert.equal(api.signingKeys.privateKeys.state(kept.key.id), undefined, 'gone with its key');
  });

  it('a 401 shows the error with a Set API Token action and an error row in the tree', async () => {
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /signing-key$/, status: 401, body: { errors: ['request is not authenticated'] } });
    const before = asked.length;
    const rows = (await api.signingKeys.getChildren()) ?? [];
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
