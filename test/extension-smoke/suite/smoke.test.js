/* global describe, it */
'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');

describe('test host smoke', () => {
  it('runs the smoke extension command in the extension host', async () => {
    const result = await vscode.commands.executeCommand('livepeerSmoke.hello', 'host');
    console.log('    hello result:', JSON.stringify(result));
    assert.strictEqual(result.greeting, 'hello host');
    assert.strictEqual(result.uiKind, 'web');
    assert.ok(vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length === 1, 'a folder is open');
    assert.strictEqual(process.env.SMOKE_MARKER, 'from-extensionTestsEnv');
    if (process.env.SMOKE_FORCE_FAIL) assert.fail('SMOKE_FORCE_FAIL is set: failing on purpose');
  });

  it('takes a screenshot through LIVEPEER_TEST_CONTROL_URL', async () => {
    const base = process.env.LIVEPEER_TEST_CONTROL_URL;
    assert.ok(base, 'LIVEPEER_TEST_CONTROL_URL is set');
    const file = process.env.SMOKE_SCREENSHOT || path.join(os.tmpdir(), `smoke-${process.pid}.png`);
    fs.rmSync(file, { force: true });
    const res = await fetch(`${base}/screenshot?path=${encodeURIComponent(file)}`, { method: 'POST' });
    assert.strictEqual(res.status, 200, await res.text());
    const png = fs.readFileSync(file);
    assert.ok(png.length > 1000, `screenshot has ${png.length} bytes`);
    assert.strictEqual(png.subarray(1, 4).toString('latin1'), 'PNG');
  });

  const phase = process.env.SMOKE_STATE_PHASE; // "write" then "read" with the same --user-data-dir
  if (phase) {
    it(`globalState and secrets persist across runs (${phase})`, async () => {
      const expected = process.env.SMOKE_STATE_VALUE || 'v1';
      if (phase === 'write') {
        await vscode.commands.executeCommand('livepeerSmoke.setState', expected);
      }
      const got = await vscode.commands.executeCommand('livepeerSmoke.getState');
      console.log(`    state (${phase}):`, JSON.stringify(got));
      assert.strictEqual(got.globalValue, expected);
      assert.strictEqual(got.secret, `secret-${expected}`);
    });
  }
});
