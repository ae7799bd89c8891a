import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Account } from '../../src/ui/account/account';
import { AccountProfiles } from '../../src/ui/profiles/accountProfiles';
import { tokenSecretKey } from '../../src/profiles/profile';
import { PROFILES_STATE_KEY } from '../../src/profiles/profileStore';
import { InMemoryStore } from '../../src/upload';
import { TOKEN, answer, asked, assertAllAnswered, contextKey, emulator, eventually, lastMessage, logLines, person, realDialogs, screenshot, signIn, statusBarItems, view } from './harness';

/** Whether a token is stored, as the views' welcome content shows by (the `livepeer.hasToken` context key). */
async function hasToken(expected: boolean): Promise<void> {
  await eventually(() => assert.equal(contextKey('livepeer.hasToken'), expected));
}

describe('API token', () => {
  afterEach(assertAllAnswered);

  it('starts without a token: the views are empty so their welcome content shows', async () => {
    await hasToken(false);
    assert.deepEqual(await view('signingKeys').rows(), []);
    assert.deepEqual(await view('streams').rows(), []);
    assert.equal(emulator.requests.length, 0, 'nothing is asked of the service without a token');
  });

  it('refuses a token the service rejects: the box stays open with the reason, and stores nothing', async () => {
    answer(
      (request) => {
        assert.equal(request.kind, 'input');
        assert.equal((request as { options: vscode.InputBoxOptions }).options.password, true, 'typed into a password box');
        return 'not-a-valid-token';
      },
      (request) => {
        assert.equal(request.kind, 'input', 'asked again in the same box');
        assert.match((request as { rejected?: string }).rejected ?? '', /rejected this API token/);
        return undefined; // Escape
      },
    );
    const saved = await vscode.commands.executeCommand('livepeer.setToken');
    assert.equal(saved, false);
    await hasToken(false);
    assert.ok(!lastMessage(/rejected this API token/), 'no separate notification: the reason is in the box');
  });

  it('a corrected token in the same box is accepted', async () => {
    answer(
      () => 'still-wrong',
      (request) => {
        assert.match((request as { rejected?: string }).rejected ?? '', /rejected/);
        return TOKEN;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), true);
    await hasToken(true);
    await vscode.commands.executeCommand('livepeer.clearToken');
  });

  it('a malformed token (a line break inside): says so in the box before any request, and offers no "Save Anyway"', async () => {
    const before = emulator.requests.length;
    answer(
      () => `${TOKEN}\n${TOKEN}`,
      (request) => {
        // The box's own validation refuses it on Enter, as it says while typing: the service is not asked.
        assert.equal((request as { rejected?: string }).rejected, 'this API key is malformed: it contains a line break');
        return undefined;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), false);
    await hasToken(false);
    assert.equal(emulator.requests.length, before, 'nothing was sent');
    assert.ok(!asked.some((r) => r.kind === 'message' && r.actions.includes('Save Anyway')), 'no "Save Anyway"');
  });

  it('a token the service echoes back JSON-escaped and URL-encoded: neither the message nor the log line repeats it', async () => {
    const odd = 'lp/"odd\\token+9=x';
    const shapes = [odd, JSON.stringify(odd).slice(1, -1), encodeURIComponent(odd)];
    emulator.faults.fail({ origin: 'api', path: /signing-key/, status: 400, body: { errors: [`no token ${odd} found`, `see ?key=${encodeURIComponent(odd)}`] } });
    answer((request) => {
      assert.equal(request.kind, 'message');
      const { message, modal } = request as { message: string; modal: boolean };
      assert.ok(modal);
      assert.equal(message, 'Livepeer: could not check the token: request refused: no token *** found; see ?key=*** (GET /access-control/signing-key → 400)');
      return undefined; // Cancel: do not save
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken', odd), false);
    const log = logLines().join('\n');
    assert.match(log, /GET \/access-control\/signing-key → 400 \(\d+ ms\): request refused: no token \*\*\* found; see \?key=\*\*\*/);
    for (const shape of shapes) {
      assert.ok(!log.includes(shape), `the log repeats ${shape}`);
      assert.ok(!JSON.stringify(asked).includes(shape), `a message repeats ${shape}`);
    }
  });

  it('validates a good token with one call, then stores it and learns its project', async () => {
    const before = emulator.requests.length;
    answer(() => TOKEN);
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), true);
    await hasToken(true);
    const [check] = emulator.requests.slice(before);
    assert.match(check.url, /^\/api\/access-control\/signing-key\?limit=1$/);
    assert.ok(lastMessage(/API token saved/));
    // Then, in the background, the token's project is learned for the profile, with reads only.
    await eventually(() => assert.match(statusBarItems().find((item) => item.id === 'livepeer.profile')?.text ?? '', / · /, 'the status bar names the project'));
    assert.deepEqual([...new Set(emulator.requests.slice(before).map((r) => r.method))], ['GET']);
  });

  it('keeps the token out of settings', () => {
    const settingsText = JSON.stringify(vscode.workspace.getConfiguration().inspect('livepeer')) + JSON.stringify(vscode.workspace.getConfiguration('livepeer'));
    assert.ok(!settingsText.includes(TOKEN));
    assert.ok(!JSON.stringify(asked).includes(TOKEN), 'no message or prompt shows the token');
  });

  it('clears the token', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    await hasToken(false);
    assert.deepEqual(await view('signingKeys').rows(), []);
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    await hasToken(true);
  });

  it('when the service cannot be reached, asks before saving an unchecked token; the safe answer saves nothing', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    emulator.faults.fail({ origin: 'api', method: 'GET', path: /signing-key$/, status: 500, body: { errors: ['Internal server error: down'] } });
    answer(
      () => TOKEN,
      (request) => {
        const message = request as Extract<typeof request, { kind: 'message' }>;
        assert.equal(message.modal, true);
        assert.match(message.message, /could not check the token/);
        assert.deepEqual(message.actions, ['Don’t Save', 'Save Anyway'], 'Don’t Save first: what Enter gives');
        return undefined;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), false);
    await hasToken(false);
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    await hasToken(true);
  });

  it('a rejected API token keeps the real input box open, busy while checking, then with the reason; Escape closes it', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    await realDialogs(async () => {
      const saved = vscode.commands.executeCommand<boolean>('livepeer.setToken');
      await eventually(async () => assert.ok((await person.text('.quick-input-widget .quick-input-box input')) !== undefined));
      await person.type('wrong-token');
      const busyBar = '.quick-input-widget .monaco-progress-container.active';
      assert.equal(await person.text(busyBar), undefined, 'not busy before Enter');
      // The service's answer waits until the busy bar has been seen.
      const held = emulator.faults.hold({ origin: 'api', method: 'GET', path: /signing-key$/ });
      await person.press('Enter');
      // While the service is asked, the box stays open and shows its busy bar.
      try {
        await eventually(async () => assert.equal(await person.text(busyBar), ''));
      } finally {
        held.release();
      }
      await eventually(async () => assert.match((await person.text('.quick-input-message')) ?? '', /rejected this API token/));
      await screenshot('token-rejected');
      await person.press('Escape');
      assert.equal(await saved, false);
    });
    await signIn();
  });

  it('reads the stored token once, however many views and requests ask first; again only when another window changes it', async () => {
    let reads = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    // One stored profile. Each read is a round trip (to the browser, in a web-hosted VS Code): the first waits until released.
    const kept = new Map([[tokenSecretKey('p1'), TOKEN]]);
    const state = new InMemoryStore();
    await state.update(PROFILES_STATE_KEY, { profiles: [{ id: 'p1', name: 'Default', baseUrl: emulator.apiUrl, privateKeys: [] }] });
    const secrets: vscode.SecretStorage = {
      get: async (key) => (reads++, await slow, kept.get(key)),
      store: async (key, value) => void kept.set(key, value),
      delete: async (key) => void kept.delete(key),
      onDidChange: changed.event,
    };
    const log = vscode.window.createOutputChannel('Livepeer token test', { log: true });
    const profiles = new AccountProfiles(secrets, state as unknown as vscode.Memento);
    const session = new Account(profiles, log, 'test');
    try {
      void session.loaded();
      const first = Promise.all([session.signedIn(), session.client().keys.list(), session.client().streams.listPage({}, undefined, 5)]);
      release();
      const [signedIn, keys] = await first;
      assert.equal(signedIn, true, 'the views wait for the read');
      assert.ok(Array.isArray(keys), 'the first requests carried the token read meanwhile');
      const afterFirst = reads;
      await session.client().keys.list();
      await session.client().streams.listPage({}, undefined, 5);
      assert.equal(reads, afterFirst, 'no SecretStorage read per request');
      assert.equal(session.profile?.name, 'Default');
      changed.fire({ key: tokenSecretKey(session.profile.id) });
      await eventually(() => assert.ok(reads > afterFirst, 'read again when another window changes it'));
    } finally {
      session.dispose();
      profiles.dispose();
      log.dispose();
      changed.dispose();
    }
  });
});
