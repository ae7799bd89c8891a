import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANONYMOUS, listedFor, ownedBy, ownerOf, type Accounts, type Caller } from './accounts';
import { assetHandlers } from './assets';
import { accessGate, type Gate, type GateTiming } from './accessControl';
import { clipHandlers } from './clips';
import { likeMatcher, parseFilters } from './filters';
import { multistreamHandlers, type MultistreamTargets } from './multistream';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { paginate } from './pagination';
import { playbackInfo } from './playback';
import { ofAnotherProject, projectHandlers } from './projects';
import type { EmulatorStream } from './records';
import { MAX_SIGNING_KEYS, type Store } from './store';
import type { UploadTokens } from './tokens';
import { streamHandlers } from './streams';
import { validate, type ObjectSchema } from './validate';
import { viewershipHandlers, type Viewership } from './viewership';
import { analyticsHandlers } from './analytics';
import { webhookHandlers } from './webhooks';
import type { WebhookState } from './webhookState';
import type { Deliveries } from './deliveries';
import { assetRecoveryHandlers, reprocess } from './assetRecovery';
import { importHandler, UPLOAD_OPTIONS, type Importer } from './imports';
import type { Scheduler } from './scheduler';
import { taskHandlers } from './tasks';

export interface ApiContext {
  store: Store;
  uploadTokens: UploadTokens;
  /** Users, projects and the API tokens of each: whose resources a request sees. */
  accounts: Accounts;
  apiOrigin: string;
  ingestOrigin: string;
  defaultPageSize: number;
  /** How soon a second terminate of a stream is refused with 429. */
  terminateIntervalMs: number;
  /** Undefined without an analytics backend: the /data/views routes are then unknown (404 `not found`). */
  viewership: Viewership | undefined;
  webhooks: WebhookState;
  deliveries: Deliveries;
  gate: Gate;
  gateTiming: GateTiming;
  scheduler: Scheduler;
  /** Step of the processing pipeline (EmulatorOptions.processingDelayMs). */
  processingDelayMs: number;
  importer: Importer;
  multistream: MultistreamTargets;
}

const CREATE_KEY: ObjectSchema = { properties: { name: { type: 'string' }, projectId: { type: 'string' } } };
const UPDATE_KEY: ObjectSchema = { properties: { name: { type: 'string' }, disabled: { type: 'boolean' } } };
const REQUEST_UPLOAD: ObjectSchema = { required: ['name'], properties: UPLOAD_OPTIONS };

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => Promise<void> | void;

/** A route; `public` ones answer without an API token, as the real service's playback and gate do. */
interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  public?: boolean;
}

export function createApi(ctx: ApiContext): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { store } = ctx;
  const streams = streamHandlers(ctx);
  const assets = assetHandlers({ ...ctx, readBody });
  const views = ctx.viewership && viewershipHandlers(ctx.viewership);
  const analytics = ctx.viewership && analyticsHandlers(store, ctx.viewership);
  const projects = projectHandlers(ctx.accounts);
  const webhooks = webhookHandlers({ ...ctx, state: ctx.webhooks });
  const tasks = taskHandlers({ ...ctx, board: store.tasks });
  const recovery = assetRecoveryHandlers(store);
  const targets = multistreamHandlers(ctx.multistream, ctx);
  const clips = clipHandlers({ ...ctx, readBody });

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/api\/access-control\/signing-key\/?$/, handler: listKeys },
    { method: 'POST', pattern: /^\/api\/access-control\/signing-key\/?$/, handler: createKey },
    { method: 'GET', pattern: /^\/api\/access-control\/signing-key\/([^/]+)$/, handler: getKey },
    { method: 'PATCH', pattern: /^\/api\/access-control\/signing-key\/([^/]+)$/, handler: updateKey },
    { method: 'DELETE', pattern: /^\/api\/access-control\/signing-key\/([^/]+)$/, handler: deleteKey },
    { method: 'POST', pattern: /^\/api\/asset\/request-upload\/?$/, handler: requestUpload },
    { method: 'GET', pattern: /^\/api\/asset\/?$/, handler: assets.list },
    { method: 'GET', pattern: /^\/api\/asset\/([^/]+)$/, handler: assets.get },
    { method: 'PATCH', pattern: /^\/api\/asset\/([^/]+)$/, handler: assets.update },
    { method: 'DELETE', pattern: /^\/api\/asset\/([^/]+)$/, handler: deleteAsset },
    { method: 'GET', pattern: /^\/api\/playback\/([^/]+)$/, handler: getPlayback, public: true },
    { method: 'GET', pattern: /^\/api\/stream\/?$/, handler: listStreams },
    { method: 'POST', pattern: /^\/api\/stream\/?$/, handler: streams.createStream },
    { method: 'GET', pattern: /^\/api\/stream\/([^/]+)$/, handler: streams.getStream },
    { method: 'PATCH', pattern: /^\/api\/stream\/([^/]+)$/, handler: streams.updateStream },
    { method: 'DELETE', pattern: /^\/api\/stream\/([^/]+)$/, handler: streams.deleteStream },
    { method: 'PATCH', pattern: /^\/api\/stream\/([^/]+)\/record$/, handler: streams.setRecord },
    { method: 'PATCH', pattern: /^\/api\/stream\/([^/]+)\/suspended$/, handler: streams.setSuspended },
    { method: 'DELETE', pattern: /^\/api\/stream\/([^/]+)\/terminate$/, handler: streams.terminateStream },
    { method: 'GET', pattern: /^\/api\/stream\/([^/]+)\/sessions$/, handler: streams.listSessions },
    { method: 'POST', pattern: /^\/api\/stream\/([^/]+)\/create-multistream-target$/, handler: streams.addTarget },
    { method: 'DELETE', pattern: /^\/api\/stream\/([^/]+)\/multistream\/([^/]+)$/, handler: streams.removeTarget },
    { method: 'POST', pattern: /^\/api\/clip\/?$/, handler: clips.create },
    { method: 'GET', pattern: /^\/api\/stream\/([^/]+)\/clips$/, handler: clips.ofStream },
    { method: 'GET', pattern: /^\/api\/session\/([^/]+)\/clips$/, handler: clips.ofSession },
    { method: 'GET', pattern: /^\/api\/multistream\/target\/?$/, handler: targets.list },
    { method: 'POST', pattern: /^\/api\/multistream\/target\/?$/, handler: targets.create },
    { method: 'GET', pattern: /^\/api\/multistream\/target\/([^/]+)$/, handler: targets.get },
    { method: 'PATCH', pattern: /^\/api\/multistream\/target\/([^/]+)$/, handler: targets.update },
    { method: 'DELETE', pattern: /^\/api\/multistream\/target\/([^/]+)$/, handler: targets.delete },
    { method: 'GET', pattern: /^\/api\/ingest\/?$/, handler: streams.listIngests, public: true },
    { method: 'POST', pattern: /^\/api\/access-control\/gate\/?$/, handler: accessGate(ctx.gate, ctx.gateTiming), public: true },
    ...(views && analytics
      ? [
          { method: 'GET', pattern: /^\/api\/data\/views\/now\/?$/, handler: views.now },
          { method: 'GET', pattern: /^\/api\/data\/views\/query\/?$/, handler: views.query },
          { method: 'GET', pattern: /^\/api\/data\/views\/query\/total\/([^/]+)$/, handler: views.total, public: true },
          { method: 'GET', pattern: /^\/api\/data\/views\/query\/creator\/?$/, handler: analytics.creator },
          { method: 'GET', pattern: /^\/api\/data\/usage\/query\/?$/, handler: analytics.usage },
        ]
      : []),
    { method: 'GET', pattern: /^\/api\/project\/?$/, handler: projects.list },
    { method: 'POST', pattern: /^\/api\/project\/?$/, handler: projects.create },
    { method: 'GET', pattern: /^\/api\/project\/([^/]+)$/, handler: projects.get },
    { method: 'GET', pattern: /^\/api\/webhook\/?$/, handler: webhooks.list },
    { method: 'POST', pattern: /^\/api\/webhook\/?$/, handler: webhooks.create },
    { method: 'GET', pattern: /^\/api\/webhook\/([^/]+)$/, handler: webhooks.get },
    { method: 'PATCH', pattern: /^\/api\/webhook\/([^/]+)$/, handler: webhooks.update },
    { method: 'DELETE', pattern: /^\/api\/webhook\/([^/]+)$/, handler: webhooks.delete },
    { method: 'GET', pattern: /^\/api\/webhook\/([^/]+)\/log\/?$/, handler: webhooks.listLog },
    { method: 'GET', pattern: /^\/api\/webhook\/([^/]+)\/log\/([^/]+)$/, handler: webhooks.getLog },
    { method: 'POST', pattern: /^\/api\/webhook\/([^/]+)\/log\/([^/]+)\/resend$/, handler: webhooks.resend },
    { method: 'POST', pattern: /^\/api\/asset\/upload\/url\/?$/, handler: importHandler({ ...ctx, readBody }) },
    { method: 'POST', pattern: /^\/api\/asset\/([^/]+)\/retry$/, handler: recovery.retry },
    { method: 'POST', pattern: /^\/api\/asset\/([^/]+)\/restore$/, handler: recovery.restore },
    { method: 'GET', pattern: /^\/api\/task\/?$/, handler: tasks.list },
    { method: 'GET', pattern: /^\/api\/task\/([^/]+)$/, handler: tasks.get },
    { method: 'POST', pattern: /^\/api\/task\/([^/]+)\/retry$/, handler: tasks.retry },
  ];

  function listKeys(_req: IncomingMessage, res: ServerResponse, url: URL, _params: string[], caller: Caller): void {
    const rows = [...store.signingKeys.values()].filter((key) => ownedBy(key, caller));
    const { page, headers } = paginate(rows, url, {
      defaultLimit: ctx.defaultPageSize,
      origin: ctx.apiOrigin,
      linkPastLastPage: true,
    });
    sendJson(res, 200, page, headers);
  }

  async function createKey(req: IncomingMessage, res: ServerResponse, _url: URL, _params: string[], caller: Caller): Promise<void> {
    const body = await readBody(req, res, CREATE_KEY, {});
    if (!body) return;
    // The real service counts the user's keys before adding: it lets the 11th through and refuses the 12th.
    if ([...store.signingKeys.values()].filter((key) => key.userId === caller.userId).length > MAX_SIGNING_KEYS) {
      sendErrors(res, 403, `user can only have up to ${MAX_SIGNING_KEYS} signing keys, delete some first`);
      return;
    }
    // An API key creates in its own project, whatever projectId the body names.
    const { key, privateKey } = store.createSigningKey({ name: (body as { name?: string }).name, ...ownerOf(caller) });
    sendJson(res, 201, { ...key, privateKey });
  }

  function getKey(_req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): void {
    const key = store.signingKeys.get(id ?? '');
    if (key) sendJson(res, 200, key);
    else sendErrors(res, 404, 'not found');
  }

  async function updateKey(req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): Promise<void> {
    const body = await readBody(req, res, UPDATE_KEY, {});
    if (!body) return;
    const key = store.signingKeys.get(id ?? '');
    if (!key) {
      sendErrors(res, 404, 'not found');
      return;
    }
    const { name, disabled } = body as { name?: string; disabled?: boolean };
    if (name !== undefined) key.name = name;
    if (disabled !== undefined) key.disabled = disabled;
    sendEmpty(res, 204);
  }

  function deleteKey(_req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): void {
    if (store.deleteSigningKey(id ?? '')) sendEmpty(res, 204);
    else sendErrors(res, 404, 'not found');
  }

  async function requestUpload(req: IncomingMessage, res: ServerResponse, _url: URL, _params: string[], caller: Caller): Promise<void> {
    const body = await readBody(req, res, REQUEST_UPLOAD, undefined);
    if (!body) return;
    const { name } = body as { name: string };
    const asset = store.createAsset(name, caller.tokenName, ownerOf(caller));
    // The upload's task waits (`pending`) for the bytes, then runs the processing.
    const task = store.tasks.create({
      type: 'upload',
      phase: 'pending',
      ...ownerOf(caller),
      outputAssetId: asset.id,
      params: { upload: { uploadedObjectKey: `directUpload/${asset.playbackId}/source` } },
      rerun: () => reprocess(store, ctx.scheduler, asset, ctx.processingDelayMs),
    });
    const token = ctx.uploadTokens.sign(asset.id);
    sendJson(res, 200, {
      url: `${ctx.ingestOrigin}/api/asset/upload/direct?token=${token}`,
      tusEndpoint: `${ctx.ingestOrigin}/api/asset/upload/tus?token=${token}`,
      asset,
      task: { id: task.id },
    });
  }

  function deleteAsset(_req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): void {
    const outcome = store.deleteAsset(id ?? '');
    if (outcome === 'deleted') sendEmpty(res, 204);
    else if (outcome === 'already deleted') sendErrors(res, 400, 'asset is already deleted');
    else sendErrors(res, 404, 'Asset not found');
  }

  function getPlayback(_req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): void {
    const info = playbackInfo(store, id ?? '', ctx.ingestOrigin);
    if (info) sendJson(res, 200, info);
    // As the service: an asset that exists but is not ready yet is 422, only an unknown id is 404.
    else if (store.assetByPlaybackId(id ?? '')) sendErrors(res, 422, 'asset is not ready for playback');
    else sendErrors(res, 404, `No playback URL found for ${id ?? ''}`);
  }

  function listStreams(_req: IncomingMessage, res: ServerResponse, url: URL, _params: string[], caller: Caller): void {
    const filters = parseStreamFilters(url.searchParams.get('filters'));
    if (typeof filters === 'string') {
      sendErrors(res, 400, `error parsing filters: ${filters}`);
      return;
    }
    const streamsOnly = url.searchParams.get('streamsonly') === '1' || url.searchParams.get('streamsonly') === 'true';
    const rows = [...store.streams.values()]
      .filter((s) => listedFor(s, caller) && !s.deleted && !(streamsOnly && s.parentId))
      .filter((s) => filters.every((matches) => matches(s)))
      .sort((a, b) => (b.lastSeen ?? 0) - (a.lastSeen ?? 0) || (b.createdAt ?? 0) - (a.createdAt ?? 0));
    const { page, headers } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin, linkEveryFullPage: true });
    sendJson(res, 200, page, headers);
  }

  /** Parses and validates a JSON body; on failure it has already answered and returns undefined. */
  async function readBody(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema, whenEmpty: unknown): Promise<object | undefined> {
    const body = await readJson(req);
    if (!body.ok) {
      sendErrors(res, body.status, body.message);
      return undefined;
    }
    const value = body.value === undefined ? whenEmpty : body.value;
    const problem = validate(value, schema);
    if (problem) {
      sendErrors(res, 422, problem);
      return undefined;
    }
    return value as object;
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', ctx.apiOrigin);
    const method = req.method ?? 'GET';
    const found = routes.map((route) => ({ route, match: route.method === method ? route.pattern.exec(url.pathname) : null })).find((r) => r.match);
    const auth = found?.route.public ? ANONYMOUS : authenticate(req, ctx.accounts);
    if ('error' in auth) {
      req.resume();
      sendErrors(res, 401, auth.error);
      return;
    }
    if (!found?.match || ofAnotherProject({ store, webhooks: ctx.webhooks }, url.pathname, auth)) {
      req.resume();
      sendErrors(res, 404, 'not found');
      return;
    }
    await found.route.handler(req, res, url, found.match.slice(1).map(decodeURIComponent), auth);
  };
}

function authenticate(req: IncomingMessage, accounts: Accounts): Caller | { error: string } {
  const header = req.headers.authorization;
  if (!header) return { error: 'request is not authenticated' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { error: 'request is not authenticated' };
  // The real service echoes an unknown token in its error (`no token X found`), so clients must redact it.
  const token = match[1] ?? '';
  return accounts.callerOf(token) ?? { error: `no token ${token} found` };
}

type StreamFilter = (stream: EmulatorStream) => boolean;

/** Returns the filters, or the reason they are invalid. A missing isActive or record counts as false. */
function parseStreamFilters(raw: string | null): StreamFilter[] | string {
  return parseFilters(raw, (id, value): StreamFilter | string | undefined => {
    if (id === 'name') {
      if (typeof value !== 'string') return 'value of filter name must be a string';
      const matches = likeMatcher(value);
      return (stream) => matches(stream.name);
    }
    if (id !== 'isActive' && id !== 'record') return undefined;
    return typeof value === 'boolean' ? (stream) => (stream[id] ?? false) === value : `expected boolean value for field "${id}", got: ${JSON.stringify(value)}`;
  });
}
