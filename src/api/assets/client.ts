import { ID, objectCall, type Shape } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { filtersParam, literalNameMatch, type ListFilter } from '../core/listFilters';
import { fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import type { Asset, AssetQuery, AssetUpdate, UploadRequest } from './types';

const UPLOAD_REQUEST_SHAPE: Shape = { url: 'string', tusEndpoint: 'string', asset: ID };

/** The asset list's `filters` JSON and `order` (newest first). */
export function assetQueryParams(query: AssetQuery): Record<string, string | undefined> {
  const filters: ListFilter[] = [];
  const name = query.name?.trim();
  if (name) filters.push({ id: 'name', value: literalNameMatch(name) });
  if (query.phase) filters.push({ id: 'phase', value: query.phase });
  return { filters: filtersParam(filters), order: 'createdAt-true' };
}

function assetPath(id: string): string {
  return resourcePath('/asset', id, 'asset');
}

/** Assets (uploaded videos) and the request that starts an upload. */
export class AssetApi extends ResourceApi {
  /** Step 1 of an upload: creates the asset and returns its pre-signed upload addresses. */
  async requestUpload(name: string, signal?: AbortSignal): Promise<UploadRequest> {
    if (!name.trim()) throw StudioApiError.config('asset name is empty: give the asset a name');
    return objectCall<UploadRequest>(this.http, 'POST', '/asset/request-upload', UPLOAD_REQUEST_SHAPE, 'upload request', { body: { name: name.trim() }, signal });
  }

  async get(id: string, signal?: AbortSignal): Promise<Asset> {
    return objectCall<Asset>(this.http, 'GET', assetPath(id), ID, 'asset', { signal });
  }

  listPage(query: AssetQuery, cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<Asset>> {
    return fetchPage<Asset>(this.http, '/asset', ID, 'asset list', assetQueryParams(query), cursor, limit, signal);
  }

  /** Only the name can be changed here; the service refuses it (422 `asset is not ready`) until the asset is ready. */
  async update(id: string, update: AssetUpdate, signal?: AbortSignal): Promise<Asset> {
    const name = typeof update.name === 'string' ? update.name.trim() : '';
    if (!name) throw StudioApiError.config('asset name is empty: give the asset a name');
    return objectCall<Asset>(this.http, 'PATCH', assetPath(id), ID, 'asset', { body: { name }, signal });
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', assetPath(id), { signal });
  }
}
