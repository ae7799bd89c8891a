import type { IncomingMessage, ServerResponse } from 'node:http';
import { listedFor, type Owner } from './accounts';
import { policyRefusal } from './accessWebhook';
import { likeMatcher, parseFilters, rangeMatcher } from './filters';
import { sendErrors, sendJson } from './http';
import { orderBy } from './order';
import { paginate } from './pagination';
import { assetPlaybackUrls } from './playback';
import { thumbnailPng } from './png';
import type { EmulatorAsset } from './records';
import type { Store } from './store';
import type { ObjectSchema } from './validate';
import type { WebhookState } from './webhookState';

/** Fields PATCH /asset/{id} accepts; anything else is 422, as the real validator answers. */
const UPDATE_ASSET: ObjectSchema = {
  properties: { name: { type: 'string', minLength: 1 }, playbackPolicy: { type: 'object' }, storage: { type: 'object' }, creatorId: {} },
};

export interface AssetRoutesContext {
  store: Store;
  apiOrigin: string;
  ingestOrigin: string;
  defaultPageSize: number;
  /** The webhooks a webhook playback policy names. */
  webhooks: WebhookState;
  /** Parses and validates a JSON body; on failure it has already answered and returns undefined. */
  readBody(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema, whenEmpty: unknown): Promise<object | undefined>;
}

/** An asset as the API answers it: the playback and download addresses appear once it is ready. */
export function assetJson(asset: EmulatorAsset, cdnOrigin: string): EmulatorAsset {
  // A clip's window is the emulator's own note (for its media), not a field of the service.
  const { clipWindow: _window, ...shown } = asset;
  if (shown.status.phase !== 'ready') return shown;
  const urls = assetPlaybackUrls(shown.playbackId, cdnOrigin);
  return { ...shown, playbackUrl: urls.hls, downloadUrl: urls.mp4 };
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Owner) => Promise<void> | void;

/** GET /asset, GET /asset/{id}, PATCH /asset/{id}. */
export function assetHandlers(ctx: AssetRoutesContext): Record<'list' | 'get' | 'update', Handler> {
  const { store } = ctx;
  return {
    list(_req: IncomingMessage, res: ServerResponse, url: URL, _params: string[], caller: Owner): void {
      const filters = parseAssetFilters(url.searchParams.get('filters'));
      if (typeof filters === 'string') {
        sendErrors(res, 400, `error parsing filters: ${filters}`);
        return;
      }
      const rows = [...store.assets.values()].filter((asset) => listedFor(asset, caller) && filters.every((matches) => matches(asset))).sort(assetOrder(url.searchParams.get('order')));
      const { page, headers } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin });
      sendJson(res, 200, page.map((asset) => assetJson(asset, ctx.ingestOrigin)), headers);
    },

    get(_req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): void {
      const asset = store.assets.get(id ?? '');
      if (asset) sendJson(res, 200, assetJson(asset, ctx.ingestOrigin));
      else sendErrors(res, 404, 'not found');
    },

    async update(req: IncomingMessage, res: ServerResponse, _url: URL, [id]: string[]): Promise<void> {
      const body = await ctx.readBody(req, res, UPDATE_ASSET, {});
      if (!body) return;
      const asset = store.assets.get(id ?? '');
      if (!asset) {
        sendErrors(res, 404, 'asset not found');
        return;
      }
      if (asset.status.phase !== 'ready') {
        sendErrors(res, 422, 'asset is not ready');
        return;
      }
      const { name, playbackPolicy } = body as Partial<EmulatorAsset>;
      const refused = policyRefusal(playbackPolicy, asset, ctx.webhooks) ?? privacyFlip(asset.playbackPolicy, playbackPolicy);
      if (refused) {
        sendErrors(res, refused.status, refused.message);
        return;
      }
      if (name !== undefined) asset.name = name;
      if (playbackPolicy !== undefined) asset.playbackPolicy = playbackPolicy;
      sendJson(res, 200, assetJson(asset, ctx.ingestOrigin));
    },
  };
}

/** The service keeps an asset public or private (jwt/webhook) for good: 422 when a change crosses. */
function privacyFlip(current: EmulatorAsset['playbackPolicy'], next: EmulatorAsset['playbackPolicy']): { status: number; message: string } | undefined {
  if (!next) return undefined;
  const wasPublic = (current?.type ?? 'public') === 'public';
  if (wasPublic === (next.type === 'public')) return undefined;
  return { status: 422, message: 'cannot update playback policy from private to public or vice versa' };
}

/**
 * Serves GET /hls/{playbackId}/thumbnails/keyframes_0.png on the CDN origin: a real PNG for a
 * ready asset, 404 otherwise. Returns false when the path is not a thumbnail.
 */
export function serveThumbnail(store: Store, method: string, pathname: string, res: ServerResponse): boolean {
  const match = /^\/hls\/([^/]+)\/thumbnails\/keyframes_0\.png$/.exec(pathname);
  if (!match || method !== 'GET') return false;
  const asset = store.assetByPlaybackId(match[1] ?? '');
  if (!asset || asset.status.phase !== 'ready') {
    sendErrors(res, 404, 'not found');
    return true;
  }
  const png = thumbnailPng(asset.playbackId);
  res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'max-age=3600' });
  res.end(png);
  return true;
}

type AssetFilter = (asset: EmulatorAsset) => boolean;

/** Parses the `filters` JSON of the asset list; returns the reason when it is not valid. Unknown ids are ignored. */
function parseAssetFilters(raw: string | null): AssetFilter[] | string {
  return parseFilters(raw, (id, value): AssetFilter | string | undefined => {
    if (id === 'name') {
      if (typeof value !== 'string') return 'value of filter name must be a string';
      const matches = likeMatcher(value);
      return (asset) => matches(asset.name);
    }
    if (id === 'phase' || id === 'playbackId' || id === 'id') {
      if (typeof value !== 'string') return `value of filter ${id} must be a string`;
      return (asset) => (id === 'phase' ? asset.status.phase : asset[id]) === value;
    }
    if (id === 'createdAt') {
      const inRange = rangeMatcher(value, 'createdAt');
      return typeof inRange === 'string' ? inRange : (asset) => inRange(asset.createdAt);
    }
    return undefined;
  });
}

const ORDER_FIELDS: Record<string, (asset: EmulatorAsset) => number | string> = {
  createdAt: (asset) => asset.createdAt,
  updatedAt: (asset) => asset.status.updatedAt ?? asset.createdAt,
  name: (asset) => (asset.name ?? '').toLowerCase(),
  size: (asset) => asset.size ?? 0,
};

/** Default most recently updated first. */
function assetOrder(raw: string | null): (a: EmulatorAsset, b: EmulatorAsset) => number {
  return orderBy(raw, ORDER_FIELDS, 'updatedAt-true');
}
