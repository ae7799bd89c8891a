import * as l10n from '@vscode/l10n';
import { ID, objectAnswer, objectCall, type Shape } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { filtersParam, literalNameMatch, type ListFilter } from '../core/listFilters';
import { collectPages, fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import type { Asset, AssetQuery, AssetUpdate, ImportAnswer, ImportRequest, UploadRequest } from './types';

const UPLOAD_REQUEST_SHAPE: Shape = { url: 'string', tusEndpoint: 'string', asset: ID };
const IMPORT_SHAPE: Shape = { asset: ID, task: ID };

/** The asset list's `filters` JSON and `order` (newest first). */
export function assetQueryParams(query: AssetQuery): Record<string, string | undefined> {
  const filters: ListFilter[] = [];
  const name = query.name?.trim();
  if (name) filters.push({ id: 'name', value: literalNameMatch(name) });
  if (query.phase) filters.push({ id: 'phase', value: query.phase });
  return { filters: filtersParam(filters), order: 'createdAt-true' };
}

function assetPath(id: string): string {
  return resourcePath('/asset', id);
}

/** Assets (uploaded videos) and the request that starts an upload. */
export class AssetApi extends ResourceApi {
  /** Step 1 of an upload: creates the asset and returns its pre-signed upload addresses. */
  async requestUpload(name: string, signal?: AbortSignal): Promise<UploadRequest> {
    if (!name.trim()) throw StudioApiError.config(l10n.t('asset name is empty: give the asset a name'));
    return objectCall<UploadRequest>(this.http, 'POST', '/asset/request-upload', UPLOAD_REQUEST_SHAPE, 'upload request', { body: { name: name.trim() }, signal });
  }

  /**
   * Imports a video from a URL (http(s), `ipfs://`, `ar://`): the service fetches it in a task. The
   * same URL again within 15 minutes, while the first import is under way, answers that import
   * (200, its name kept): `existing` says so.
   */
  async importFromUrl(request: ImportRequest, signal?: AbortSignal): Promise<ImportAnswer> {
    const name = request.name.trim();
    if (!name) throw StudioApiError.config(l10n.t('asset name is empty: give the asset a name'));
    const body = { name, url: request.url.trim(), ...(request.playbackPolicy ? { playbackPolicy: request.playbackPolicy } : {}), ...(request.staticMp4 ? { staticMp4: true } : {}) };
    const path = '/asset/upload/url';
    const answer = await this.http.call('POST', path, { body, signal });
    return { ...objectAnswer<Omit<ImportAnswer, 'existing'>>(answer, IMPORT_SHAPE, 'import', { method: 'POST', path }), existing: answer.status === 200 };
  }

  /** Processes a failed asset again (204); the asset stays `failed` until its task runs. 400 `Asset is not failed` otherwise. */
  async retry(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('POST', `${assetPath(id)}/retry`, { signal });
  }

  /** Brings a deleted asset back: the service marks it `ready` whatever it held (even never uploaded). */
  async restore(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('POST', `${assetPath(id)}/restore`, { signal });
  }

  async get(id: string, signal?: AbortSignal): Promise<Asset> {
    return objectCall<Asset>(this.http, 'GET', assetPath(id), ID, 'asset', { signal });
  }

  listPage(query: AssetQuery, cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<Asset>> {
    return fetchPage<Asset>(this.http, '/asset', ID, 'asset list', assetQueryParams(query), cursor, limit, signal);
  }

  /** Only the name can be changed here; the service refuses it (422 `asset is not ready`) until the asset is ready. */
  /** Every asset the query matches, page after page. */
  list(query: AssetQuery, signal?: AbortSignal): Promise<Asset[]> {
    return collectPages((cursor) => this.listPage(query, cursor, 100, signal), '/asset');
  }

  async update(id: string, update: AssetUpdate, signal?: AbortSignal): Promise<Asset> {
    const name = typeof update.name === 'string' ? update.name.trim() : '';
    if (!name) throw StudioApiError.config(l10n.t('asset name is empty: give the asset a name'));
    return objectCall<Asset>(this.http, 'PATCH', assetPath(id), ID, 'asset', { body: { name }, signal });
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', assetPath(id), { signal });
  }
}
