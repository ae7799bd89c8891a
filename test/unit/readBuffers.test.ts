import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { readRange, type FileIdentity } from '../../src/upload/fileSource';
import { READ_CHUNK_BYTES, ReadBuffers } from '../../src/upload/readBuffers';
import { MiB, TempDir, makeFile } from './helpers/uploadFiles';

/** The bytes [start, end) of the file, hashed as they come, and the memory each chunk was read into. */
async function drain(range: AsyncGenerator<Buffer>): Promise<{ sha: string; memory: Set<ArrayBufferLike> }> {
  const hash = createHash('sha256');
  const memory = new Set<ArrayBufferLike>();
  for await (const chunk of range) {
    hash.update(chunk);
    memory.add(chunk.buffer);
  }
  return { sha: hash.digest('hex'), memory };
}

describe('read buffers of an upload', () => {
  let dir: TempDir;
  let file: FileIdentity;
  let bytes: Buffer;
  const sha = (start: number, end: number) => createHash('sha256').update(bytes.subarray(start, end)).digest('hex');

  before(() => {
    dir = new TempDir('read-buffers-');
    const filePath = makeFile(dir.file('clip.mp4'), 3 * READ_CHUNK_BYTES + 12_345);
    bytes = fs.readFileSync(filePath);
    const stat = fs.statSync(filePath);
    file = { path: filePath, size: stat.size, mtimeMs: stat.mtimeMs };
  });
  after(() => dir.remove());

  it("hands one range's buffers to the next (as a tus upload's PATCHes), each range yielding the file's bytes", async () => {
    const buffers = new ReadBuffers();
    const cut = READ_CHUNK_BYTES + MiB;
    const first = await drain(readRange(file, 0, cut, undefined, buffers));
    const second = await drain(readRange(file, cut, file.size, undefined, buffers));
    assert.equal(first.sha, sha(0, cut));
    assert.equal(second.sha, sha(cut, file.size));
    assert.ok([...second.memory].every((m) => first.memory.has(m)), 'the second range read into the first range’s buffers');
  });

  it('gives a range started while another still reads buffers of its own', async () => {
    const buffers = new ReadBuffers();
    const a = readRange(file, 0, file.size, undefined, buffers);
    const b = readRange(file, READ_CHUNK_BYTES, file.size, undefined, buffers);
    const [firstA, firstB] = [await a.next(), await b.next()];
    assert.notEqual((firstA.value as Buffer).buffer, (firstB.value as Buffer).buffer);
    assert.equal(createHash('sha256').update(firstA.value as Buffer).digest('hex'), sha(0, READ_CHUNK_BYTES));
    assert.equal(createHash('sha256').update(firstB.value as Buffer).digest('hex'), sha(READ_CHUNK_BYTES, 2 * READ_CHUNK_BYTES));
    await Promise.all([a.return(undefined), b.return(undefined)]);
  });

  it('reads a range shorter than a read chunk into a buffer of its own size', async () => {
    const buffers = new ReadBuffers();
    const { sha: got, memory } = await drain(readRange(file, 100, 100 + 5_000, undefined, buffers));
    assert.equal(got, sha(100, 5_100));
    assert.deepEqual([...memory].map((m) => m.byteLength), [5_000]);
  });
});
