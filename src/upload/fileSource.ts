import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { StudioApiError } from '../api/core/errors';
import { ReadBuffers, SyncReadPolicy } from './readBuffers';

/**
 * What identifies "the same file" across runs and process restarts: resolved path, size and
 * modification time. A resumable upload is only continued while all three still match.
 */
export interface FileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Checks that `filePath` is a readable, non-empty regular file; no request is sent otherwise. */
export async function inspectFile(filePath: string): Promise<FileIdentity> {
  if (typeof filePath !== 'string' || !filePath.trim()) throw StudioApiError.config(l10n.t('no file given: choose a video file to upload'));
  const resolved = path.resolve(filePath);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(resolved);
  } catch (err) {
    throw fileAccessError(resolved, err);
  }
  if (stat.isDirectory()) throw StudioApiError.config(l10n.t('{0} is a folder, not a file: choose a video file', resolved));
  if (!stat.isFile()) throw StudioApiError.config(l10n.t('{0} is not a regular file: choose a video file', resolved));
  if (stat.size === 0) throw StudioApiError.config(l10n.t('{0} is empty (0 bytes): choose a video file with content', resolved));
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
  if (code === 'ENOENT' || code === 'ENOTDIR') return StudioApiError.config(l10n.t('{0} does not exist: check the file path', resolved));
  if (code === 'EACCES' || code === 'EPERM') return StudioApiError.config(l10n.t('{0} cannot be read (permission denied): check the file\'s permissions', resolved));
  if (code === 'EISDIR') return StudioApiError.config(l10n.t('{0} is a folder, not a file: choose a video file', resolved));
  return StudioApiError.config(l10n.t('{0} cannot be read ({1})', resolved, code ?? String(err)));
}

/** The file is no longer the one the upload started with: its bytes would not match, so the upload cannot go on. */
export class FileChangedError extends StudioApiError {
  constructor(identity: FileIdentity, now?: { size: number; mtimeMs: number }) {
    super(
      'config',
      !now
        ? l10n.t('{0} changed during the upload (it was removed): wait until the file is complete, then start a new upload', identity.path)
        : now.size !== identity.size
          ? l10n.t('{0} changed during the upload (its size changed from {1} to {2} bytes): wait until the file is complete, then start a new upload', identity.path, identity.size, now.size)
          : l10n.t('{0} changed during the upload (it was modified): wait until the file is complete, then start a new upload', identity.path),
    );
  }
}

/**
 * The file could not be opened or read just now (permissions, too many open files, I/O error), but
 * nothing says it changed: the upload may go on once the cause is fixed. Callers add what to do.
 */
export class FileReadError extends StudioApiError {
  constructor(identity: FileIdentity, err: unknown) {
    const code = (err as { code?: string }).code;
    const message =
      code === 'EACCES' || code === 'EPERM'
        ? l10n.t('{0} could not be read (permission denied)', identity.path)
        : code === 'EMFILE' || code === 'ENFILE'
          ? l10n.t('{0} could not be read (too many open files)', identity.path)
          : l10n.t('{0} could not be read ({1})', identity.path, code ?? String(err));
    super('config', message, {}, { cause: err });
  }
}

function isGone(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Throws unless the file on disk still has the identity recorded when the upload started. */
export async function assertUnchanged(identity: FileIdentity): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(identity.path);
  } catch (err) {
    throw isGone(err) ? new FileChangedError(identity) : new FileReadError(identity, err);
  }
  if (stat.size !== identity.size || stat.mtimeMs !== identity.mtimeMs) throw new FileChangedError(identity, stat);
}

/**
 * Streams bytes [start, end) of the file from disk through a few reused buffers (`buffers`: the
 * upload's, kept from one range to the next), with no stream layer: memory stays at a few read
 * chunks whatever the file or chunk size, and no fresh buffer has to be mapped and zeroed per read.
 * Reads are synchronous while the file is in the page cache, else asynchronous one chunk ahead of
 * the socket (SyncReadPolicy).
 *
 * Reports each chunk as it is handed on, and fails (which aborts the request it feeds) if the file
 * is shorter than expected or its size or mtime changed while it was read.
 */
export async function* readRange(
  identity: FileIdentity,
  start: number,
  end: number,
  onBytes?: (n: number) => void,
  buffers: ReadBuffers = new ReadBuffers(),
): AsyncGenerator<Buffer> {
  const expected = end - start;
  if (expected <= 0) return;
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(identity.path, 'r');
  } catch (err) {
    if (!isGone(err)) throw new FileReadError(identity, err);
    throw new FileChangedError(identity, await statOrUndefined(identity.path));
  }
  let pending: Promise<{ buffer: Buffer; bytesRead: number }> | undefined;
  const set = buffers.take(expected);
  try {
    let readPosition = start;
    let turn = 0;
    const policy = new SyncReadPolicy();
    const claim = () => {
      const buffer = set[turn++ % set.length];
      const length = Math.min(buffer.length, end - readPosition);
      const at = readPosition;
      readPosition += length;
      return { buffer, length, at };
    };
    const readAhead = () => {
      const { buffer, length, at } = claim();
      return handle.read(buffer, 0, length, at).then(
        ({ bytesRead }) => ({ buffer, bytesRead }),
        (err: unknown) => Promise.reject(new FileReadError(identity, err)),
      );
    };
    let sent = start;
    while (sent < end) {
      let buffer: Buffer;
      let bytesRead: number;
      if (pending) {
        ({ buffer, bytesRead } = await pending);
        pending = undefined;
      } else {
        const slot = claim();
        buffer = slot.buffer;
        try {
          bytesRead = policy.timed(() => fs.readSync(handle.fd, slot.buffer, 0, slot.length, slot.at));
        } catch (err) {
          throw new FileReadError(identity, err);
        }
      }
      if (bytesRead === 0 || (bytesRead < buffer.length && sent + bytesRead < end)) {
        throw new FileChangedError(identity, await statOrUndefined(identity.path));
      }
      sent += bytesRead;
      if (sent < end) {
        if (!policy.synchronous) pending = readAhead();
      } else {
        // Check before handing on the last bytes: once they are sent the server may take the
        // body as complete, so a file that grew or was rewritten must fail the request here.
        await assertUnchanged(identity);
      }
      onBytes?.(bytesRead);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    // A read still running must finish before its buffer is reused and its file handle closes.
    await pending?.catch(() => undefined);
    buffers.give(set);
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
