import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator } from './index';
import { stopOnSignals } from './stopOnSignals';

// `node dist/localStudio.js [--port N] [--data DIR] [--token T]`: Livepeer Studio on this machine, for
// trying the extension without an account, working offline and an app's own tests (docs/local-studio.md).
// It listens on 127.0.0.1 only; every API request needs the token (random unless given, printed once).
// The extension starts it with --json (one line saying where it listens) and --attached (it ends when
// its window does: its stdin closes), the token in LOCAL_STUDIO_TOKEN rather than on the command line.

const RUNNING_FILE = 'running.json';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'ingest-port': { type: 'string', default: '0' },
      data: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean', default: false },
      attached: { type: 'boolean', default: false },
    },
  });
  const token = values.token ?? process.env.LOCAL_STUDIO_TOKEN ?? randomBytes(24).toString('base64url');
  const dataDir = values.data === undefined ? undefined : resolve(values.data);
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const apiPort = port(values.port, '--port');
  const studio = await startEmulator({ host: '127.0.0.1', apiPort, ingestPort: port(values['ingest-port'], '--ingest-port'), tokens: [token], dataDir }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw code === 'EADDRINUSE' ? Object.assign(new Error(`port ${apiPort} on 127.0.0.1 is in use: stop what uses it, or give another --port (0: any free one)`), { exitCode: 2 }) : error;
  });
  const running = dataDir && join(dataDir, RUNNING_FILE);
  if (running) await writeFile(running, JSON.stringify({ pid: process.pid, baseUrl: studio.apiUrl }), { mode: 0o600 });

  if (values.json) console.log(JSON.stringify({ baseUrl: studio.apiUrl, ingestOrigin: studio.ingestOrigin, pid: process.pid }));
  else {
    console.log('Local Studio running (no transcoding ladder, no CDN, no real viewers)');
    console.log(`  Base URL:  ${studio.apiUrl}`);
    console.log(`  Token:     ${token}`);
    console.log(`  Data:      ${dataDir ?? 'in memory (gone when it stops; --data DIR keeps it)'}`);
    console.log('Press Ctrl+C to stop.');
  }

  const stop = stopOnSignals(() => studio.close().then(() => (running ? rm(running, { force: true }) : undefined)));
  if (values.attached) {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}

function port(value: string, flag: string): number {
  const n = Number(value);
  if (value === '' || !Number.isInteger(n) || n < 0 || n > 65535) throw Object.assign(new Error(`${flag} must be a port number (0: any free one), got ${value}`), { exitCode: 2 });
  return n;
}

main().catch((error: unknown) => {
  console.error(`Local Studio did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit((error as { exitCode?: number }).exitCode ?? 1);
});
