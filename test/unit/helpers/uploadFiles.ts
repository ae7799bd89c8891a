import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { request } from 'undici';

export const MiB = 1024 * 1024;

/** A temp folder for generated files; `remove()` deletes it and everything in it. */
export class TempDir {
  readonly path: string;

  constructor(prefix = 'upload-test-') {
    this.path = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  }

  file(name: string): string {
    return path.join(this.path, name);
  }

  remove(): void {
    fs.rmSync(this.path, { recursive: true, force: true });
  }
}

/**
 * Writes `size` bytes of random-looking content. Each MiB block is stamped with its index, so a
 * block landing at the wrong offset changes the hash; written block by block, never all in memory.
 */
export function makeFile(filePath: string, size: number): string {
  const block = randomBytes(MiB);
  const fd = fs.openSync(filePath, 'w');
  try {
    for (let offset = 0, index = 0; offset < size; offset += MiB, index++) {
      block.writeUInt32BE(index, 0);
      block.writeUInt32BE(index ^ 0x5a5a5a5a, MiB - 4);
      fs.writeSync(fd, block, 0, Math.min(MiB, size - offset));
    }
  } finally {
    fs.closeSync(fd);
  }
  return filePath;
}

export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 4 * MiB })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The offset a tus server reports for an upload (HEAD on its address, which carries no token). */
export async function tusOffset(uploadUrl: string): Promise<number> {
  const res = await request(uploadUrl, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
  await res.body.dump();
  return Number(res.headers['upload-offset']);
}
