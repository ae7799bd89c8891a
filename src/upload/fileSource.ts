import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { StudioApiError } from '../api/errors';

/**
 * What identifies "the same file" across runs and process restarts: resolved path, size and
 * modification time. A resumable upload is only continued while all three still match.
 */
export interface FileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Bytes per disk read and socket write. Large reads keep the per-chunk overhead (syscalls, event
 * loop turns, socket writes) low enough to keep up with curl on loopback.
 */
export const READ_CHUNK_BYTES = 2 * 1024 * 1024;

/** Checks that `filePath` is a readable, non-empty regular file; no request is sent otherwise. */
export async function inspectFile(filePath: string): Promise<FileIdentity> {
  if (typeof filePath !== 'string' || !filePath.trim()) throw StudioApiError.config('no file given: choose a video file to upload');
  const resolved = path.resolve(filePath);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(resolved);
  } catch (err) {
    throw fileAccessError(resolved, err);
  }
  if (stat.isDirectory()) throw StudioApiError.config(`${resolved} is a folder, not a file: choose a video file`);
  if (!stat.isFile()) throw StudioApiError.config(`${resolved} is not a regular file: choose a video file`);
  if (stat.size === 0) throw StudioApiError.config(`${resolved} is empty (0 bytes): choose a video file with content`);
  // stat succeeds on files we may not read; open once so that shows up now, not mid-upload.
  try {
    const handle = await fs.promises.open(resolved, 'r');
    await handle.close();
  } catch (err) {
    throw fileAccessError(resolved, err);
  }
  return { path: resolved, size: stat.size, mtimeMs: stat.mtimeMs };
}

function fileAccessError(resolved: string, err: unknown): StudioApiError {
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return StudioApiError.config(`${resolved} does not exist: check the file path`);
  if (code === 'EACCES' || code === 'EPERM') return StudioApiError.config(`${resolved} cannot be read (permission denied): check the file's permissions`);
  if (code === 'EISDIR') return StudioApiError.config(`${resolved} is a folder, not a file: choose a video file`);
  return StudioApiError.config(`${resolved} cannot be read (${code ?? String(err)})`);
}

export function fileChangedError(identity: FileIdentity, now?: { size: number; mtimeMs: number }): StudioApiError {
  const what = now
    ? now.size !== identity.size
      ? `its size changed from ${identity.size} to ${now.size} bytes`
      : 'it was modified'
    : 'it was removed';
  return StudioApiError.config(`${identity.path} changed during the upload (${what}): wait until the file is complete, then start a new upload`);
}

/** Throws unless the file on disk still has the identity recorded when the upload started. */
export async function assertUnchanged(identity: FileIdentity): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(identity.path);
  } catch {
    throw fileChangedError(identity);
  }
  if (stat.size !== identity.size || stat.mtimeMs !== identity.mtimeMs) throw fileChangedError(identity, stat);
}

/**
 * Read buffers one range rotates through: one being sent, one being read ahead, one spare. A
 * buffer is refilled only two chunks after it was handed on, and undici asks for the next chunk
 * only once the socket took the previous one (write() returned true, or after 'drain'), so a
 * refilled buffer has always left the process.
 */
const READ_BUFFERS = 3;

/**
 * Streams bytes [start, end) of the file from disk through a few reused buffers (positional
 * reads, no stream layer, the next read already running while a chunk is sent): memory stays at
 * READ_BUFFERS × READ_CHUNK_BYTES whatever the file or chunk size, the socket never waits for the
 * disk, and no fresh 2 MiB buffer has to be mapped and zeroed per read (at several hundred MiB/s
 * that costs as much CPU as the copy itself). Reports each chunk as it is handed on, and fails
 * (which aborts the request it feeds) if the file is shorter than expected or its size or mtime
 * changed while it was read.
 */
export async function* readRange(identity: FileIdentity, start: number, end: number, onBytes?: (n: number) => void): AsyncGenerator<Buffer> {
  const expected = end - start;
  if (expected <= 0) return;
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(identity.path, 'r');
  } catch {
    throw fileChangedError(identity, await statOrUndefined(identity.path));
  }
  let pending: Promise<{ buffer: Buffer; bytesRead: number }> | undefined;
  try {
    const count = Math.min(READ_BUFFERS, Math.ceil(expected / READ_CHUNK_BYTES));
    const buffers = Array.from({ length: count }, () => Buffer.allocUnsafeSlow(Math.min(READ_CHUNK_BYTES, expected)));
    let readPosition = start;
    let turn = 0;
    const readNext = () => {
      const buffer = buffers[turn++ % count];
      const length = Math.min(buffer.length, end - readPosition);
      const at = readPosition;
      readPosition += length;
      return handle.read(buffer, 0, length, at).then(({ bytesRead }) => ({ buffer, bytesRead }));
    };
    let next = readNext();
    pending = next;
    let sent = start;
    while (sent < end) {
      const { buffer, bytesRead } = await next;
      pending = undefined;
      if (bytesRead === 0 || (bytesRead < buffer.length && sent + bytesRead < end)) {
        throw fileChangedError(identity, await statOrUndefined(identity.path));
      }
      sent += bytesRead;
      if (sent < end) pending = next = readNext();
      // Check before handing on the last bytes: once they are sent the server may take the body
      // as complete, so a file that grew or was rewritten must fail the request here.
      else await assertUnchanged(identity);
      onBytes?.(bytesRead);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    // A read still running must finish before its file handle closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}

async function statOrUndefined(p: string): Promise<fs.Stats | undefined> {
  try {
    return await fs.promises.stat(p);
  } catch {
    return undefined;
  }
}

/**
 * undici streams async-iterable request bodies (writing each chunk and waiting for the socket to
 * drain, and closing the iterator when the request fails), but its typings list only Readable.
 * Passing the generator directly avoids an extra stream layer and its buffering.
 */
export function asRequestBody(body: AsyncIterable<Buffer>): Readable {
  return body as unknown as Readable;
}
