import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createApi } from './api';
import { trickleBody, writeLongBody } from './faultBodies';
import { Faults, type FaultAction } from './faults';
import { sendErrors, sendJson, sendText } from './http';
import { createIngest } from './ingest';
import { Scheduler } from './scheduler';
import { seed } from './seed';
import { Store } from './store';
import { UploadTokens } from './tokens';
import { observe, type Observed, type Origin, type RequestRecord } from './wire';

export type { FaultAction, FaultMatch } from './faults';
export type { EmulatorAsset, EmulatorSigningKey, EmulatorStream } from './store';
export type { Origin, RequestRecord } from './wire';
export { Faults, Store };

export interface EmulatorOptions {
  /** Accepted API tokens; default ['demo-token']. */
  tokens?: string[];
  /** Seed demo keys and streams; default false. */
  seed?: boolean;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (any free port). */
  apiPort?: number;
  /** Default 0 (any free port). */
  ingestPort?: number;
  /** Where uploads are written; default a fresh temp dir that close() removes. */
  dataDir?: string;
  /** Step of the waiting → processing → ready timer after an upload; default 200. */
  processingDelayMs?: number;
  /** Page size when a list request has no limit; default 10. */
  defaultPageSize?: number;
  /**
   * Where tus uploads are stored: `file` (default) is @tus/server 2 with FileStore; `s3` is the
   * real service's @tus/server + @tus/s3-store 1.0.0 (8 MiB parts) on a local S3 stand-in, with
   * that version's quirks (chunks that are not multiples of 8 MiB corrupt the upload).
   */
  tusStore?: 'file' | 's3';
}

export interface Emulator {
  /** API base URL, e.g. http://127.0.0.1:PORT/api */
  apiUrl: string;
  /** Origin of the upload host (a second server), e.g. http://127.0.0.1:PORT2 */
  ingestOrigin: string;
  store: Store;
  /** Every request on both origins, in arrival order. */
  requests: RequestRecord[];
  faults: Faults;
  /** SHA-256 hex of the bytes of the asset's complete upload; undefined while not uploaded. */
  uploadedSha256(assetId: string): Promise<string | undefined>;
  /** Closes servers, sockets and timers, and removes the temp dataDir. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'demo-token';

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'studio-emulator-')));
  const scheduler = new Scheduler();
  const store = new Store(scheduler, options.processingDelayMs ?? 200);
  if (options.seed) seed(store);
  const faults = new Faults();
  const requests: RequestRecord[] = [];
  const uploadTokens = new UploadTokens();

  // Listen first: handlers need the real ports to build absolute URLs.
  const apiServer = createServer();
  const ingestServer = createServer();
  // A start that fails half-way leaves no server listening and no temp dir behind.
  const abandon = async (error: unknown): Promise<never> => {
    await Promise.all([closeServer(apiServer), closeServer(ingestServer)]);
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  };
  const apiOrigin = await listen(apiServer, host, options.apiPort ?? 0).catch(abandon);
  const ingestOrigin = await listen(ingestServer, host, options.ingestPort ?? 0).catch(abandon);

  const tokens = new Map((options.tokens ?? [DEFAULT_TOKEN]).map((token, i) => [token, `Emulator token ${i + 1}`]));
  const api = createApi({
    store,
    uploadTokens,
    tokens,
    apiOrigin,
    ingestOrigin,
    defaultPageSize: options.defaultPageSize ?? 10,
  });
  const ingest = await createIngest({ store, uploadTokens, dataDir, ingestOrigin, tusStore: options.tusStore ?? 'file', host }).catch(abandon);

  const serve =
    (origin: Origin, handle: (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => Promise<void>) =>
    async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      const observed = observe(origin, req, res, requests);
      try {
        const pathname = new URL(req.url ?? '/', 'http://emulator').pathname;
        const fault = faults.take(origin, req.method ?? 'GET', pathname);
        if (fault && !(await applyFault(fault, req, res, observed, scheduler))) return;
        await handle(req, res, observed.record);
      } catch (error) {
        if (res.headersSent) res.destroy();
        else sendErrors(res, 500, `Internal server error: ${(error as Error).message}`);
      }
    };
  apiServer.on('request', serve('api', (req, res) => api(req, res)));
  ingestServer.on('request', serve('ingest', ingest.handle));

  return {
    apiUrl: `${apiOrigin}/api`,
    ingestOrigin,
    store,
    requests,
    faults,
    async uploadedSha256(assetId) {
      const file = store.uploadedFiles.get(assetId);
      if (!file) return undefined;
      const hash = createHash('sha256');
      await pipeline(createReadStream(file), hash);
      return hash.digest('hex');
    },
    async close() {
      scheduler.dispose();
      await Promise.all([closeServer(apiServer), closeServer(ingestServer), ingest.close()]);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Applies a fault; returns whether the request should still reach its handler. */
async function applyFault(fault: FaultAction, req: IncomingMessage, res: ServerResponse, observed: Observed, scheduler: Scheduler): Promise<boolean> {
  switch (fault.kind) {
    case 'cutAfter':
      observed.cutAfter(fault.bytes);
      return true;
    case 'cutBody':
      observed.cutResponse(fault.bytes);
      return true;
    case 'loseReply':
      observed.cutResponse();
      return true;
    case 'endlessLinks': {
      req.resume();
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'emulator'}`);
      const next = Number(/^c(\d+)$/.exec(url.searchParams.get('cursor') ?? '')?.[1] ?? 0) + 1;
      url.searchParams.set('cursor', `c${next}`);
      // publicKey too: a row of any list (a signing key needs one).
      sendJson(res, 200, [{ id: `endless-${next}`, name: `Row ${next}`, publicKey: `endless-key-${next}` }], { Link: `<${url.href}>; rel="next"` });
      return false;
    }
    case 'delay':
      // Skip the handler when the emulator closed or the client gave up while we waited.
      return (await scheduler.sleep(fault.ms)) && !req.socket.destroyed;
    case 'holdAnswer': {
      // Node sends the status line and headers with the first body write or end(), so holding
      // end() holds the whole answer.
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        void scheduler.sleep(fault.ms).then(() => !res.destroyed && end(...args));
        return res;
      }) as ServerResponse['end'];
      return true;
    }
    case 'fail':
      req.resume();
      if (typeof fault.body === 'string') sendText(res, fault.status, fault.body, isJson(fault.body) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', fault.headers);
      else sendJson(res, fault.status, fault.body ?? { errors: [`injected fault (${fault.status})`] }, fault.headers);
      return false;
    case 'longBody':
      req.resume();
      await writeLongBody(res, fault);
      return false;
    case 'trickle':
      trickleBody(res, fault.everyMs, scheduler);
      return true;
    case 'html502':
      req.resume();
      sendText(res, 502, BAD_GATEWAY_PAGE, 'text/html');
      return false;
    case 'retryAfter':
      req.resume();
      sendText(
        res,
        fault.status,
        JSON.stringify({ errors: [fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable'] }),
        'application/json; charset=utf-8',
        { 'Retry-After': String(fault.seconds) },
      );
      return false;
  }
}

const BAD_GATEWAY_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve(`http://${hostPart}:${address.port}`);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
