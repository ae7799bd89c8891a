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
import { applyFault } from './applyFault';
import { handleControl } from './control';
import { Faults } from './faults';
import { Ids } from './ids';
import { sendErrors } from './http';
import { createIngest, type TusStoreFactory } from './ingest';
import { Importer } from './imports';
import { Scheduler } from './scheduler';
import { seed } from './seed';
import { Store } from './store';
import { UploadTokens } from './tokens';
import { playbackOrigin } from './playbackOrigin';
import { Viewership } from './viewership';
import { WebhookState } from './webhookState';
import { keepSaved, ownerOfSnapshot, readSnapshot, restoreSnapshot } from './snapshot';
import { observe, type Origin, type RequestRecord } from './wire';

export type { AccountToken } from './accounts';
export type { FaultAction, FaultMatch } from './faults';
export type { EmulatorAsset, EmulatorSigningKey, EmulatorStream } from './records';
export type { DeliveryOptions } from './deliveries';
export type { DeliveryEntry, EmulatorWebhook, WebhookState } from './webhookState';
export type { EmulatorTask, TaskFault, TaskPhase } from './tasks';
export { startAssetTask } from './assetRecovery';
export { NOT_ACCESSIBLE, NOT_A_VIDEO } from './imports';
export type { TusEndpoint, TusStoreFactory } from './ingest';
export { FIXTURES_DIR } from './hlsFixture';
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
  /**
   * Where uploads are written; default a fresh temp dir that close() removes. Given, it also keeps the
   * account (snapshot.ts): what a previous run left there is back, and each change is saved.
   */
  dataDir?: string;
  /** Step of the waiting → processing → ready timer after an upload; default 200. */
  processingDelayMs?: number;
  /** Page size when a list request has no limit; default 10. */
  defaultPageSize?: number;
  /** Where tus uploads are stored: @tus/server 2 with FileStore unless another store is given (the project's tests give the service's S3 store). */
  tusStore?: TusStoreFactory;
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
  const saved = ownsDataDir ? undefined : await readSnapshot(dataDir);
  const store = new Store(scheduler, options.processingDelayMs ?? 200, new Ids(options.idSeed), saved && ownerOfSnapshot(saved));
  if (options.seed && !saved) seed(store);
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
  const kept = { store, accounts, webhooks, multistream, dataDir };
  if (saved) restoreSnapshot(saved, kept);
  const saving = ownsDataDir ? undefined : keepSaved(kept);
  const unwatchSaving = saving && store.onEvent(() => saving.changed());
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
  const ingest = await createIngest({ store, uploadTokens, dataDir, ingestOrigin, tusStore: options.tusStore, host }).catch(abandon);
  const control = { store, accounts, faults, changed: () => saving?.changed() };

  const serve =
    (origin: Origin, handle: (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => Promise<void>) =>
    (req: IncomingMessage, res: ServerResponse): void =>
      void (async () => {
      const observed = observe(origin, req, res, requests);
      observed.record.tokenId = accounts.tokenIdOf(req.headers.authorization);
      // Any change may come of a request that is not a read (a webhook's, a target's): saved once answered.
      if (saving && req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', () => saving.changed());
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
  apiServer.on('request', serve('api', async (req, res) => {
    if (!(await handleControl(control, req, res))) await api(req, res);
  }));
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
      unwatchSaving?.();
      scheduler.dispose();
      await Promise.all([closeServer(apiServer), closeServer(ingestServer), ingest.close(), deliveries.close(), importer.close(), gate.close()]);
      await saving?.flush();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
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
