import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { NetAgent } from '../api/core/network';
import { request, type Dispatcher, type Dispatching } from '../api/core/undiciParts';
import { dropPartVersion, ifRangeOf, isAnotherVersion, readPartVersion, versionOf, writePartVersion, type PartVersion } from './partVersion';

/** The partial file a download writes beside its target until every byte arrived. */
export const partPathOf = (target: string): string => `${target}.part`;

export interface DownloadOptions {
  url: string;
  /** Where the file goes; `<target>.part` holds it meanwhile, and is kept when the download stops. */
  target: string;
  signal?: AbortSignal;
  /** Bytes on disk so far (the resumed part included) and the whole size when the server said it. */
  onProgress?: (bytes: number, total: number | undefined) => void;
  /** The file's size as the service lists it: an answer that does not say its length stops a little after it. */
  expectedBytes?: number;
  /** The network's dispatcher (proxies, certificates); a NetAgent of its own when absent. */
  dispatcher?: Dispatching;
}

export interface DownloadResult {
  bytes: number;
  /** Bytes that were already in the partial file, so not fetched again (0 when the file changed since). */
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

/** The total of a 416's `bytes * /1000`. */
function unsatisfiedTotal(value: string | string[] | undefined): number | undefined {
  const whole = /\/(\d+)$/.exec(String(value ?? ''))?.[1];
  return whole === undefined ? undefined : Number(whole);
}

/** A server's answer: its status, headers and body (undici's). */
type Answer = Dispatcher.ResponseData;

function ask(url: string, offset: number, kept: PartVersion | undefined, signal: AbortSignal | undefined, dispatcher: Dispatching): Promise<Answer> {
  // If-Range: the rest of the part's own version, else (the file changed) the whole new one.
  const ifRange = offset && kept ? ifRangeOf(kept) : undefined;
  const headers: Record<string, string> = offset ? { range: `bytes=${offset}-`, ...(ifRange ? { 'if-range': ifRange } : {}) } : {};
  return request(url, { method: 'GET', headers, signal, dispatcher });
}

/** Whether a ranged answer (206, 416) is of another version of the file than the part (so the part must go); a 200 replaces it anyway. */
function isOtherVersion(response: Answer, kept: PartVersion): boolean {
  if (response.statusCode !== 206 && response.statusCode !== 416) return false;
  const range = response.headers['content-range'];
  return isAnotherVersion(kept, versionOf(response.headers, response.statusCode === 206 ? contentRange(range)?.total : unsatisfiedTotal(range)));
}

/**
 * Downloads `url` into `target`, continuing a part file an earlier try left when it is of the same
 * version of the file (an HTTP Range request with If-Range; see partVersion.ts); a server that
 * ignores the range, or a file that changed, sends the whole file again, which replaces the part.
 * The file gets its name only once its size is the one the server announced; an answer that does
 * not announce one stops a little after `expectedBytes`.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const { url, target, signal } = options;
  const part = partPathOf(target);
  const own = options.dispatcher ? undefined : new NetAgent();
  const dispatcher = options.dispatcher ?? own!;
  try {
    const kept = readPartVersion(target);
    // A part whose version was not kept cannot be checked: it is fetched again.
    let offset = kept ? sizeOf(part) : 0;
    let response = await ask(url, offset, kept, signal, dispatcher);
    if (offset && kept && isOtherVersion(response, kept)) {
      await response.body.dump();
      offset = 0;
      response = await ask(url, 0, undefined, signal, dispatcher);
    }
    let total: number | undefined;
    if (response.statusCode === 206) {
      const range = contentRange(response.headers['content-range']);
      if (range?.start !== offset) {
        await response.body.dump();
        throw new DownloadError(l10n.t('the server sent bytes from {0} where {1} were asked for', range?.start ?? '?', offset), offset);
      }
      total = range.total;
    } else if (response.statusCode === 416 && offset) {
      // Nothing after the part: complete when its size is the file's.
      await response.body.dump();
      total = unsatisfiedTotal(response.headers['content-range']);
      if (total !== offset) {
        const summary =
          total === undefined
            ? l10n.t('the partial file ({0} bytes) is not the file on the server (unknown bytes): delete {1} and download again', offset, part)
            : l10n.t('the partial file ({0} bytes) is not the file on the server ({1} bytes): delete {2} and download again', offset, total, part);
        throw new DownloadError(summary, offset);
      }
    } else if (response.statusCode === 200) {
      offset = 0;
      const length = Number(response.headers['content-length']);
      total = Number.isFinite(length) ? length : undefined;
    } else {
      await response.body.dump();
      throw new DownloadError(l10n.t('the server answered {0}', response.statusCode), offset);
    }
    if (response.statusCode !== 416) {
      writePartVersion(target, versionOf(response.headers, total));
      await receive(response, part, offset, total, options);
    }
    const size = sizeOf(part);
    if (total !== undefined && size !== total) throw new DownloadError(l10n.t('{0} of {1} bytes arrived', size, total), size);
    await fs.promises.rename(part, target);
    dropPartVersion(target);
    return { bytes: size, resumedFrom: offset };
  } finally {
    await own?.close();
  }
}

/** A small margin over the listed size for an answer of unknown length (the listed size may lag a little). */
const marginOver = (bytes: number): number => bytes + Math.max(64 * 1024, Math.ceil(bytes / 100));

/** Writes the body into the part from `offset`; throws a DownloadError when it breaks off or runs past its bound. */
async function receive(response: Answer, part: string, offset: number, total: number | undefined, options: DownloadOptions): Promise<void> {
  const limit = total === undefined && options.expectedBytes !== undefined ? marginOver(options.expectedBytes) : undefined;
  let bytes = offset;
  options.onProgress?.(bytes, total);
  // Chunks are written as they arrive and the file is flushed even when the body fails: a cut or
  // a cancel keeps every byte that reached this machine (an awaited read loop would drop those
  // undici still held when the connection closed).
  const out = fs.createWriteStream(part, { flags: offset ? 'a' : 'w' });
  const body = response.body;
  let overran = false;
  const failure = await new Promise<unknown>((resolve) => {
    body.on('data', (chunk: Buffer) => {
      if (limit !== undefined && bytes + chunk.length > limit) {
        overran = true;
        body.destroy();
        resolve(undefined);
        return;
      }
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
  if (overran) {
    // Not the file listed: nothing of it is kept, so the next try starts afresh.
    await fs.promises.rm(part, { force: true });
    dropPartVersion(options.target);
    throw new DownloadError(l10n.t('the server sent more than the {0} bytes listed for the file without saying its length; stopped after {1} bytes and kept none of them', options.expectedBytes ?? '?', bytes), 0);
  }
  if (failure && options.signal?.aborted) throw failure as Error;
  if (failure) throw new DownloadError(l10n.t('the connection closed after {0} bytes', sizeOf(part)), sizeOf(part));
}
