import * as l10n from '@vscode/l10n';
import { ID, objectCall } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { filtersParam, literalNameMatch, type ListFilter } from '../core/listFilters';
import { collectPages, fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import { targetUrlSecrets } from '../multistream/targetUrl';
import type { MultistreamTarget, StreamTargetInput } from '../multistream/types';
import type { CreateStream, IngestPoint, Session, Stream, StreamQuery, StreamUpdate } from './types';

/** `streamsonly` and the `filters` JSON the service expects (JSON booleans, never strings). */
export function streamQueryParams(query: StreamQuery): Record<string, string | undefined> {
  const filters: ListFilter[] = [];
  if (query.isActive !== undefined) filters.push({ id: 'isActive', value: query.isActive });
  if (query.record !== undefined) filters.push({ id: 'record', value: query.record });
  const name = query.name?.trim();
  if (name) filters.push({ id: 'name', value: literalNameMatch(name) });
  return { streamsonly: query.streamsOnly ? '1' : undefined, filters: filtersParam(filters) };
}

/** The URLs (secrets) of new targets a body creates from a `spec`, to blank in every text. */
function specSecrets(targets: StreamTargetInput[] | undefined): string[] {
  return (targets ?? []).flatMap((target) => ('spec' in target ? targetUrlSecrets(target.spec.url) : []));
}

function streamPath(id: string, action = ''): string {
  return `${resourcePath('/stream', id)}${action}`;
}

/** Offset of a `skip<N>` cursor, the form the service's list cursors take. */
function skipOffset(cursor: string | undefined): number {
  return Number(/^skip(\d+)$/.exec(cursor ?? '')?.[1] ?? 0);
}

/** Live streams, their sessions (recordings) and where to broadcast. */
export class StreamApi extends ResourceApi {
  listPage(query: StreamQuery, cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<Stream>> {
    return fetchPage<Stream>(this.http, '/stream', ID, 'stream list', streamQueryParams(query), cursor, limit, signal);
  }

  list(query: StreamQuery, signal?: AbortSignal): Promise<Stream[]> {
    return collectPages((cursor) => this.listPage(query, cursor, undefined, signal), '/stream');
  }

  async get(id: string, signal?: AbortSignal): Promise<Stream> {
    return objectCall<Stream>(this.http, 'GET', streamPath(id), ID, 'stream', { signal });
  }

  /** The result carries the new stream's `streamKey` and `playbackId`. */
  async create(stream: CreateStream, signal?: AbortSignal): Promise<Stream> {
    const name = stream.name.trim();
    if (!name) throw StudioApiError.config(l10n.t('stream name is empty: give the stream a name'));
    const secrets = specSecrets(stream.multistream?.targets);
    return objectCall<Stream>(this.http, 'POST', '/stream', ID, 'stream', { body: { ...stream, name }, signal, secrets });
  }

  /** PATCH /stream/{id} (204): only the given fields change. */
  async update(id: string, update: StreamUpdate, signal?: AbortSignal): Promise<void> {
    if (update.name !== undefined && !update.name.trim()) throw StudioApiError.config(l10n.t('stream name is empty: give the stream a name'));
    const secrets = specSecrets(update.multistream?.targets);
    await this.http.call('PATCH', streamPath(id), { body: update, signal, secrets });
  }

  /**
   * Attaches a target (an existing one by id, or a new one from a spec) to the stream's rendition
   * `profile` (or `source`). The service answers 200 with the target (its schema says 204).
   */
  async addTarget(streamId: string, target: StreamTargetInput, signal?: AbortSignal): Promise<MultistreamTarget | undefined> {
    const secrets = specSecrets([target]);
    const answer = await this.http.call<MultistreamTarget>('POST', streamPath(streamId, '/create-multistream-target'), { body: target, signal, secrets });
    return answer.data && typeof answer.data === 'object' ? answer.data : undefined;
  }

  /** Detaches a target (204, also when it was not on the stream); the target itself stays. */
  async removeTarget(streamId: string, targetId: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', `${streamPath(streamId, '/multistream')}/${encodeURIComponent(targetId)}`, { signal });
  }

  /** Marks the stream deleted; a live broadcast is cut. */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', streamPath(id), { signal });
  }

  /** A suspended stream refuses its stream key; suspending cuts a live broadcast. */
  async setSuspended(id: string, suspended: boolean, signal?: AbortSignal): Promise<void> {
    await this.http.call('PATCH', streamPath(id, '/suspended'), { body: { suspended }, signal });
  }

  /** The service refuses this (400) while the stream is live. */
  async setRecord(id: string, record: boolean, signal?: AbortSignal): Promise<void> {
    await this.http.call('PATCH', streamPath(id, '/record'), { body: { record }, signal });
  }

  /** Stops the live session without deleting the stream; the service answers 429 when repeated fast. */
  async terminate(id: string, signal?: AbortSignal): Promise<void> {
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

  /** Ingest and playback bases (needs no token, but sending it does no harm). */
  async listIngests(signal?: AbortSignal): Promise<IngestPoint[]> {
    const response = await this.http.call<IngestPoint[]>('GET', '/ingest', { signal });
    return Array.isArray(response.data) ? response.data : [];
  }
}
