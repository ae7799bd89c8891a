import { NetAgent } from './network';
import { request } from './undiciParts';
import { transportError } from './errors';

/** What the playback edge answered for a playlist: 200 plays; otherwise its status and its own words. */
export interface ProbeAnswer {
  status: number;
  /** The edge's reason (its body's first line, bounded), for an answer other than 200. */
  reason?: string;
}

const MAX_REASON = 200;
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
    const text = (await response.body.text()).trim().split('\n')[0]?.slice(0, MAX_REASON);
    return { status: response.statusCode, ...(text ? { reason: text } : {}) };
  } catch (err) {
    throw transportError(err, host, { method: 'GET', path: pathname }, options.signal, 'check your network and try again');
  }
}
