/**
 * Bytes per disk read and socket write. Each chunk costs a fixed round of work besides copying it
 * (the read, the socket write, undici waiting for the socket to drain, the generator's turn): at
 * 1 MiB that round was over half of the uploader's user CPU on a 1 GiB upload; at 4 MiB the
 * uploader needs up to a fifth less CPU per GiB in all (npm run bench; 8 MiB saves no more).
 */
export const READ_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Read buffers one range rotates through: one being sent, one being read ahead, one spare. A
 * buffer is refilled only two chunks after it was handed on, and undici asks for the next chunk
 * only once the socket took the previous one (write() returned true, or after 'drain'), so a
 * refilled buffer has always left the process. Memory is at most READ_BUFFERS × READ_CHUNK_BYTES
 * per upload, whatever the file or chunk size; pages are only touched as buffers are first used.
 */
const READ_BUFFERS = 3;

/**
 * The read buffers of one upload, handed from each of its ranges (tus: each PATCH) to the next, so
 * a request does not map and fault in fresh memory, and the old buffers do not count as external
 * memory toward V8's collections (112 ms of them in a profile of a 1 GiB tus upload). A range
 * holds the set while it runs; a range started while another holds it gets a set of its own.
 */
export class ReadBuffers {
  private spare: Buffer[] | undefined;

  /** Buffers for a range of `bytes`: the kept set for a range of at least one chunk, else a set sized to the range. */
  take(bytes: number): Buffer[] {
    if (bytes < READ_CHUNK_BYTES) return [Buffer.allocUnsafeSlow(bytes)];
    const set = this.spare ?? Array.from({ length: READ_BUFFERS }, () => Buffer.allocUnsafeSlow(READ_CHUNK_BYTES));
    this.spare = undefined;
    return set;
  }

  /** Called once the range's reads are over and its last chunk went to the socket (or the request failed). */
  give(set: Buffer[]): void {
    if (set.length === READ_BUFFERS && set[0].length === READ_CHUNK_BYTES) this.spare = set;
  }
}

/**
 * A synchronous read slower than this (a cached 4 MiB read is a memory copy of about a
 * millisecond) counts as slow; two slow reads in a row mean the file is not in the page cache (a
 * network drive, a cold disk) rather than one read that waited for a busy CPU.
 */
const SYNC_READ_BUDGET_MS = 4;

/**
 * Whether a range may go on reading synchronously. Reads are synchronous while the file is in the
 * page cache (the usual case right after it was written or viewed): skipping the thread pool's
 * round trip per chunk saves the uploader about a sixth of its CPU per byte, CPU that the server
 * and the network stack need on a small machine. A read that made the kernel go to the disk
 * (the process's block reads grew: a cold local disk) or two slow reads in a row (a network
 * drive) switch the rest of the range to asynchronous reads, one chunk ahead of the socket, so a
 * slow disk never blocks the event loop for long. One slow read alone does not: on a loaded
 * machine a cached read is sometimes descheduled, and that switch used to cost every later chunk.
 */
export class SyncReadPolicy {
  private slowInARow = 0;
  synchronous = true;

  /** Reads synchronously with `read` and learns from it; returns what `read` returns. */
  timed<T>(read: () => T): T {
    const blockReads = process.resourceUsage().fsRead;
    const began = performance.now();
    const result = read();
    this.slowInARow = performance.now() - began > SYNC_READ_BUDGET_MS ? this.slowInARow + 1 : 0;
    if (process.resourceUsage().fsRead > blockReads || this.slowInARow >= 2) this.synchronous = false;
    return result;
  }
}
