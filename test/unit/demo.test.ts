import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './helpers/waitFor';

interface DemoRun {
  child: ChildProcess;
  serverPid: number;
  workspace: string;
}

/** `npm run demo`'s program (after its build), until it prints that it runs. */
async function startDemo(parent: string): Promise<DemoRun> {
  const child = spawn(process.execPath, [join(__dirname, '../demo/demo.js')], {
    env: { ...process.env, LIVEPEER_DEMO_DIR: parent, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (out += text));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const serverPid = /VS Code server pid (\d+)/.exec(out)?.[1];
      const workspace = /Demo workspace:\s+(\S+)/.exec(out)?.[1];
      if (serverPid && workspace) resolve({ child, serverPid: Number(serverPid), workspace });
    });
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}): ${out}`)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run demo: its processes and its folder', function () {
  this.timeout(120_000);
  const parent = mkdtempSync(join(tmpdir(), 'demo-test-'));
  after(() => rmSync(parent, { recursive: true, force: true, maxRetries: 3 }));

  it('its VS Code server ends with it (also when it is killed), and each run has a fresh folder', async () => {
    const first = await startDemo(parent);
    try {
      mkdirSync(join(first.workspace, '.vscode'));
      writeFileSync(join(first.workspace, '.vscode', 'settings.json'), '{ "livepeer.baseURL": "https://left-over.example" }');
      const killed = once(first.child, 'exit');
      first.child.kill('SIGKILL');
      await killed;
      await waitFor(() => !alive(first.serverPid), 30_000);
    } finally {
      if (alive(first.serverPid)) process.kill(-first.serverPid, 'SIGKILL');
    }

    const second = await startDemo(parent);
    try {
      assert.notEqual(second.workspace, first.workspace);
      assert.ok(!existsSync(join(second.workspace, '.vscode')), 'no .vscode of an earlier run');
      const stopped = once(second.child, 'exit');
      second.child.kill('SIGTERM');
      assert.deepEqual(await stopped, [0, null]);
      await waitFor(() => !alive(second.serverPid), 30_000);
    } finally {
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
      if (alive(second.serverPid)) process.kill(-second.serverPid, 'SIGKILL');
    }
  });
});
