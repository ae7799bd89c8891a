import { startAssetTask } from './assetRecovery';
import type { Scheduler } from './scheduler';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './accounts';
import { assetJson } from './assets';
import { sendErrors, sendJson } from './http';
import { paginate } from './pagination';
import type { EmulatorAsset, EmulatorStream } from './records';
import type { Store } from './store';
import type { ObjectSchema } from './validate';

// POST /clip and the clip lists as the real service answers them (studio-api.md, "Clips"): only a
// stream's playbackId, at most 5 clips processing per requester, times in Unix ms. A clip becomes an
// asset that goes waiting → processing → ready and plays (the fixture's media).

const CLIP: ObjectSchema = {
  required: ['playbackId', 'startTime'],
  properties: { playbackId: { type: 'string' }, startTime: { type: 'number' }, endTime: { type: 'number' }, name: { type: 'string' }, sessionId: { type: 'string' } },
};
const MAX_PROCESSING = 5;
const WINDOW_MS = 5 * 60_000;

export interface ClipsContext {
  store: Store;
  scheduler: Scheduler;
  ingestOrigin: string;
  apiOrigin: string;
  defaultPageSize: number;
  readBody(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema, whenEmpty: unknown): Promise<object | undefined>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => Promise<void> | void;

export function clipHandlers(ctx: ClipsContext): Record<'create' | 'ofStream' | 'ofSession', Handler> {
  const { store } = ctx;
  /** Clip requests per requester (client IP header, else playbackId): when, and the asset made. */
  const requested = new Map<string, Array<{ at: number; assetId: string }>>();

  const processing = (requester: string): number => {
    const now = Date.now();
    return (requested.get(requester) ?? []).filter(({ at, assetId }) => {
      const phase = store.assets.get(assetId)?.status.phase;
      return now - at < WINDOW_MS && (phase === 'waiting' || phase === 'processing');
    }).length;
  };

  const clipsOf = (test: (asset: EmulatorAsset) => boolean): EmulatorAsset[] =>
    [...store.assets.values()].filter((asset) => asset.source.type === 'clip' && test(asset)).sort((a, b) => b.createdAt - a.createdAt);

  const sendClips = (res: ServerResponse, url: URL, rows: EmulatorAsset[]): void => {
    const { page, headers } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin });
    sendJson(res, 200, page.map((asset) => assetJson(asset, ctx.ingestOrigin)), headers);
  };

  return {
    async create(req, res, _url, _params, caller) {
      const body = (await ctx.readBody(req, res, CLIP, undefined)) as { playbackId: string; startTime: number; endTime?: number; name?: string; sessionId?: string } | undefined;
      if (!body) return;
      const stream = store.streamByPlaybackId(body.playbackId);
      if (!stream || stream.suspended) return sendErrors(res, 404, 'Content not found');
      if (stream.userId !== caller.userId) return sendErrors(res, 403, 'You do not have permission to clip this stream');
      let session: EmulatorStream | undefined;
      if (body.sessionId !== undefined) {
        session = store.streams.get(body.sessionId);
        if (!session?.parentId) return sendErrors(res, 404, 'Session not found');
        if (session.parentId !== stream.id) return sendErrors(res, 404, 'The provided session id does not belong to this stream');
      } else {
        session = [...store.streams.values()].filter((s) => s.parentId === stream.id).sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0];
        if (!session) return sendErrors(res, 500, 'Internal server error');
      }
      if (body.endTime !== undefined && body.endTime <= body.startTime) return sendErrors(res, 422, 'endTime must occur after startTime');
      const requester = String(req.headers['x-forwarded-for'] ?? body.playbackId);
      if (processing(requester) >= MAX_PROCESSING) return sendErrors(res, 403, 'Too many clips are being processed.');
      const asset = store.createAsset('', caller.tokenName, caller);
      asset.name = body.name || `clip-${asset.playbackId}`;
      asset.source = { type: 'clip', playbackId: body.playbackId, sessionId: session.id };
      asset.status = { phase: 'waiting', updatedAt: Date.now() };
      const from = session.createdAt ?? 0;
      asset.clipWindow = [body.startTime - from, (body.endTime ?? Date.now()) - from];
      requested.set(requester, [...(requested.get(requester) ?? []), { at: Date.now(), assetId: asset.id }]);
      const params = { clip: { url: '', playbackId: body.playbackId, sessionId: session.id, clipStrategy: { startTime: body.startTime, endTime: body.endTime } } };
      const task = startAssetTask(store, ctx.scheduler, { type: 'clip', asset, params, owner: caller, requesterId: requester, stepMs: store.processingDelayMs });
      sendJson(res, 200, { task: { id: task.id }, asset: assetJson(asset, ctx.ingestOrigin) });
    },
    ofStream(_req, res, url, [id], caller) {
      const stream = store.streams.get(id ?? '') ?? store.streamByPlaybackId(id ?? '');
      if (!stream || stream.deleted || stream.parentId) return sendErrors(res, 404, 'Stream not found');
      if (stream.userId !== caller.userId) return sendJson(res, 200, []);
      sendClips(res, url, clipsOf((asset) => asset.source.playbackId === stream.playbackId));
    },
    ofSession(_req, res, url, [id], caller) {
      const session = store.streams.get(id ?? '');
      if (!session?.parentId) return sendErrors(res, 404, 'Session not found');
      if (session.userId !== caller.userId) return sendJson(res, 200, []);
      sendClips(res, url, clipsOf((asset) => asset.source.sessionId === session.id));
    },
  };
}
