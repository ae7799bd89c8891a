import { ID, objectCall, type Shape } from './core/answerShape';
import { StudioApiError } from './core/errors';
import { StudioHttp, type StudioHttpOptions } from './core/http';
import { filtersParam, literalNameMatch, type ListFilter } from './core/listFilters';
import { collectPages, fetchPage, type Page } from './core/pagination';
import { resourcePath } from './core/resourcePath';
import type {
  Asset,
  AssetQuery,
  AssetUpdate,
  CreateStream,
  CreatedSigningKey,
  GateAnswer,
  IngestPoint,
  PlaybackInfo,
  Session,
  SigningKey,
  SigningKeyUpdate,
  Stream,
  StreamQuery,
  UploadRequest,
} from './types';
import { ViewsAvailability, getTotalViews, getViewersNow, getViewsPerDay, type TotalViews, type ViewsRow } from './viewership/client';
import { WebhookApi } from './webhooks/client';

const SIGNING_KEYS = '/access-control/signing-key';
const UPDATABLE_KEY_FIELDS = new Set(['name', 'disabled']);

/** The fields of each answer the extension relies on (checked before the answer is handed on). */
const KEY_SHAPE: Shape = { id: 'string', publicKey: 'string' };
const PLAYBACK_SHAPE: Shape = { meta: { source: 'array' } };
const UPLOAD_REQUEST_SHAPE: Shape = { url: 'string', tusEndpoint: 'string', asset: ID };

/** `streamsonly` and the `filters` JSON the service expects (JSON booleans, never strings). */
export function streamQueryParams(query: StreamQuery): Record<string, string | undefined> {
  const filters: ListFilter[] = [];
  if (query.isActive !== undefined) filters.push({ id: 'isActive', value: query.isActive });
  if (query.record !== undefined) filters.push({ id: 'record', value: query.record });
  const name = query.name?.trim();
  if (name) filters.push({ id: 'name', value: literalNameMatch(name) });
  return { streamsonly: query.streamsOnly ? '1' : undefined, filters: filtersParam(filters) };
}

/** The asset list's `filters` JSON and `order` (newest first). */
export function assetQueryParams(query: AssetQuery): Record<string, string | undefined> {
  const filters: ListFilter[] = [];
  const name = query.name?.trim();
  if (name) filters.push({ id: 'name', value: literalNameMatch(name) });
  if (query.phase) filters.push({ id: 'phase', value: query.phase });
  return { filters: filtersParam(filters), order: 'createdAt-true' };
}

function keyPath(id: string): string {
  return resourcePath(SIGNING_KEYS, id, 'signing key');
}

function assetPath(id: string): string {
  return resourcePath('/asset', id, 'asset');
}

function streamPath(id: string, action = ''): string {
  return `${resourcePath('/stream', id, 'stream')}${action}`;
}

/** Offset of a `skip<N>` cursor, the form the service's list cursors take. */
function skipOffset(cursor: string | undefined): number {
  return Number(/^skip(\d+)$/.exec(cursor ?? '')?.[1] ?? 0);
}

function checkKeyUpdate(update: SigningKeyUpdate): void {
  const fields = Object.keys(update);
  const unknown = fields.filter((field) => !UPDATABLE_KEY_FIELDS.has(field));
  if (unknown.length) throw StudioApiError.config(`only name and disabled can be changed on a signing key, not ${unknown.join(', ')}`);
  if (!fields.length) throw StudioApiError.config('nothing to change on the signing key');
  if (update.name !== undefined && typeof update.name !== 'string') throw StudioApiError.config('signing key name must be text');
  if (update.disabled !== undefined && typeof update.disabled !== 'boolean') throw StudioApiError.config('disabled must be true or false');
}

/** Typed Studio API operations; each is one request, or a loop over pages. */
export class StudioClient {
  readonly http: StudioHttp;
  readonly webhooks: WebhookApi;
  /** Whether this service has viewer numbers: asked no more once it said it has none. */
  private readonly views = new ViewsAvailability();

  constructor(options: StudioHttpOptions) {
    this.http = new StudioHttp(options);
    this.webhooks = new WebhookApi(this.http);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  listSigningKeysPage(cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<SigningKey>> {
    return fetchPage<SigningKey>(this.http, SIGNING_KEYS, KEY_SHAPE, 'signing key list', {}, cursor, limit, signal);
  }

  listSigningKeys(signal?: AbortSignal): Promise<SigningKey[]> {
    return collectPages((cursor) => this.listSigningKeysPage(cursor, undefined, signal), SIGNING_KEYS);
  }

  async getSigningKey(id: string, signal?: AbortSignal): Promise<SigningKey> {
    return objectCall<SigningKey>(this.http, 'GET', keyPath(id), KEY_SHAPE, 'signing key', { signal });
  }

  /** The result carries `privateKey` when the service hands it out: this is the only time it does. */
  async createSigningKey(options: { name?: string } = {}, signal?: AbortSignal): Promise<CreatedSigningKey> {
    const name = options.name?.trim();
    const body = name ? { name } : {};
    return objectCall<CreatedSigningKey>(this.http, 'POST', SIGNING_KEYS, KEY_SHAPE, 'signing key', { body, signal });
  }

  async updateSigningKey(id: string, update: SigningKeyUpdate, signal?: AbortSignal): Promise<void> {
    checkKeyUpdate(update);
    await this.http.call('PATCH', keyPath(id), { body: update, signal });
  }

  async deleteSigningKey(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', keyPath(id), { signal });
  }

  /** Step 1 of an upload: creates the asset and returns its pre-signed upload addresses. */
  async requestUpload(name: string, signal?: AbortSignal): Promise<UploadRequest> {
    if (!name.trim()) throw StudioApiError.config('asset name is empty: give the asset a name');
    return objectCall<UploadRequest>(this.http, 'POST', '/asset/request-upload', UPLOAD_REQUEST_SHAPE, 'upload request', { body: { name: name.trim() }, signal });
  }

  async getAsset(id: string, signal?: AbortSignal): Promise<Asset> {
    return objectCall<Asset>(this.http, 'GET', assetPath(id), ID, 'asset', { signal });
  }

  listAssetsPage(query: AssetQuery, cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<Asset>> {
    return fetchPage<Asset>(this.http, '/asset', ID, 'asset list', assetQueryParams(query), cursor, limit, signal);
  }

  /** Only the name can be changed here; the service refuses it (422 `asset is not ready`) until the asset is ready. */
  async updateAsset(id: string, update: AssetUpdate, signal?: AbortSignal): Promise<Asset> {
    const name = typeof update.name === 'string' ? update.name.trim() : '';
    if (!name) throw StudioApiError.config('asset name is empty: give the asset a name');
    return objectCall<Asset>(this.http, 'PATCH', assetPath(id), ID, 'asset', { body: { name }, signal });
  }

  async deleteAsset(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', assetPath(id), { signal });
  }

  /** How a stream's or asset's playback id can be played (HLS, MP4, WebRTC, thumbnails). */
  async getPlayback(playbackId: string, signal?: AbortSignal): Promise<PlaybackInfo> {
    const path = resourcePath('/playback', playbackId, 'playback');
    try {
      return await objectCall<PlaybackInfo>(this.http, 'GET', path, PLAYBACK_SHAPE, 'playback info', { signal });
    } catch (error) {
      // The service answers 422 (not 404) for an asset that exists but has no playback yet.
      if (error instanceof StudioApiError && error.status === 422 && error.messages.some((m) => /not ready for playback/i.test(m))) {
        throw new StudioApiError('validation', `${playbackId} is still processing: its playback is offered once the asset is ready`, { method: 'GET', path, status: 422, messages: error.messages });
      }
      throw error;
    }
  }

  /**
   * Asks the access-control gate, as the playback edge does, whether `publicKey` may play
   * `playbackId`. Refusals (403/404) are answers, not errors.
   */
  async checkPlaybackAccess(playbackId: string, publicKey: string, signal?: AbortSignal): Promise<GateAnswer> {
    if (!playbackId) throw StudioApiError.config('playback id is empty');
    try {
      const response = await this.http.call('POST', '/access-control/gate', { body: { stream: `video+${playbackId}`, pub: publicKey, type: 'jwt' }, signal });
      return { allowed: true, status: response.status };
    } catch (error) {
      if (error instanceof StudioApiError && (error.status === 403 || error.status === 404)) {
        return { allowed: false, status: error.status, message: error.messages[0] ?? error.message };
      }
      throw error;
    }
  }

  listStreamsPage(query: StreamQuery, cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<Stream>> {
    return fetchPage<Stream>(this.http, '/stream', ID, 'stream list', streamQueryParams(query), cursor, limit, signal);
  }

  listStreams(query: StreamQuery, signal?: AbortSignal): Promise<Stream[]> {
    return collectPages((cursor) => this.listStreamsPage(query, cursor, undefined, signal), '/stream');
  }

  async getStream(id: string, signal?: AbortSignal): Promise<Stream> {
    return objectCall<Stream>(this.http, 'GET', streamPath(id), ID, 'stream', { signal });
  }

  /** The result carries the new stream's `streamKey` and `playbackId`. */
  async createStream(stream: CreateStream, signal?: AbortSignal): Promise<Stream> {
    const name = stream.name.trim();
    if (!name) throw StudioApiError.config('stream name is empty: give the stream a name');
    return objectCall<Stream>(this.http, 'POST', '/stream', ID, 'stream', { body: { ...stream, name }, signal });
  }

  /** Marks the stream deleted; a live broadcast is cut. */
  async deleteStream(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', streamPath(id), { signal });
  }

  /** A suspended stream refuses its stream key; suspending cuts a live broadcast. */
  async setStreamSuspended(id: string, suspended: boolean, signal?: AbortSignal): Promise<void> {
    await this.http.call('PATCH', streamPath(id, '/suspended'), { body: { suspended }, signal });
  }

  /** The service refuses this (400) while the stream is live. */
  async setStreamRecord(id: string, record: boolean, signal?: AbortSignal): Promise<void> {
    await this.http.call('PATCH', streamPath(id, '/record'), { body: { record }, signal });
  }

  /** Stops the live session without deleting the stream; the service answers 429 when repeated fast. */
  async terminateStream(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', streamPath(id, '/terminate'), { signal });
  }

  /**
   * One page of a stream's sessions (only those that received video), most recently seen first,
   * with their recordings. This list sends no `Link` header, so a full page is taken to mean that
   * more may follow, at the next `skip<N>` cursor.
   */
  async listSessionsPage(streamId: string, options: { record?: boolean; cursor?: string; limit: number }, signal?: AbortSignal): Promise<Page<Session>> {
    const record = options.record === undefined ? undefined : options.record ? '1' : '0';
    const page = await fetchPage<Session>(this.http, streamPath(streamId, '/sessions'), ID, 'session list', { record }, options.cursor, options.limit, signal);
    const full = page.items.length >= options.limit;
    return { items: page.items, nextCursor: full ? `skip${skipOffset(options.cursor) + page.items.length}` : undefined };
  }

  /** Current viewers of a live stream's playback id. */
  getViewersNow(playbackId: string, signal?: AbortSignal): Promise<number> {
    return this.views.ask(() => getViewersNow(this.http, playbackId, signal));
  }

  /** Views and minutes watched per UTC day in [from, to) (Unix milliseconds), oldest first. */
  getViewsPerDay(playbackId: string, range: { from: number; to: number }, signal?: AbortSignal): Promise<ViewsRow[]> {
    return this.views.ask(() => getViewsPerDay(this.http, playbackId, range, signal));
  }

  /** All-time views and minutes watched of a playback id. */
  getTotalViews(playbackId: string, signal?: AbortSignal): Promise<TotalViews> {
    return this.views.ask(() => getTotalViews(this.http, playbackId, signal));
  }

  /** Ingest and playback bases (needs no token, but sending it does no harm). */
  async listIngests(signal?: AbortSignal): Promise<IngestPoint[]> {
    const response = await this.http.call<IngestPoint[]>('GET', '/ingest', { signal });
    return Array.isArray(response.data) ? response.data : [];
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
