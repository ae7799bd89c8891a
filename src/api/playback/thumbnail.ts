import * as l10n from '@vscode/l10n';
import { StudioApiError, transportError } from '../core/errors';
import { NetAgent } from '../core/network';
import { request } from '../core/undiciParts';

/** Thumbnails are a few KB; anything far larger is not a thumbnail and is not pulled into a tooltip. */
const MAX_BYTES = 512 * 1024;
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif)\b/i;
/** One connection pool for all thumbnails, made on the first one. */
let thumbnailAgent: NetAgent | undefined;

/**
 * Downloads a thumbnail from the playback CDN (no API token: the address is public) and returns it
 * as a `data:` URI. Tooltips show it inline because web-based VS Code only loads `https:` and `data:`
 * images, and a data URI also works offline once fetched. Undefined when it is not a small image.
 * `timeoutMs` bounds the whole fetch, headers and body: a CDN sending a byte every few seconds
 * never trips an idle timeout, and would hold the tooltip for as long as it likes.
 */
export async function fetchThumbnailDataUri(url: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string | undefined> {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const { host, pathname } = new URL(url);
  try {
    return await download(url, signal);
  } catch (err) {
    const context = { method: 'GET', path: pathname };
    if (deadline.aborted && !options.signal?.aborted) {
      throw new StudioApiError('timeout', l10n.t('the thumbnail from {0} did not arrive within {1} s: the playback CDN is slow, try again later', host, timeoutMs / 1000), context, { cause: err });
    }
    throw transportError(err, host, context, options.signal, l10n.t('check your network and try again later'));
  }
}

async function download(url: string, signal: AbortSignal): Promise<string | undefined> {
  const response = await request(url, { method: 'GET', signal, dispatcher: (thumbnailAgent ??= new NetAgent()) });
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode !== 200 || !IMAGE_TYPES.test(type)) {
    await response.body.dump();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BYTES) {
      response.body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return `data:${type.split(';')[0]?.trim().toLowerCase()};base64,${Buffer.concat(chunks).toString('base64')}`;
}
