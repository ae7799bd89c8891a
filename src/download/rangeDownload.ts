import * as fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { NetAgent } from '../api/core/network';
import { request, type Dispatcher } from '../api/core/undiciParts';

/** The partial file a download writes beside its target until every byte arrived. */
export const partPathOf = (target: string): string => `${target}.part`;

export interface DownloadOptions {
  url: string;
  /** Where the file goes; `<target>.part` holds it meanwhile, and is kept when the download stops. */
  target: string;
  signal?: AbortSignal;
  /** Bytes on disk so far (the resumed part included) and the whole size when the server said it. */
  onProgress?: (bytes: number, total: number | undefined) => void;
  /** The network's dispatcher (proxies, certificates); a NetAgent of its own when absent. */
  dispatcher?: Dispatcher;
}

export interface DownloadResult {
  bytes: number;
  /** Bytes that were already in the partial file, so not fetched again. */
  resumedFrom: number;
}

/** A download that stopped; its part file stays (`kept` bytes) so the next try continues from there. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly kept: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** `bytes 100-199/1000` → its start and the whole size. */
function contentRange(value: string | string[] | undefined): { start: number; total: number | undefined } | undefined {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(String(value ?? ''));
  return match ? { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) } : undefined;
}

/**
 * Downloads `url` into `target`, continuing a part file an earlier try left (an HTTP Range request;
 * a server that ignores it sends the whole file again, which replaces the part). The file gets its
 * name only once its size is the one the server announced; nothing is deleted when it stops.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, target, signal } = options;
  const part = partPathOf(target);
  const own = options.dispatcher ? undefined : new NetAgent();
  const dispatcher = options.dispatcher ?? own!;
  try {
    let offset = sizeOf(part);
    const resumedFrom = offset;
    const response = await request(url, { method: 'GET', headers: offset ? { range: `bytes=${offset}-` } : {}, signal, dispatcher });
    let total: number | undefined;
    if (response.statusCode === 206) {
      const range = contentRange(response.headers['content-range']);
      if (range?.start !== offset) {
        await response.body.dump();
        throw new DownloadError(`the server sent bytes from ${range?.start ?? '?'} where ${offset} were asked for`, offset);
      }
      total = range.total;
    } else if (response.statusCode === 416 && offset) {
      // Nothing after the part: complete when its size is the file's.
      await response.body.dump();
      const whole = /\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''))?.[1];
      total = whole === undefined ? undefined : Number(whole);
      if (total !== offset) throw new DownloadError(`the partial file (${offset} bytes) is not the file on the server (${total ?? 'unknown'} bytes): delete ${part} and download again`, offset);
    } else if (response.statusCode === 200) {
      offset = 0;
      const length = Number(response.headers['content-length']);
      total = Number.isFinite(length) ? length : undefined;
    } else {
      await response.body.dump();
      throw new DownloadError(`the server answered ${response.statusCode}`, offset);
    }
    if (response.statusCode !== 416) {
      let bytes = offset;
      options.onProgress?.(bytes, total);
      // Chunks are written as they arrive and the file is flushed even when the body fails: a cut or
      // a cancel keeps every byte that reached this machine (an awaited read loop would drop those
      // undici still held when the connection closed).
      const out = fs.createWriteStream(part, { flags: offset ? 'a' : 'w' });
      const body = response.body;
      const failure = await new Promise<unknown>((resolve) => {
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          options.onProgress?.(bytes, total);
          if (!out.write(chunk)) {
            body.pause();
            out.once('drain', () => body.resume());
          }
        });
        body.once('end', () => resolve(undefined));
        body.once('error', resolve);
      });
      out.end();
      await finished(out);
      if (failure && signal?.aborted) throw failure;
      if (failure) throw new DownloadError(`the connection closed after ${sizeOf(part)} bytes`, sizeOf(part));
    }
    const size = sizeOf(part);
    if (total !== undefined && size !== total) throw new DownloadError(`${size} of ${total} bytes arrived`, size);
    await fs.promises.rename(part, target);
    return { bytes: size, resumedFrom };
  } finally {
    await own?.close();
  }
}
