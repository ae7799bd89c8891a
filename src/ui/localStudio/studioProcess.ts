import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';

// Local Studio as a process of its own (dist/localStudio.js, never loaded into the extension host):
// started with the token in its environment (not on its command line, which other users may list),
// on 127.0.0.1, its data in the extension's global storage. Requests to it go through node:http
// straight to the loopback address: never through a proxy, whatever the settings say.

export interface Started {
  baseUrl: string;
  /** Where its uploads and playback are (a second port); undefined for one kept running by an earlier window. */
  ingestOrigin?: string;
  token: string;
  /** The process this window started; undefined for one kept running by an earlier window. */
  child?: ChildProcess;
  pid: number;
}

/** Why a start failed: the port was taken (said with the setting to change), or what the process said. */
export class StartFailure extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
  }
}

/** A fresh token for each start: nothing from an earlier one lets a request in. */
export const freshToken = (): string => `local-${randomBytes(24).toString('base64url')}`;

export async function startStudio(options: { script: string; dataDir: string; port: number; token: string; keepRunning: boolean }): Promise<Started> {
  const args = [options.script, '--json', '--port', String(options.port), '--data', options.dataDir, ...(options.keepRunning ? [] : ['--attached'])];
  // VS Code's own executable runs as Node with ELECTRON_RUN_AS_NODE (code-server's is Node already).
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', LOCAL_STUDIO_TOKEN: options.token },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: options.keepRunning,
    windowsHide: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const ready = await new Promise<{ baseUrl: string; ingestOrigin: string; pid: number }>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        try {
          resolve(JSON.parse(line) as { baseUrl: string; ingestOrigin: string; pid: number });
        } catch {
          reject(new StartFailure(line.slice(0, 300), false));
        }
      }
    });
    child.on('error', (error) => reject(new StartFailure(error.message, false)));
    child.on('exit', (code) => reject(new StartFailure(stderr.trim().replace(/^Local Studio did not start: /, '').slice(0, 300) || `exit code ${String(code)}`, code === 2 && /is in use/.test(stderr))));
  });
  if (options.keepRunning) {
    // Kept past this window: nothing of it holds the extension host.
    child.stdin?.end();
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
    return { ...ready, token: options.token };
  }
  return { ...ready, token: options.token, child };
}

/** One kept running by an earlier window (its data folder's running.json), if it still answers this token. */
export async function runningStudio(dataDir: string, token: string | undefined): Promise<Started | undefined> {
  if (!token) return undefined;
  let running: { pid: number; baseUrl: string };
  try {
    running = JSON.parse(await readFile(join(dataDir, 'running.json'), 'utf8')) as typeof running;
  } catch {
    return undefined;
  }
  // Its token goes to this machine's loopback address only, whatever the file says.
  if (!/^http:\/\/127\.0\.0\.1:\d+\/api$/.test(running.baseUrl)) return undefined;
  const status = await call(running.baseUrl, token, 'GET', '/project').catch(() => 0);
  return status === 200 ? { baseUrl: running.baseUrl, token, pid: running.pid } : undefined;
}

/** Stops it and waits until it has saved its data and ended. */
export async function stopStudio(studio: Started): Promise<void> {
  const { child } = studio;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return;
  }
  if (child) return;
  try {
    process.kill(studio.pid, 'SIGTERM');
  } catch {
    return; // ended already
  }
  for (let alive = true; alive; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(studio.pid, 0);
    } catch {
      alive = false;
    }
  }
}

/** Fills it with the demo's account (keys, streams with sessions, assets, webhooks). */
export async function seedStudio(studio: Started): Promise<void> {
  const status = await call(studio.baseUrl, studio.token, 'POST', '/local-studio/seed');
  if (status !== 204) throw new Error(`Local Studio answered ${status}`);
}

/** A request to Local Studio's loopback address with its token; answers the status. */
function call(baseUrl: string, token: string, method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end();
  });
}
