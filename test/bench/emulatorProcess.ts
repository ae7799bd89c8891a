/**
 * The emulator in its own process for the benchmark, so the uploader under test does not share an
 * event loop with the server. Uploads land on tmpfs (/dev/shm when present): the comparison is
 * between clients, and page-cache writeback of GiB-sized files to a real disk would add noise of
 * the same size as the differences being measured. Files are deleted after every run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator } from '../emulator';
import { serve } from './rpc';

async function main(): Promise<void> {
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dataDir = fs.mkdtempSync(path.join(base, 'upload-bench-emulator-'));
  const emu = await startEmulator({ dataDir, processingDelayMs: 50 });
  const cleanup = async () => {
    await emu.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGTERM', () => void cleanup().then(() => process.exit(0)));
  process.on('disconnect', () => void cleanup().then(() => process.exit(0)));
  serve({
    info: () => ({ apiUrl: emu.apiUrl, ingestOrigin: emu.ingestOrigin, dataDir }),
    /** Request-body bytes that reached the upload origin for an asset (all PUT/POST/PATCH). */
    ingestBytes: (assetId: string) =>
      emu.requests.filter((r) => r.origin === 'ingest' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0),
    sha256: (assetId: string) => emu.uploadedSha256(assetId),
    /** Forgets request records and deletes stored uploads between runs (nothing is in flight then). */
    purge: () => {
      emu.requests.length = 0;
      for (const sub of ['direct', 'tus']) {
        const folder = path.join(dataDir, sub);
        for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) fs.rmSync(path.join(folder, name), { force: true, recursive: true });
      }
      return true;
    },
  });
}

void main();
