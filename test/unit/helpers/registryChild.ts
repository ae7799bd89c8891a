/**
 * Child process for the shared-store test: adds `count` interrupted-upload entries named
 * `<prefix>-<i>` to the JSON-file store at `storePath`, one write at a time, as a second VS Code
 * window or a script writing the same file would.
 *
 * argv: storePath prefix count
 */
import { JsonFileStore } from '../../../src/upload';
import { UploadRegistry } from '../../../src/upload/store/registry';

async function main(): Promise<void> {
  const [storePath, prefix, count] = process.argv.slice(2);
  const registry = new UploadRegistry(new JsonFileStore(storePath));
  for (let i = 0; i < Number(count); i++) {
    const id = `${prefix}-${i}`;
    await registry.put({
      id, filePath: `/videos/${id}.mp4`, fileSize: 1000, fileMtimeMs: 1, contentType: 'video/mp4', assetName: id, assetId: `asset-${id}`,
      bytesDone: 0, totalBytes: 1000, startedAt: i, updatedAt: i, uploadUrl: null, tusEndpoint: 'https://ingest/tus?token=x',
      fingerprint: `fp-${id}`, metadata: {}, creationTime: 'now',
    });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
