import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { isLoopbackHost } from '../api/core/baseUrl';

/** As many redirects as a fetch follows. */
const MAX_REDIRECTS = 20;

function answerOf(target: URL, signal: AbortSignal): Promise<IncomingMessage> {
  const get = target.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => get(target, { signal }, resolve).once('error', reject));
}

/**
 * Whether the bytes at `url` are now in `file`: only loopback http(s) addresses are asked (never a
 * request off this machine), redirects followed.
 *
 * On node:http rather than undici: undici 7.30's HTTP/1 parser throws an uncatchable
 * AssertionError (`assert(!this.paused)`, nodejs/undici#5360) when a server closes the connection
 * while a body being read waits on a slower reader — which is every answer of a plain
 * `Connection: close` server (python3 -m http.server) to an import written to disk. It took the
 * whole emulator process (and the demo with it) down.
 */
export async function fetchFile(url: string, file: string, signal: AbortSignal): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  try {
    for (let redirects = 0; ; redirects++) {
      if (!/^https?:$/.test(target.protocol) || !isLoopbackHost(target.hostname)) return false;
      const answer = await answerOf(target, signal);
      const status = answer.statusCode ?? 0;
      const location = answer.headers.location;
      if (status >= 300 && status < 400 && location && redirects < MAX_REDIRECTS) {
        answer.resume();
        target = new URL(location, target);
        continue;
      }
      if (status < 200 || status >= 300) {
        answer.resume();
        return false;
      }
      await pipeline(answer, createWriteStream(file), { signal });
      return true;
    }
  } catch {
    await rm(file, { force: true });
    return false;
  }
}
