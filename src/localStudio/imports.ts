import { randomUUID } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ownedBy, ownerOf, type Caller } from './accounts';
import { sendErrors, sendJson } from './http';
import type { Scheduler } from './scheduler';
import type { EmulatorAsset } from './records';
import type { Store } from './store';
import type { EmulatorTask } from './tasks';
import type { ObjectSchema } from './validate';
import { fetchFile } from './fetchFile';
import type { WebhookState } from './webhookState';

/** The options POST /asset/request-upload and POST /asset/upload/url share; anything else is 422. */
export const UPLOAD_OPTIONS: ObjectSchema['properties'] = {
  name: { type: 'string', minLength: 1 },
  projectId: { type: 'string' },
  staticMp4: { type: 'boolean' },
  playbackPolicy: { type: 'object' },
  creatorId: {},
  storage: { type: 'object' },
  encryption: { type: 'object' },
  c2pa: { type: 'boolean' },
  profiles: { type: 'array' },
  targetSegmentSizeSecs: { type: 'number' },
};
export const IMPORT: ObjectSchema = { required: ['name', 'url'], properties: { ...UPLOAD_OPTIONS, url: { type: 'string' } } };

/** The task runner's own words (humanized errors). */
export const NOT_ACCESSIBLE = 'file could not be imported from URL because it was not accessible';
export const NOT_A_VIDEO = 'failed to probe or open file, check your input file against the input codec and container support matrix';
/** The same URL again within this long, while the first is still on its way, answers the first import. */
const SAME_IMPORT_MS = 15 * 60_000;
/** A download that fails is tried again this many times before the task fails (retries counted in its status). */
const DOWNLOAD_RETRIES = 2;
const URL_PATTERN = '^(https?|ipfs|ar)://';

/** The first bytes of the containers the emulator accepts as video: MP4/MOV (`ftyp` at 4), MPEG-TS, Matroska/WebM. */
function looksLikeVideo(head: Buffer): boolean {
  return head.subarray(4, 8).toString('latin1') === 'ftyp' || head[0] === 0x47 || head.readUInt32BE(0) === 0x1a45dfa3;
}

function ajvError(keyword: 'pattern' | 'format', params: Record<string, string>, message: string): string {
  return JSON.stringify([{ instancePath: '/url', schemaPath: `#/properties/url/${keyword}`, keyword, params, message }]);
}

/**
 * Imports (POST /asset/upload/url): the task downloads its URL, for real but only from this machine
 * (a test's loopback server), stores the bytes as the asset's upload and processes them. An
 * unreachable URL or an answer other than 2xx is retried, then fails the task and the asset with the
 * task runner's message; bytes that are no video fail at once.
 */
export class Importer {
  private readonly closing = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly dataDir: string,
    private readonly stepMs: number,
  ) {}

  /** Runs (or runs again) the download of `task` into `asset`. */
  start(asset: EmulatorAsset, task: EmulatorTask): void {
    this.scheduler.after(this.stepMs * 2 ** (task.status.retries ?? 0), () => {
      if (this.store.assets.get(asset.id) !== asset) return;
      // A failed asset that is retried waits again once the task runner picks its task up.
      if (asset.status.phase === 'failed') asset.status = { phase: 'waiting', updatedAt: Date.now() };
      this.store.tasks.update(task, { phase: 'running', progress: 0, retries: task.status.retries ?? 0 });
      const running = this.download(asset, task).catch(() => undefined);
      this.inFlight.add(running);
      void running.finally(() => this.inFlight.delete(running));
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async download(asset: EmulatorAsset, task: EmulatorTask): Promise<void> {
    const file = join(this.dataDir, 'imports', `${asset.id}.${randomUUID()}`);
    await mkdir(join(this.dataDir, 'imports'), { recursive: true });
    const fetched = await fetchFile(String((task.params.upload as { url?: string }).url), file, this.closing.signal);
    if (this.closing.signal.aborted || this.store.assets.get(asset.id) !== asset) return;
    if (!fetched) {
      const retries = task.status.retries ?? 0;
      if (retries >= DOWNLOAD_RETRIES) this.store.failAsset(asset.id, NOT_ACCESSIBLE);
      else {
        this.store.tasks.update(task, { phase: 'waiting', retries: retries + 1 });
        this.start(asset, task);
      }
      return;
    }
    const handle = await open(file, 'r');
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0).finally(() => handle.close());
    if (!looksLikeVideo(head)) {
      await rm(file, { force: true });
      this.store.failAsset(asset.id, NOT_A_VIDEO);
      return;
    }
    this.store.uploadedFiles.set(asset.id, file);
    asset.size = (await stat(file)).size;
    this.store.process(asset.id, this.stepMs);
  }
}

export interface ImportContext {
  store: Store;
  importer: Importer;
  webhooks: WebhookState;
  readBody(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema, whenEmpty: unknown): Promise<object | undefined>;
}

type ImportBody = { name: string; url: string; profiles?: unknown[] | null; playbackPolicy?: { type?: string; webhookId?: string } | null };

/** POST /asset/upload/url, with the service's checks in its order and its answers (201 new, 200 the same import again). */
export function importHandler(ctx: ImportContext) {
  const { store } = ctx;
  return async (req: IncomingMessage, res: ServerResponse, _url: URL, _params: string[], caller: Caller): Promise<void> => {
    const body = (await ctx.readBody(req, res, IMPORT, undefined)) as ImportBody | undefined;
    if (!body) return;
    if (!new RegExp(URL_PATTERN).test(body.url)) {
      sendErrors(res, 422, ajvError('pattern', { pattern: URL_PATTERN }, `must match pattern "${URL_PATTERN}"`));
      return;
    }
    if (/\s/.test(body.url)) {
      sendErrors(res, 422, ajvError('format', { format: 'uri' }, 'must match format "uri"'));
      return;
    }
    if (/^https?:\/\/$/.test(body.url)) throw new Error('TypeError: Invalid URL');
    if (Array.isArray(body.profiles) && body.profiles.length === 0) {
      sendErrors(res, 400, 'assets must have at least one profile');
      return;
    }
    const policy = body.playbackPolicy;
    if (policy?.type === 'webhook') {
      if (!policy.webhookId) throw new Error('TypeError: Cannot read properties of undefined');
      const webhook = ctx.webhooks.webhooks.get(policy.webhookId);
      if (!webhook || webhook.deleted || !ownedBy(webhook, caller)) {
        sendErrors(res, 400, `webhook ${policy.webhookId} not found`);
        return;
      }
    }
    const arweave = /^https:\/\/arweave\.net\/([^/?#]+)$/.exec(body.url);
    const source = arweave ? { type: 'url', url: `ar://${arweave[1]}`, gatewayUrl: body.url } : { type: 'url', url: body.url };
    const earlier = [...store.assets.values()].find(
      (a) => ownedBy(a, caller) && a.source.url === source.url && ['waiting', 'processing'].includes(a.status.phase) && Date.now() - a.createdAt < SAME_IMPORT_MS,
    );
    const earlierTask = earlier && store.tasks.ofAsset(earlier.id);
    if (earlier && earlierTask) {
      sendJson(res, 200, { asset: earlier, task: { id: earlierTask.id } });
      return;
    }
    const asset = store.createAsset(body.name, caller.tokenName, ownerOf(caller));
    Object.assign(asset, { source, status: { phase: 'waiting', updatedAt: asset.createdAt } }, policy ? { playbackPolicy: policy } : {});
    const task = store.tasks.create({
      type: 'upload',
      phase: 'waiting',
      ...ownerOf(caller),
      outputAssetId: asset.id,
      params: { upload: { url: source.url, ...(arweave ? { gatewayUrl: body.url } : {}) } },
      rerun: () => ctx.importer.start(asset, task),
    });
    ctx.importer.start(asset, task);
    sendJson(res, 201, { asset, task: { id: task.id } });
  };
}
