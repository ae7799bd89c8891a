// `npm run demo`: the extension in a VS Code server against the seeded local emulator, signed in.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_TOKEN, startEmulator } from '../emulator';

interface VsCodeServer {
  hostDirs(root: string): { serverUserData: string; extensions: string };
  serverEnv(dirs: unknown, runtimeDir: string, extra: Record<string, string>): NodeJS.ProcessEnv;
  startServer(options: { dirs: unknown; env: NodeJS.ProcessEnv; port?: number; forTests?: boolean; onExit?: () => void }): Promise<{ child: { pid: number }; port: number }>;
  killServer(child: unknown, signal?: string): void;
  workbenchUrl(port: number, options: { folder: string; extensionDevelopmentPaths: string[] }): string;
}

const root = resolve(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const host = require(join(root, 'test', 'host', 'vscodeServer.js')) as VsCodeServer;

/** A workspace with a few files to try "Upload Video" on (random bytes: the emulator does not decode). */
function demoWorkspace(dir: string): void {
  mkdirSync(join(dir, 'videos'), { recursive: true });
  writeFileSync(join(dir, 'videos', 'intro.mp4'), randomBytes(8 << 20));
  writeFileSync(join(dir, 'videos', 'keynote.mov'), randomBytes(96 << 20));
  writeFileSync(join(dir, 'README.txt'), 'Right-click a video in videos/ and choose "Upload Video".\n');
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-demo-'));
  const emulator = await startEmulator({ seed: true, tokens: [DEFAULT_TOKEN], apiPort: Number(process.env.EMULATOR_PORT ?? 0) });
  const workspace = join(scratch, 'workspace');
  demoWorkspace(workspace);

  const dirs = host.hostDirs(join(scratch, 'host'));
  // The web workbench loads a single development extension, so the sign-in helper is installed.
  cpSync(join(root, 'test', 'demo', 'signin'), join(dirs.extensions, 'livepeer-studio-tools.livepeer-demo-signin-0.0.0'), { recursive: true });
  // livepeer.baseUrl may be set per machine: the server's machine settings point it at the emulator.
  const machineSettings = join(dirs.serverUserData, 'Machine');
  mkdirSync(machineSettings, { recursive: true });
  writeFileSync(join(machineSettings, 'settings.json'), JSON.stringify({ 'livepeer.baseUrl': emulator.apiUrl }, null, 2));
  const runtimeDir = join(scratch, 'runtime');
  mkdirSync(runtimeDir, { mode: 0o700 });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    host.killServer(server?.child);
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const server = await host.startServer({
    dirs,
    env: host.serverEnv(dirs, runtimeDir, { LIVEPEER_DEMO_TOKEN: DEFAULT_TOKEN }),
    port: Number(process.env.PORT ?? 0),
    forTests: false,
    onExit: () => {
      console.error('The VS Code server stopped.');
      void stop(1);
    },
  });
  const url = host.workbenchUrl(server.port, { folder: workspace, extensionDevelopmentPaths: [root] });

  const hasCode = spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;
  console.log(`
Livepeer demo is running.

  Open in a browser:  ${url}

  Emulator API:       ${emulator.apiUrl}   (uploads go to ${emulator.ingestOrigin})
  Demo API token:     ${DEFAULT_TOKEN}
  Demo workspace:     ${workspace}
${
  hasCode
    ? `
  Desktop VS Code instead:  code --extensionDevelopmentPath=${root} ${workspace}
    then set "livepeer.baseUrl": "${emulator.apiUrl}" and run "Livepeer: Set API Token" with ${DEFAULT_TOKEN}.
`
    : ''
}
Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
