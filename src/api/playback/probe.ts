import { NetAgent } from '../core/network';
import { request } from '../core/undiciParts';
import { readBodyText } from '../core/bodyText';
import { transportError } from '../core/errors';
import { redact } from '../core/redact';

/** What the playback edge answered for a playlist: 200 plays; otherwise its status and its own words. */
export interface ProbeAnswer {
  status: number;
  /** The edge's reason (its body's first line, bounded), or what the status means when the body is a page or empty; for an answer other than 200. */
  reason?: string;
}

const MAX_REASON = 200;
/** Bytes of a refusal read for its first line: an edge's reason is one short line, a page or a hostile body is not read further. */
const MAX_REASON_BYTES = 4 * 1024;

/** What a status means at a playback edge, when the edge's body does not say (an HTML page, nothing). */
function statusMeaning(status: number): string {
  if (status === 401 || status === 403) return `HTTP ${status}: access refused, the playback needs a valid token`;
  if (status === 404) return 'HTTP 404: the edge has no playlist for this playback id';
  if (status === 429) return 'HTTP 429: too many requests, try again later';
  if (status >= 500) return `HTTP ${status}: the edge failed, try again later`;
  return `HTTP ${status}`;
}

/** The body's first line, unless the body is a web page (a proxy's or CDN's error page says nothing of the refusal). */
function reasonLine(text: string, contentType: string): string | undefined {
  const line = text.trim().split('\n')[0]?.trim().slice(0, MAX_REASON);
  if (!line || /html/i.test(contentType) || line.startsWith('<')) return undefined;
  return redact(line);
}
/** One connection pool for the probes, made by the first one. */
let probeAgent: NetAgent | undefined;

/**
 * Asks the playback edge for a playlist (no API token: playback is public or carries `?jwt=`), so a
 * player can say why it cannot play in the edge's own words (401/403 name the refusal, 404 an
 * offline stream) before it starts; a media library in a webview sees only a status.
 */
export async function probePlayback(url: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ProbeAnswer> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const { host, pathname } = new URL(url);
  try {
    const response = await request(url, { method: 'GET', signal, dispatcher: (probeAgent ??= new NetAgent()) });
    if (response.statusCode === 200) {
      await response.body.dump();
      return { status: 200 };
    }
    const contentType = String(response.headers['content-type'] ?? '');
    const reason = reasonLine(await readBodyText(response.body, MAX_REASON_BYTES), contentType) ?? statusMeaning(response.statusCode);
    return { status: response.statusCode, reason };
  } catch (err) {
    throw transportError(err, host, { method: 'GET', path: pathname }, options.signal, 'check your network and try again');
  }
}
