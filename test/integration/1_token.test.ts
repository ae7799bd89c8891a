import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { TOKEN, answer, api, asked, assertAllAnswered, emulator, lastMessage, sleep } from './harness';

function logText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? logText(path) : readFileSync(path, 'utf8')))
    .join('\n');
}

describe('API token', () => {
  afterEach(assertAllAnswered);

  it('starts without a token: the views are empty so their welcome content shows', async () => {
    assert.equal(api.session.hasToken, false);
    assert.deepEqual(await api.signingKeys.getChildren(), []);
    assert.deepEqual(await api.streams.getChildren(), []);
    assert.equal(emulator.requests.length, 0, 'nothing is asked of the service without a token');
  });

  it('refuses a token the service rejects, and stores nothing', async () => {
    answer((request) => {
      assert.equal(request.kind, 'input');
      assert.equal((request as { options: vscode.InputBoxOptions }).options.password, true, 'typed into a password box');
      return 'not-a-valid-token';
    });
    const saved = await vscode.commands.executeCommand('livepeer.setToken');
    assert.equal(saved, false);
    assert.equal(api.session.hasToken, false);
    const rejected = lastMessage(/rejected this API token/);
    assert.ok(rejected && rejected.severity === 'error');
    assert.deepEqual(rejected.actions, ['Try Again']);
  });

  it('a malformed token (a line break inside): says so before any request, and offers no "Save Anyway"', async () => {
    const before = emulator.requests.length;
    answer((request) => {
      const { validateInput } = (request as { options: vscode.InputBoxOptions }).options;
      assert.equal(validateInput?.('abc\ndefghijk'), 'this API key is malformed: it contains a line break', 'the input box says so while typing');
      return `${TOKEN}\n${TOKEN}`;
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), false);
    assert.equal(api.session.hasToken, false);
    assert.equal(emulator.requests.length, before, 'nothing was sent');
    const said = lastMessage(/malformed/);
    assert.equal(said?.severity, 'error');
    assert.equal(said?.message, 'Livepeer: this API key is malformed: it contains a line break. Copy the whole key again from Studio (Developers → API Keys).');
    assert.deepEqual(said?.actions, ['Try Again']);
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
    await sleep(500); // the log channel writes its file asynchronously
    const log = logText(api.logUri.fsPath);
    assert.match(log, /GET \/access-control\/signing-key → 400 \(\d+ ms\): request refused: no token \*\*\* found; see \?key=\*\*\*/);
    for (const shape of shapes) {
      assert.ok(!log.includes(shape), `the log repeats ${shape}`);
      assert.ok(!JSON.stringify(asked).includes(shape), `a message repeats ${shape}`);
    }
  });

  it('validates a good token with one call, then stores it', async () => {
    const before = emulator.requests.length;
    answer(() => TOKEN);
    assert.equal(await vscode.commands.executeCommand('livepeer.setToken'), true);
    assert.equal(api.session.hasToken, true);
    const checks = emulator.requests.slice(before);
    assert.equal(checks.length, 1);
    assert.match(checks[0].url, /^\/api\/access-control\/signing-key\?limit=1$/);
    assert.ok(lastMessage(/API token saved/));
  });

  it('keeps the token out of settings', () => {
    const settingsText = JSON.stringify(vscode.workspace.getConfiguration().inspect('livepeer')) + JSON.stringify(vscode.workspace.getConfiguration('livepeer'));
    assert.ok(!settingsText.includes(TOKEN));
    assert.ok(!JSON.stringify(asked).includes(TOKEN), 'no message or prompt shows the token');
  });

  it('clears the token', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    assert.equal(api.session.hasToken, false);
    assert.deepEqual(await api.signingKeys.getChildren(), []);
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    assert.equal(api.session.hasToken, true);
  });
});
