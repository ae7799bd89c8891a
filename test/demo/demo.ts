// `npm run demo`: the extension in a VS Code server against the seeded local emulator, signed in.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { verifyWebhookSignature } from '../../src/api';
import { DEFAULT_TOKEN, startEmulator } from '../emulator';
import { endWithThisProcess } from './endTogether';
import { startReceiver, type ReceivedRequest } from './receiver';
import { startMintKeyFront, type MintKeyFront } from './mintKeyFront';

interface VsCodeServer {
  hostDirs(root: string): { root: string; serverUserData: string; extensions: string; home: string };
  serverEnv(dirs: unknown, runtimeDir: string, extra: Record<string, string>): NodeJS.ProcessEnv;
  startServer(options: { dirs: unknown; env: NodeJS.ProcessEnv; port?: number; forTests?: boolean; onExit?: () => void }): Promise<{ child: { pid: number }; port: number }>;
  killServer(child: unknown, signal?: string): void;
  workbenchUrl(port: number, options: { folder: string; extensionDevelopmentPaths: string[] }): string;
}

const root = resolve(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const host = require(join(root, 'test', 'host', 'vscodeServer.js')) as VsCodeServer;

/** A workspace with a few files to try "Upload to Livepeer" on (random bytes: the emulator does not decode). */
function demoWorkspace(dir: string): void {
  mkdirSync(join(dir, 'videos'), { recursive: true });
  const video = (name: string, bytes: number) => writeFileSync(join(dir, 'videos', name), randomBytes(bytes));
  video('intro.mp4', 8 << 20);
  video('keynote.mov', 96 << 20);
  writeFileSync(join(dir, 'README.txt'), 'Right-click a video in videos/ and choose "Upload to Livepeer".\n');
}

/** The seeded webhook's shared secret (demo data, not a real credential). */
const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret-4f9a';

/** One line per request the demo's receiver gets: event, signature check, and what it is about. */
function printDelivery(request: ReceivedRequest): void {
  let body: { event?: string; stream?: { name?: string }; payload?: { snapshot?: { name?: string }; asset?: { snapshot?: { name?: string } } } } = {};
  try {
    body = JSON.parse(request.body) as typeof body;
  } catch {
    // Printed as received below.
  }
  const header = request.headers['livepeer-signature'];
  const check = verifyWebhookSignature(request.body, Array.isArray(header) ? header[0] : header, DEMO_WEBHOOK_SECRET, { toleranceSeconds: 300 });
  const about = body.stream?.name ?? body.payload?.snapshot?.name ?? body.payload?.asset?.snapshot?.name ?? '';
  const signature = check.valid ? 'signature valid' : `signature INVALID (${check.message})`;
  console.log(`[webhook receiver] ${new Date(request.at).toISOString()} ${body.event ?? request.body.slice(0, 80)}${about ? ` "${about}"` : ''}: ${signature}`);
}

async function main(): Promise<void> {
  // A fresh folder on each run (a previous run's .vscode settings and state would change this one),
  // kept after Ctrl+C: the workspace, and the server's home, where files the extension saves
  // outside the workspace (a private key's "Save to File…") end up.
  const parentDir = resolve(process.env.LIVEPEER_DEMO_DIR ?? tmpdir());
  mkdirSync(parentDir, { recursive: true });
  const demoDir = mkdtempSync(join(parentDir, 'livepeer-demo-'));
  // Its uploads and state in the run's folder too: a demo killed outright leaves nothing elsewhere.
  const dataDir = join(demoDir, 'emulator');
  mkdirSync(dataDir, { mode: 0o700 });
  const emulator = await startEmulator({ seed: true, idSeed: 1, tokens: [DEFAULT_TOKEN], apiPort: Number(process.env.EMULATOR_PORT ?? 0), dataDir });
  const receiver = await startReceiver({ onRequest: printDelivery });
  emulator.webhooks.add({
    name: 'Local receiver',
    url: receiver.url,
    events: ['stream.started', 'stream.idle', 'recording.ready', 'asset.created', 'asset.ready', 'asset.failed', 'asset.deleted'],
    sharedSecret: DEMO_WEBHOOK_SECRET,
  });
  const workspace = join(demoDir, 'workspace');
  demoWorkspace(workspace);

  const dirs = host.hostDirs(join(demoDir, 'host'));
  // The web workbench loads a single development extension, so the sign-in helper is installed.
  cpSync(join(root, 'test', 'demo', 'signin'), join(dirs.extensions, 'livepeer-studio-tools.livepeer-demo-signin-0.0.0'), { recursive: true });
  // livepeer.baseURL may be set per machine: the server's machine settings point it at the emulator.
  const machineSettings = join(dirs.serverUserData, 'Machine');
  mkdirSync(machineSettings, { recursive: true });
  // The emulator's ports are not the user's application: no "port forwarded" notifications.
  const machine = { 'livepeer.baseURL': emulator.apiUrl, 'remote.autoForwardPorts': false };
  writeFileSync(join(machineSettings, 'settings.json'), JSON.stringify(machine, null, 2));
  const runtimeDir = join(demoDir, 'runtime');
  mkdirSync(runtimeDir, { mode: 0o700 });

  let stopping = false;
  const running: { front?: MintKeyFront } = {};
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await running.front?.close();
    host.killServer(server?.child);
    await emulator.close();
    await receiver.close();
    rmSync(runtimeDir, { recursive: true, force: true, maxRetries: 3 });
    console.log(`Demo stopped. The workspace and saved files stay in ${demoDir} (delete it when done).`);
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

  const server = await host.startServer({
    dirs,
    // The sign-in helper stores the demo token through Set API Token.
    env: host.serverEnv(dirs, runtimeDir, { LIVEPEER_DEMO_TOKEN: DEFAULT_TOKEN }),
    forTests: false,
    onExit: () => {
      if (stopping) return;
      console.error('The VS Code server exited on its own; stopping the demo.');
      void stop(1);
    },
  });
  endWithThisProcess(server.child.pid);
  // The browser talks to the front, which keeps the secret storage's key half (the token and kept private keys survive Reload Window).
  const front = await startMintKeyFront({ targetPort: server.port, keyFile: join(dirs.root, 'serve-web-key-half'), port: Number(process.env.PORT ?? 0) });
  running.front = front;
  const url = host.workbenchUrl(front.port, { folder: workspace, extensionDevelopmentPaths: [root] });

  const hasCode = spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;
  console.log(`
Livepeer demo is running.

  Open in a browser:  ${url}

  Emulator API:       ${emulator.apiUrl}   (uploads go to ${emulator.ingestOrigin})
  Demo API token:     ${DEFAULT_TOKEN}
  Webhook receiver:   ${receiver.url}   (the seeded webhook "Local receiver"; deliveries are printed below)
  Demo workspace:     ${workspace}
  Server home:        ${dirs.home}   (files saved outside the workspace land here; both are kept)
  Processes:          emulator in this process (pid ${process.pid}), VS Code server pid ${server.child.pid} (own process group, ends with this one)
${
  hasCode
    ? `
  Desktop VS Code instead:  code --extensionDevelopmentPath=${root} ${workspace}
    then set "livepeer.baseURL": "${emulator.apiUrl}" and run "Livepeer: Set API Token" with ${DEFAULT_TOKEN}.
`
    : ''
}
Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
