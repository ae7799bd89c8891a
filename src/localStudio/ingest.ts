import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server-2';
import { serveThumbnail } from './assets';
import { sendEmpty, sendErrors } from './http';
import type { EmulatorAsset } from './records';
import type { Store } from './store';
import type { UploadTokens } from './tokens';
import { wasCut, type RequestRecord } from './wire';

const DIRECT_PATH = '/api/asset/upload/direct';
const TUS_PATH = '/api/asset/upload/tus';

export interface IngestContext {
  store: Store;
  uploadTokens: UploadTokens;
  dataDir: string;
  ingestOrigin: string;
  /** Another tus store than @tus/server 2 on files (the project's tests plug in the service's S3 store). */
  tusStore?: TusStoreFactory;
  host: string;
}

/** A tus endpoint: what a store other than the files one answers with. */
export interface TusEndpoint {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export type TusStoreFactory = (options: {
  path: string;
  dataDir: string;
  host: string;
  /** The upload's id (the asset's playbackId) for a creation request. */
  nameUpload: (req: IncomingMessage) => string;
  /** Called once the last byte is stored, with the file holding the completed object. */
  onComplete: (uploadId: string, file: string, size: number) => void;
}) => Promise<TusEndpoint>;

type Handler = (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => Promise<void>;

export interface Ingest {
  handle: Handler;
  close(): Promise<void>;
}

/** The upload host: token-authorized direct PUTs and a tus endpoint (on disk, or the store given). */
export async function createIngest(ctx: IngestContext): Promise<Ingest> {
  const { store } = ctx;
  const directDir = join(ctx.dataDir, 'direct');
  const tusDir = join(ctx.dataDir, 'tus');
  // FileStore creates its directory asynchronously and throws from a callback on failure.
  await mkdir(directDir, { recursive: true });
  await mkdir(tusDir, { recursive: true });

  /** Resolves the asset a token authorizes, answering the error itself when there is none. */
  function authorize(url: URL, res: ServerResponse): EmulatorAsset | undefined {
    const check = ctx.uploadTokens.verify(url.searchParams.get('token'));
    if (!check.ok) {
      sendErrors(res, 403, `Invalid signed upload URL: ${check.reason}`);
      return undefined;
    }
    const asset = store.assets.get(check.assetId);
    if (!asset) {
      sendErrors(res, 404, 'not found');
      return undefined;
    }
    if (store.uploadedFiles.has(asset.id)) {
      sendErrors(res, 422, 'asset has already been uploaded');
      return undefined;
    }
    return asset;
  }

  /**
   * The upload id for a creation request: the playbackId of the asset its token names, so the
   * Location looks like the real one and carries no token.
   */
  const uploadName = (url: URL): string => {
    const check = ctx.uploadTokens.verify(url.searchParams.get('token'));
    const asset = check.ok ? store.assets.get(check.assetId) : undefined;
    // @tus/server answers with a thrown error's status_code and body.
    if (!asset) throw Object.assign(new Error('Invalid signed upload URL'), { status_code: 403, body: 'Invalid signed upload URL\n' });
    return asset.playbackId;
  };
  const completeTus = (uploadId: string, file: string, size: number): void => {
    const asset = store.assetByPlaybackId(uploadId);
    if (asset && !store.uploadedFiles.has(asset.id)) store.completeUpload(asset.id, file, size);
  };
  const tus: TusEndpoint = ctx.tusStore
    ? await ctx.tusStore({
        path: TUS_PATH,
        dataDir: join(ctx.dataDir, 's3'),
        host: ctx.host,
        nameUpload: (req) => uploadName(new URL(req.url ?? '/', ctx.ingestOrigin)),
        onComplete: completeTus,
      })
    : fileTus();

  function fileTus() {
    const server = new TusServer({
      path: TUS_PATH,
      datastore: new FileStore({ directory: tusDir }),
      respectForwardedHeaders: false,
      // A HEAD that resumes right after a dropped PATCH asks that PATCH to drain its lock, and
      // @tus/server leaves that drain timer running even once the lock is free. At the 3 s
      // default it holds test processes open; a dropped PATCH on loopback drains far sooner.
      lockDrainTimeout: 100,
      // Finished upload files are the evidence uploadedSha256 hashes; keep them.
      disableTerminationForFinishedUploads: true,
      generateUrl: (_req, { id }) => `${ctx.ingestOrigin}${TUS_PATH}/${id}`,
      // The router verified the token already.
      namingFunction: (req) => uploadName(new URL(req.url)),
      onUploadFinish: async (_req, upload) => {
        completeTus(upload.id, join(tusDir, upload.id), upload.size ?? upload.offset);
        return {};
      },
    });
    return { handle: (req: IncomingMessage, res: ServerResponse) => server.handle(req, res), close: async () => undefined };
  }

  async function direct(req: IncomingMessage, res: ServerResponse, asset: EmulatorAsset): Promise<void> {
    if (req.headers.authorization) {
      // The service passes the header on to object storage, which refuses a second kind of auth.
      req.resume();
      sendErrors(res, 400, 'Only one auth mechanism allowed');
      return;
    }
    const file = join(directDir, `${asset.id}.${randomUUID()}`);
    try {
      await pipeline(req, createWriteStream(file));
    } catch {
      // The connection broke mid-body: a partial upload must leave no trace.
      await rm(file, { force: true });
      return;
    }
    if (!req.complete || wasCut(req) || store.uploadedFiles.has(asset.id)) {
      await rm(file, { force: true });
      if (store.uploadedFiles.has(asset.id)) sendErrors(res, 422, 'asset has already been uploaded');
      else res.destroy();
      return;
    }
    const { size } = await stat(file);
    store.completeUpload(asset.id, file, size);
    sendEmpty(res, 200);
  }

  const handle: Handler = async (req, res, record) => {
    const url = new URL(req.url ?? '/', ctx.ingestOrigin);
    const method = req.method ?? 'GET';
    // Both creation routes carry the signed token: check it, then hand over to the route.
    const authorized = async (handle: (asset: EmulatorAsset) => Promise<void>) => {
      const asset = authorize(url, res);
      if (!asset) {
        req.resume();
        return;
      }
      record.assetId = asset.id;
      await handle(asset);
    };
    if (url.pathname === DIRECT_PATH && method === 'PUT') return authorized((asset) => direct(req, res, asset));
    if (url.pathname === TUS_PATH && method === 'POST') return authorized(() => tus.handle(req, res));
    if (url.pathname === TUS_PATH || url.pathname.startsWith(`${TUS_PATH}/`)) {
      record.assetId = store.assetByPlaybackId(url.pathname.slice(TUS_PATH.length + 1))?.id;
      await tus.handle(req, res);
      return;
    }
    req.resume();
    if (serveThumbnail(store, method, url.pathname, res)) return;
    sendErrors(res, 404, 'not found');
  };
  return { handle, close: () => tus.close() };
}
