import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { request } from 'undici';
import { DEFAULT_TOKEN, startEmulator } from '../emulator';

type Listed = Array<{ id: string; projectId?: string; playbackId?: string }>;

async function get(apiUrl: string, path: string): Promise<Listed> {
  const res = await request(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${DEFAULT_TOKEN}` } });
  assert.equal(res.statusCode, 200);
  return (await res.body.json()) as Listed;
}

/** What a profile learns and shows of an emulator run: its project and the seeded rows' ids. */
async function account(apiUrl: string): Promise<unknown> {
  const ids = (rows: Listed) => rows.map(({ id, projectId, playbackId }) => [id, projectId, playbackId]).sort();
  return {
    projects: (await get(apiUrl, '/project')).map((p) => p.id),
    keys: ids(await get(apiUrl, '/access-control/signing-key?limit=100')),
    streams: ids(await get(apiUrl, '/stream?limit=100')),
    assets: ids(await get(apiUrl, '/asset?limit=100')),
  };
}

async function run(options: { idSeed?: number }): Promise<unknown> {
  const emulator = await startEmulator({ seed: true, ...options });
  try {
    return await account(emulator.apiUrl);
  } finally {
    await emulator.close();
  }
}

/** `npm run emulator` as a person runs it: the CLI in its own process, until its API URL is printed. */
async function cliRun(args: string[]): Promise<unknown> {
  const child = spawn(process.execPath, [join(__dirname, '../emulator/cli.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let out = '';
    child.stdout.setEncoding('utf8');
    const apiUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (text: string) => {
        out += text;
        const url = /API base URL:\s+(\S+)/.exec(out)?.[1];
        if (url) resolve(url);
      });
      child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
    });
    return await account(apiUrl);
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

describe('emulator ids', () => {
  it('with an id seed every run gives the same project and seeded ids; without one, runs share none', async () => {
    const first = await run({ idSeed: 7 });
    assert.deepEqual(await run({ idSeed: 7 }), first);
    assert.notDeepEqual(await run({ idSeed: 8 }), first);
    const [a, b] = (await Promise.all([run({}), run({})])) as Array<{ projects: string[] }>;
    assert.notEqual(a.projects[0], b.projects[0]);
  });

  it('npm run emulator keeps its ids across restarts (seed 1 unless --seed says otherwise)', async () => {
    const first = (await cliRun(['--port', '0'])) as { projects: string[]; streams: unknown[] };
    assert.equal(first.projects.length, 1);
    assert.ok(first.streams.length >= 20);
    assert.deepEqual(await cliRun([]), first, 'restarted: the same project and rows');
    assert.notDeepEqual(await cliRun(['--seed', '2']), first);
  });
});
