import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TOKEN, answer, api, asked, assertAllAnswered, emulator, lastMessage } from './harness';

describe('API token', () => {
  afterEach(assertAllAnswered);

  it('starts without a token: the views are empty so their welcome content shows', async () => {
    assert.equal(api.session.hasToken, false);
    assert.deepEqual(await api.signingKeys.getChildren(), []);
    assert.deepEqual(await api.streams.getChildren(), []);
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
    assert.equal(api.session.hasToken, false);
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
    assert.equal(api.session.hasToken, true);
    await vscode.commands.executeCommand('livepeer.clearToken');
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
