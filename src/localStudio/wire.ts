import type { IncomingMessage, ServerResponse } from 'node:http';

export type Origin = 'api' | 'ingest';

export interface RequestRecord {
  origin: Origin;
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status?: number;
  /** Request body bytes that actually arrived, whether or not a handler read them. */
  bodyBytes: number;
  /** Set for upload requests once the asset they target is known. */
  assetId?: string;
  /** Which API token the request carried (never the token itself): see Accounts.tokenIdOf. */
  tokenId?: string;
  /** Set when the connection closed before the answer was sent in full (the client gave up, or a fault cut it). */
  abandoned?: true;
}

export interface Observed {
  record: RequestRecord;
  /** Simulates a network cut: the handler sees exactly `bytes` of body, the client gets no response. */
  cutAfter(bytes: number): void;
  /** Simulates a cut on the way back: the client gets the headers and `bytes` of the body, or nothing when `bytes` is undefined. */
  cutResponse(bytes?: number): void;
}

const cutRequests = new WeakSet<IncomingMessage>();

/** True when a cutAfter fault ended this request's body early. */
export function wasCut(req: IncomingMessage): boolean {
  return cutRequests.has(req);
}

/**
 * Counts body bytes at the one place every chunk passes, the parser's `push` into the request
 * stream. That works the same for our own handlers and for @tus/server (which reads the body
 * through web-stream adapters we cannot see into) and never buffers anything.
 */
export function observe(origin: Origin, req: IncomingMessage, res: ServerResponse, log: RequestRecord[]): Observed {
  const record: RequestRecord = {
    origin,
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: { ...req.headers },
    bodyBytes: 0,
  };
  log.push(record);
  res.on('close', () => {
    if (!res.writableFinished) record.abandoned = true;
  });

  let limit = Infinity;
  let cut = false;
  const push = req.push.bind(req);

  const cutNow = (): void => {
    cut = true;
    cutRequests.add(req);
    // Ending the body (rather than destroying the socket now) lets the handler store every byte
    // it was given, as a real server stores what arrived before a cut. Without `complete`, Node
    // would reset the socket as soon as the handler reads this early end, so the client could
    // retry while the handler still holds the upload (tus lock contention, stray drain timers).
    req.complete = true;
    push(null);
    // Whatever the handler answers, the client must see a dead connection instead.
    res.on('error', () => undefined);
    res.writeHead = () => {
      req.socket.destroy();
      return res;
    };
  };

  req.push = (chunk: Buffer | null, encoding?: BufferEncoding): boolean => {
    if (cut) return false;
    if (chunk === null) {
      if (record.bodyBytes >= limit) {
        cutNow();
        return false;
      }
      return push(null);
    }
    const room = limit - record.bodyBytes;
    if (chunk.length < room) {
      record.bodyBytes += chunk.length;
      return push(chunk, encoding);
    }
    record.bodyBytes += room;
    if (room > 0) push(chunk.subarray(0, room));
    cutNow();
    return false;
  };

  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    record.status = args[0] as number;
    return writeHead(...args);
  };

  return {
    record,
    cutAfter(bytes: number): void {
      limit = Math.max(0, bytes);
    },
    cutResponse(bytes?: number): void {
      res.on('error', () => undefined);
      if (bytes === undefined) {
        res.writeHead = () => {
          req.socket.destroy();
          return res;
        };
        return;
      }
      // Our handlers answer with one end(body) after writeHead (which set the full Content-Length).
      res.end = ((chunk?: string | Buffer) => {
        const body = Buffer.from(chunk ?? '');
        res.write(body.subarray(0, Math.min(bytes, body.length)), () => req.socket.destroy());
        return res;
      }) as ServerResponse['end'];
    },
  };
}
