import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGate } from './accessControl';
import { Accounts } from './accounts';
import { createApi } from './api';
import { MultistreamTargets } from './multistream';
import { DEFAULT_DELIVERY_OPTIONS, Deliveries, type DeliveryOptions } from './deliveries';
import { trickleBody, writeLongBody } from './faultBodies';
import { Faults, type FaultAction } from './faults';
import { Ids } from './ids';
import { sendErrors, sendJson, sendText } from './http';
import { createIngest } from './ingest';
import { Importer } from './imports';
import { Scheduler } from './scheduler';
import { seed } from './seed';
import { Store } from './store';
import { UploadTokens } from './tokens';
import { playbackOrigin } from './playbackOrigin';
import { Viewership } from './viewership';
import { WebhookState } from './webhooks';
import { observe, type Observed, type Origin, type RequestRecord } from './wire';

export type { AccountToken } from './accounts';
export type { FaultAction, FaultMatch } from './faults';
export type { EmulatorAsset, EmulatorSigningKey, EmulatorStream } from './store';
export type { DeliveryOptions } from './deliveries';
export type { DeliveryEntry, EmulatorWebhook, WebhookState } from './webhooks';
export type { EmulatorTask, TaskFault, TaskPhase } from './tasks';
export { startAssetTask } from './assetRecovery';
export { NOT_ACCESSIBLE, NOT_A_VIDEO } from './imports';
export { startSourceServer, FIXTURE_MP4, type SourceServer } from './sourceServer';
export type { Origin, RequestRecord } from './wire';
export { Faults, Store, Viewership };

export interface EmulatorOptions {
  /** Accepted API tokens, all of the default account's "Default Project"; default ['demo-token']. */
  tokens?: string[];
  /** Seed demo keys and streams; default false. */
  seed?: boolean;
  /**
   * Ids derived from this number: every run with it gives the default account's user and project,
   * and the seeded keys, streams and assets, the same ids (as a restarted service keeps them).
   * Random when absent (tests: two emulators never share ids).
   */
  idSeed?: number;
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
  /** A second terminate of a stream this soon after the first answers 429, as the service does; default 5000. */
  terminateIntervalMs?: number;
  /** Wall-clock length of a live playlist's segment; default 2000 (the fixture's). */
  liveSegmentMs?: number;
  /** Webhook deliveries: retry backoff, retries, time-out, delay of the status (defaults as the service, shorter retries). */
  webhooks?: Partial<DeliveryOptions>;
  /** How long the access gate caches a key lookup, as the service does; default 120000 (tests shorten it). */
  gateCacheMs?: number;
  /** How long after an allowed gate check the key's lastSeen is written; default 60000, as the service. */
  lastSeenDelayMs?: number;
  /** false: no analytics backend, as the service's own server code runs alone: every /data/views route answers 404 `not found`. Default true. */
  analytics?: boolean;
  /** Serve both origins over HTTPS with this certificate (PEM), e.g. one of a private CA a test makes. */
  tls?: { key: string; cert: string };
}

export interface Emulator {
  /** API base URL, e.g. http://127.0.0.1:PORT/api */
  apiUrl: string;
  /** Origin of the upload host (a second server), e.g. http://127.0.0.1:PORT2 */
  ingestOrigin: string;
  store: Store;
  /**
   * Users, projects and API tokens. The default account (store.userId, store.projectId) holds the
   * `tokens` option's; `accounts.addUser()` / `addProject()` add others, each with its own token.
   */
  accounts: Accounts;
  /** Every request on both origins, in arrival order; `tokenId` says which API token each carried. */
  requests: RequestRecord[];
  /** TCP connections accepted on both origins so far (a test counts them against a proxy's tunnels). */
  readonly connections: number;
  faults: Faults;
  /** Seeded viewer numbers; set a live stream's current viewers here. */
  viewership: Viewership;
  /** Webhooks and their delivery log. */
  webhooks: WebhookState;
  /** The users' multistream targets (with the URLs the API never returns). */
  multistream: MultistreamTargets;
  /** The gate's timing (see EmulatorOptions), changeable while running: a test may hold a cached answer longer. */
  gate: { cacheMs: number; lastSeenDelayMs: number };
  /** SHA-256 hex of the bytes of the asset's complete upload; undefined while not uploaded. */
  uploadedSha256(assetId: string): Promise<string | undefined>;
  /**
   * Stops listening on both origins, as a stopped service: connections are refused and open ones cut.
   * Everything it holds stays, for restart().
   */
  stop(): Promise<void>;
  /** Listens again on the same ports after stop(), with what it held: the service back at its address. */
  restart(): Promise<void>;
  /** Closes servers, sockets and timers, and removes the temp dataDir. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'demo-token';

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'studio-emulator-')));
  const scheduler = new Scheduler();
  const store = new Store(scheduler, options.processingDelayMs ?? 200, new Ids(options.idSeed));
  if (options.seed) seed(store);
  const faults = new Faults();
  const requests: RequestRecord[] = [];
  const uploadTokens = new UploadTokens();
  const viewership = new Viewership(store);

  // Listen first: handlers need the real ports to build absolute URLs.
  const makeServer = (): Server => (options.tls ? createTlsServer(options.tls) : createServer());
  const apiServer = makeServer();
  const ingestServer = makeServer();
  let connections = 0;
  for (const server of [apiServer, ingestServer]) server.on('connection', () => connections++);
  // A start that fails half-way leaves no server listening and no temp dir behind.
  const abandon = async (error: unknown): Promise<never> => {
    await Promise.all([closeServer(apiServer), closeServer(ingestServer)]);
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  };
  const scheme = options.tls ? 'https' : 'http';
  const apiOrigin = await listen(apiServer, host, options.apiPort ?? 0, scheme).catch(abandon);
  const ingestOrigin = await listen(ingestServer, host, options.ingestPort ?? 0, scheme).catch(abandon);

  const accounts = new Accounts(store);
  for (const token of options.tokens ?? [DEFAULT_TOKEN]) accounts.addToken(store.projectId, token);
  const webhooks = new WebhookState(store);
  const deliveries = new Deliveries(store, webhooks, scheduler, ingestOrigin, { ...DEFAULT_DELIVERY_OPTIONS, ...options.webhooks });
  const gateTiming = { cacheMs: options.gateCacheMs ?? 120_000, lastSeenDelayMs: options.lastSeenDelayMs ?? 60_000, after: (ms: number, fn: () => void) => scheduler.after(ms, fn) };
  const gate = createGate(store, gateTiming, webhooks);
  const processingDelayMs = options.processingDelayMs ?? 200;
  const importer = new Importer(store, scheduler, dataDir, processingDelayMs);
  const multistream = new MultistreamTargets();
  const unwatchMultistream = multistream.watch(store);
  const api = createApi({
    store,
    uploadTokens,
    accounts,
    apiOrigin,
    ingestOrigin,
    defaultPageSize: options.defaultPageSize ?? 10,
    terminateIntervalMs: options.terminateIntervalMs ?? 5_000,
    viewership: options.analytics === false ? undefined : viewership,
    webhooks,
    deliveries,
    gate,
    gateTiming,
    scheduler,
    processingDelayMs,
    importer,
    multistream,
  });
  const ingest = await createIngest({ store, uploadTokens, dataDir, ingestOrigin, tusStore: options.tusStore ?? 'file', host }).catch(abandon);

  const serve =
    (origin: Origin, handle: (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => Promise<void>) =>
    (req: IncomingMessage, res: ServerResponse): void =>
      void (async () => {
      const observed = observe(origin, req, res, requests);
      observed.record.tokenId = accounts.tokenIdOf(req.headers.authorization);
      try {
        const pathname = new URL(req.url ?? '/', 'http://emulator').pathname;
        const fault = faults.take(origin, req.method ?? 'GET', pathname);
        if (fault && !(await applyFault(fault, req, res, observed, scheduler))) return;
        await handle(req, res, observed.record);
      } catch (error) {
        if (res.headersSent) res.destroy();
        else sendErrors(res, 500, `Internal server error: ${(error as Error).message}`);
      }
      })();
  apiServer.on('request', serve('api', (req, res) => api(req, res)));
  // The ingest origin stands in for the playback CDN too.
  const playback = playbackOrigin({ store, gate, liveSegmentMs: options.liveSegmentMs });
  ingestServer.on(
    'request',
    serve('ingest', async (req, res, record) => {
      if (!(await playback(req, res))) await ingest.handle(req, res, record);
    }),
  );

  return {
    apiUrl: `${apiOrigin}/api`,
    ingestOrigin,
    store,
    accounts,
    requests,
    get connections() {
      return connections;
    },
    faults,
    viewership,
    webhooks,
    multistream,
    gate: gateTiming,
    async uploadedSha256(assetId) {
      const file = store.uploadedFiles.get(assetId);
      if (!file) return undefined;
      const hash = createHash('sha256');
      await pipeline(createReadStream(file), hash);
      return hash.digest('hex');
    },
    async stop() {
      await Promise.all([closeServer(apiServer), closeServer(ingestServer)]);
    },
    async restart() {
      await listen(apiServer, host, Number(new URL(apiOrigin).port), scheme);
      await listen(ingestServer, host, Number(new URL(ingestOrigin).port), scheme);
    },
    async close() {
      unwatchMultistream();
      scheduler.dispose();
      await Promise.all([closeServer(apiServer), closeServer(ingestServer), ingest.close(), deliveries.close(), importer.close(), gate.close()]);
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
    case 'hold':
      if (!(await scheduler.until(fault.released)) || req.socket.destroyed) return false;
      if (fault.status === undefined) return true;
      req.resume();
      sendJson(res, fault.status, { errors: [`injected fault (${fault.status})`] });
      return false;
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
    case 'failAfterChange': {
      const body = JSON.stringify({ errors: ['Internal server error'] });
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      let replaced = false;
      res.writeHead = (status: number, ...rest: unknown[]) => {
        if (status >= 300) return writeHead(status, ...rest);
        replaced = true;
        return writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
      };
      res.end = ((...args: unknown[]) => (replaced ? end(body) : end(...args))) as ServerResponse['end'];
      return true;
    }
    case 'echoSecrets':
      echoSecrets(res, fault.secrets());
      return true;
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

/** Rewrites the handler's JSON answer with `secrets` echoed into it (see Faults.echoSecrets). */
function echoSecrets(res: ServerResponse, secrets: string[]): void {
  const echo = secrets.join(' ');
  const walk = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string') return key === 'name' || key === 'errors' ? `${node} ${echo}` : node;
    if (Array.isArray(node)) return node.map((child) => walk(child, key));
    if (node && typeof node === 'object') return { ...Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)])), note: echo };
    return node;
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let head: unknown[] | undefined;
  res.writeHead = (...args: unknown[]) => {
    head = args;
    return res;
  };
  res.end = ((body?: unknown, ...rest: unknown[]) => {
    const [status, headers = {}] = (head ?? [res.statusCode]) as [number, Record<string, string>?];
    let text = typeof body === 'string' || Buffer.isBuffer(body) ? body.toString() : '';
    if (text && /json/.test(String(headers['Content-Type'] ?? ''))) {
      try {
        text = JSON.stringify(walk(JSON.parse(text)));
      } catch {
        // not JSON after all: sent as it was
      }
      return writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(text)) }) && end(text);
    }
    writeHead(...(head ?? [status]));
    return end(body, ...rest);
  }) as ServerResponse['end'];
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

function listen(server: Server, host: string, port: number, scheme: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve(`${scheme}://${hostPart}:${address.port}`);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
