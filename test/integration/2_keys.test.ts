import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PromptRequest } from '../../src/ui/prompts';
import type { SigningKeyItem } from '../../src/ui/keys/signingKeysView';
import { answer, api, asked, assertAllAnswered, emulator, eventually, lastMessage, signIn } from './harness';

type Message = Extract<PromptRequest, { kind: 'message' }>;
const savedKeys = mkdtempSync(join(tmpdir(), 'livepeer-keys-'));

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

/** Answers the one-time private key dialog by saving to a file, then closing it. */
function savePrivateKeyTo(file: string): Array<(request: PromptRequest) => unknown> {
  return [
    (request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /cannot be shown again/);
      assert.deepEqual(message.actions, ['Copy Private Key', 'Save to File…']);
      return 'Save to File…';
    },
    () => vscode.Uri.file(file),
    (request) => {
      assert.ok((request as Message).actions.includes('Done'));
      return 'Done';
    },
  ];
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
    assert.match(String(disabled.description), /^disabled · created last month$/);
    assert.equal(enabled.contextValue, 'signingKey.enabled');
    assert.equal(disabled.contextValue, 'signingKey.disabled');
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

  it('disables and enables from the tree, other fields unchanged', async () => {
    const target = await item('ci key (renamed)');
    await vscode.commands.executeCommand('livepeer.keys.disable', target);
    let stored = emulator.store.signingKeys.get(target.key.id)!;
    assert.deepEqual([stored.disabled, stored.name], [true, 'ci key (renamed)']);
    assert.match(String((await item('ci key (renamed)')).description), /^disabled/);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey.disabled');

    await vscode.commands.executeCommand('livepeer.keys.enable', await item('ci key (renamed)'));
    stored = emulator.store.signingKeys.get(target.key.id)!;
    assert.deepEqual([stored.disabled, stored.name], [false, 'ci key (renamed)']);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey.enabled');
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

  it('rotates a key from the palette: new key, private key once, old key disabled, then deleted', async () => {
    const old = storedKey('web player')!;
    answer(
      (request) => {
        assert.equal(request.kind, 'pick');
        const picks = (request as unknown as { items: ReadonlyArray<vscode.QuickPickItem & { key: { id: string } }> }).items;
        assert.ok(!picks.some((p) => p.label === 'legacy'), 'only enabled keys can be rotated out');
        return picks.find((p) => p.key.id === old.id);
      },
      (request) => {
        assert.match((request as { options: vscode.InputBoxOptions }).options.value ?? '', /^web player \(rotated \d{4}-\d\d-\d\d\)$/);
        return 'web player v2';
      },
      ...savePrivateKeyTo(join(savedKeys, 'v2.pem')),
      (request) => {
        assert.match((request as Message).message, /deploy “web player v2” wherever “web player” signs playback/);
        return 'New Key Is Deployed — Disable Old Key';
      },
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate');
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, true);
    assert.equal(storedKey('web player v2')?.disabled, false);
    const retired = await item('web player');
    assert.match(String(retired.description), /^disabled — delete when verified · last seen 1 minute ago$/);
    assert.equal(retired.contextValue, 'signingKey.disabled.retired');
    assert.ok(lastMessage(/Check that playback still works, then delete it/));

    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', retired);
    assert.equal(emulator.store.signingKeys.has(old.id), false, 'the rotation is complete');
    const names = (await items()).map((i) => i.label);
    assert.ok(names.includes('web player v2') && !names.includes('web player'));
  });

  it('a rotation stopped before disabling leaves the old key enabled and says so', async () => {
    const old = storedKey('web player v2')!;
    answer(
      () => undefined, // no old key picked: nothing happens
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate');
    const keysBefore = emulator.store.signingKeys.size;
    answer(
      () => 'rotated again',
      ...savePrivateKeyTo(join(savedKeys, 'v3.pem')),
      () => undefined, // cancel at "deploy, then disable"
    );
    await vscode.commands.executeCommand('livepeer.keys.rotate', await item('web player v2'));
    assert.equal(emulator.store.signingKeys.size, keysBefore + 1);
    assert.equal(emulator.store.signingKeys.get(old.id)?.disabled, false, 'old key still enabled');
    assert.ok(lastMessage(/rotation paused/));
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
