import { chmod, writeFile } from 'node:fs/promises';

/** Writes a secret readable only by its owner (0600), also when the file already existed with looser rights. */
export async function writePrivateFile(path: string, data: Buffer): Promise<void> {
  await writeFile(path, data, { mode: 0o600 });
  await chmod(path, 0o600);
}
