/**
 * Child process for the restart test and the benchmark's resume figure: uploads a file with tus
 * and the JSON-file URL storage, and SIGKILLs itself once the given fraction was sent — a crash
 * mid-upload, with nothing flushed beyond what the storage already wrote.
 *
 * argv: apiUrl token filePath storePath chunkSizeMiB killAtFraction
 */
import { StudioClient } from '../../../src/api';
import { JsonFileStore, uploadVideo } from '../../../src/upload';

async function main(): Promise<void> {
  const [apiUrl, token, filePath, storePath, chunkMiB, killAt] = process.argv.slice(2);
  const client = new StudioClient({ baseUrl: apiUrl, getToken: () => token, userAgent: 'upload-child' });
  const fraction = Number(killAt);
  await uploadVideo({
    client,
    filePath,
    name: 'restart test',
    method: 'tus',
    chunkSizeMiB: Number(chunkMiB),
    storage: new JsonFileStore(storePath),
    onProgress: (p) => {
      if (p.bytesSent >= p.totalBytes * fraction) {
        process.stdout.write(`killed at ${p.bytesSent}\n`, () => process.kill(process.pid, 'SIGKILL'));
      }
    },
  });
  process.stdout.write('finished\n');
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.message ?? err)}\n`);
  process.exit(1);
});
