import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { TOKEN, answer, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn } from './harness';
import {
  PRIVATE_KEY_ACTIONS,
  keepPrivateKey,
  keptPrivateKeyCount,
  keyRow as item,
  keyRows as items,
  savePrivateKeyTo,
  signWithKeptKey,
  signedByKey,
  signedByPrivateKey,
  signedStream,
  signingAsksForFile,
  storedKey,
} from './keyRows';
import type { Message } from './promptRequest';

const savedKeys = mkdtempSync(join(tmpdir(), 'livepeer-keys-'));
/** A private key's PEM header, as text and as the start of its base64 (how it is copied): what a private key shown anywhere would start with. */
const PRIVATE_KEY_MARKS = ['PRIVATE KEY-----', ...['-----BEGIN PRIVATE KEY', '-----BEGIN EC PRIVATE KEY'].map((header) => Buffer.from(header.slice(0, 21)).toString('base64'))];

/** Runs `body` with the view listing another account's keys (Set API Token with its token), then sets this one's back. */
async function underAnotherAccount(body: () => Promise<void>): Promise<void> {
  const other = emulator.accounts.addUser({ projectName: 'Elsewhere' });
  emulator.store.addSigningKey({ name: 'their key', userId: other.userId, projectId: other.projectId });
  try {
    await vscode.commands.executeCommand('livepeer.setToken', other.token);
    await eventually(async () => assert.deepEqual((await items()).map((row) => row.label), ['their key'], 'the view lists the other account’s keys'));
    await body();
  } finally {
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    await eventually(async () => assert.ok(!(await items()).some((row) => row.label === 'their key'), 'this account’s keys again'));
  }
}

describe('Signing Keys view', () => {
  let signed: { playbackId: string };
  before(async () => {
    await signIn();
    emulator.store.signingKeys.clear();
    emulator.store.addSigningKey({ name: 'legacy', disabled: true, createdAt: Date.now() - 86_400_000 * 30 });
    emulator.store.addSigningKey({ name: 'web player', createdAt: Date.now() - 3_600_000, lastSeen: Date.now() - 60_000 });
    signed = signedStream('Keys suite stream');
  });
  afterEach(assertAllAnswered);
  after(() => rmSync(savedKeys, { recursive: true, force: true }));

  it('lists the keys with state, icons and a tooltip', async () => {
    const list = await items();
    assert.deepEqual(list.map((i) => i.label), ['web player', 'legacy']);
    const [enabled, disabled] = list;
    assert.match(String(enabled.description), /^created 1 hour ago$/);
    assert.equal(disabled.description, 'disabled', 'short: the dates are in the tooltip');
    assert.equal(enabled.contextValue, 'signingKey enabled');
    assert.equal(disabled.contextValue, 'signingKey disabled');
    assert.notEqual((enabled.item.iconPath as vscode.ThemeIcon).id, (disabled.item.iconPath as vscode.ThemeIcon).id);
    assert.equal(enabled.tooltip, '', 'built on hover, not for every row drawn');
    const tooltip = await enabled.hover();
    for (const part of [String(enabled.item.id), 'Created:', 'Last seen:', 'Project:', 'Public key:']) assert.ok(tooltip.includes(part), part);
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
    const tooltip = await (await item('ci key')).hover();
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
    await vscode.commands.executeCommand('livepeer.keys.rename', (await item('ci key')).element);
    assert.ok(!emulator.requests.slice(before).some((r) => r.method === 'PATCH'));

    answer(() => 'ci key (renamed)');
    await vscode.commands.executeCommand('livepeer.keys.rename', (await item('ci key')).element);
    assert.ok(storedKey('ci key (renamed)'));
    await item('ci key (renamed)');
  });

  it('disables (after a confirmation saying what stops working) and enables from the tree, other fields unchanged', async () => {
    const target = await item('ci key (renamed)');
    const id = String(target.item.id);
    answer((request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /^Disable signing key “ci key \(renamed\)”\?$/);
      assert.match(message.detail ?? '', /signed playback that uses this key stops working/);
      assert.deepEqual(message.actions, ['Keep Enabled', 'Disable'], 'the safe answer first');
      return undefined; // the safe answer
    });
    await vscode.commands.executeCommand('livepeer.keys.disable', target.element);
    assert.equal(emulator.store.signingKeys.get(id)?.disabled, false, 'the safe answer keeps it enabled');
    answer(() => 'Disable');
    await vscode.commands.executeCommand('livepeer.keys.disable', target.element);
    let stored = emulator.store.signingKeys.get(id)!;
    assert.deepEqual([stored.disabled, stored.name], [true, 'ci key (renamed)']);
    assert.match(String((await item('ci key (renamed)')).description), /^disabled/);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey disabled');

    await vscode.commands.executeCommand('livepeer.keys.enable', (await item('ci key (renamed)')).element);
    stored = emulator.store.signingKeys.get(id)!;
    assert.deepEqual([stored.disabled, stored.name], [false, 'ci key (renamed)']);
    assert.equal((await item('ci key (renamed)')).contextValue, 'signingKey enabled');
  });

  it('delete of an enabled key warns and offers Disable Instead', async () => {
    answer((request) => {
      const message = request as Message;
      assert.match(message.message, /still enabled/);
      assert.deepEqual(message.actions, ['Keep Key', 'Delete', 'Disable Instead']);
      return 'Disable Instead';
    });
    const target = await item('ci key (renamed)');
    const id = String(target.item.id);
    await vscode.commands.executeCommand('livepeer.keys.delete', target.element);
    assert.equal(emulator.store.signingKeys.get(id)?.disabled, true, 'disabled, not deleted');

    answer((request) => {
      assert.deepEqual((request as Message).actions, ['Keep Key', 'Delete'], 'disabled already: Delete alone');
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.keys.delete', (await item('ci key (renamed)')).element);
    assert.equal(emulator.store.signingKeys.has(id), false);
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
    const copied = await item('copied key');
    assert.match(await copied.hover(), /Private key: not kept by VS Code/);
    await signingAsksForFile(String(copied.item.id), signed.playbackId); // not kept unless asked
    answer(() => 'Delete');
    await vscode.commands.executeCommand('livepeer.keys.delete', copied.element);
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
      await eventually(() => assert.ok(lastMessage(/private key of “copied and kept” also kept/)));
      assert.match(await (await item('copied and kept')).hover(), /Private key: kept in VS Code’s secret storage/);
      const token = await signWithKeptKey(String(kept.item.id), signed.playbackId);
      assert.ok(signedByPrivateKey(token, await vscode.env.clipboard.readText()), 'the kept private key is the one copied');
    } finally {
      answer(() => 'Delete');
      await vscode.commands.executeCommand('livepeer.keys.delete', kept.element);
    }
  });

  it('warns before saving the private key inside a git work tree where it is not ignored', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'livepeer-repo-'));
    execFileSync('git', ['init', '-q', repo]);
    try {
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
          assert.deepEqual(message.actions, ['Choose Another Place', 'Save There Anyway']);
          return undefined; // the safe answer: choose another place
        },
        () => vscode.Uri.file(join(repo, 'ignored.pem')),
      );
      await vscode.commands.executeCommand('livepeer.keys.create');
      assert.equal(existsSync(join(repo, 'tracked.pem')), false, 'nothing written where git would pick it up');
      assert.equal(statSync(join(repo, 'ignored.pem')).mode & 0o777, 0o600, 'an ignored place is fine, and 0600');
      answer(() => 'Delete');
      await vscode.commands.executeCommand('livepeer.keys.delete', (await item('git key')).element);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('keeps a private key in secret storage when asked, and removes it with the key', async () => {
    const keptBefore = await keptPrivateKeyCount();
    answer(() => 'kept key', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const kept = await item('kept key');
    assert.match(await kept.hover(), /Private key: kept in VS Code’s secret storage/);
    const token = await signWithKeptKey(String(kept.item.id), signed.playbackId);
    assert.ok(signedByKey(token, 'kept key', signed.playbackId), 'signed by the private key of “kept key”');
    assert.equal(await keptPrivateKeyCount(), keptBefore + 1);
    const shown = JSON.stringify(asked);
    for (const mark of PRIVATE_KEY_MARKS) assert.ok(!shown.includes(mark), 'never shown in a message');

    answer((request) => {
      assert.deepEqual((request as Message).actions, ['Keep Key', 'Delete', 'Disable Instead']);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.keys.delete', kept.element);
    assert.equal(await keptPrivateKeyCount(), keptBefore, 'a deleted key’s private key is removed');

    // Deleted elsewhere (in Studio): the next load of the view removes the kept private key too.
    answer(() => 'kept elsewhere', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const elsewhere = await item('kept elsewhere');
    assert.equal(await keptPrivateKeyCount(), keptBefore + 1);
    emulator.store.deleteSigningKey(String(elsewhere.item.id));
    await items();
    assert.equal(await keptPrivateKeyCount(), keptBefore);
  });

  it('keeps a rotation of another account\'s keys when the view lists keys under another token, and ends one whose key was deleted', async () => {
    emulator.store.addSigningKey({ name: 'rotated here' });
    answer(() => 'rotated here v2', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.rotate', (await item('rotated here')).element);
    assert.equal((await item('rotated here')).description, 'being replaced');
    try {
      await underAnotherAccount(async () => undefined);
      assert.equal((await item('rotated here')).description, 'being replaced', 'neither key listed under the other token: that account’s rotation, kept');
      assert.equal((await item('rotated here v2')).description, 'replacement');
      // Deleted elsewhere (in Studio): one key listed, the other gone, and the rotation ends.
      emulator.store.deleteSigningKey(storedKey('rotated here v2')!.id);
      const left = await item('rotated here');
      assert.equal(left.contextValue, 'signingKey enabled', 'no rotation marker left');
      assert.doesNotMatch(String(left.description), /being replaced/);
    } finally {
      for (const name of ['rotated here', 'rotated here v2']) if (storedKey(name)) emulator.store.deleteSigningKey(storedKey(name)!.id);
      await items();
    }
  });

  it('keeps the private keys of another account or project when the view lists keys under another token', async () => {
    answer(() => 'kept before switching', keepPrivateKey());
    await vscode.commands.executeCommand('livepeer.keys.create');
    const kept = await item('kept before switching');
    const keptBefore = await keptPrivateKeyCount();
    try {
      await underAnotherAccount(async () => assert.equal(await keptPrivateKeyCount(), keptBefore, 'not listed under that token, but not deleted either'));
      const token = await signWithKeptKey(String(kept.item.id), signed.playbackId);
      assert.ok(signedByKey(token, 'kept before switching', signed.playbackId), 'still kept, and signs');
    } finally {
      answer(() => 'Delete');
      await vscode.commands.executeCommand('livepeer.keys.delete', (await item('kept before switching')).element);
    }
  });
});
