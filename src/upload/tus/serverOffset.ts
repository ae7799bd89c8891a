import * as l10n from '@vscode/l10n';
import { request, type Dispatching } from '../../api/core/undiciParts';

/** Between two HEADs: the store is still writing what it received when two answers differ. */
const SETTLE_MS = 250;
/** A pause waits no longer than this for the server's answer. */
const MAX_WAIT_MS = 3_000;

/**
 * How many bytes the tus server kept of an upload whose request was cut (a pause or a closed
 * window): HEAD on the upload's own address, which carries no token. A request cut inside a chunk
 * is not lost: the server keeps what it received (the real service whole 8 MiB parts, e.g. 56 MiB
 * of a 64 MiB chunk) while the client only knows the offset of its last finished request. The store
 * goes on writing after the cut, without a lock, so it is asked until two answers agree. `known`
 * (the last offset the server confirmed) when it cannot be asked.
 */
export async function offsetKeptAfterCut(uploadUrl: string, known: number, agent: Dispatching): Promise<number> {
  const until = Date.now() + MAX_WAIT_MS;
  let last: number | undefined;
  try {
    for (;;) {
      const offset = await headOffset(uploadUrl, agent, until - Date.now());
      if (offset === last || Date.now() + SETTLE_MS > until) return offset;
      last = offset;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
  } catch {
    return last ?? known;
  }
}

async function headOffset(uploadUrl: string, agent: Dispatching, timeoutMs: number): Promise<number> {
  const response = await request(uploadUrl, {
    method: 'HEAD',
    headers: { 'tus-resumable': '1.0.0' },
    dispatcher: agent,
    signal: AbortSignal.timeout(Math.max(1, timeoutMs)),
  });
  await response.body.dump();
  const offset = Number(response.headers['upload-offset']);
  if (response.statusCode !== 200 || !Number.isSafeInteger(offset) || offset < 0) throw new Error(l10n.t('HEAD answered {0}', response.statusCode));
  return offset;
}
