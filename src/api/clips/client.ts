import * as l10n from '@vscode/l10n';
import type { Asset } from '../assets/types';
import { ID, objectCall } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { collectPages, fetchPage } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';

/** POST /clip: a stream's playbackId (never an asset's), times in Unix ms. */
export interface ClipInput {
  playbackId: string;
  startTime: number;
  endTime: number;
  name?: string;
  /** The session (recording) to cut from; the service takes the stream's last one without it. */
  sessionId?: string;
}

/** What POST /clip answers: the new asset (`waiting`) and its task. */
export interface CreatedClip {
  asset: Asset;
  task: { id: string };
}

const LIST_LIMIT = 100;

/**
 * Clips of live streams and recordings. Each becomes an asset that is processed like an upload; the
 * service refuses a sixth while five are processing (403 `Too many clips are being processed.`).
 */
export class ClipApi extends ResourceApi {
  async create(input: ClipInput, signal?: AbortSignal): Promise<CreatedClip> {
    if (!(input.endTime > input.startTime)) throw StudioApiError.config(l10n.t('the clip must end after it starts'));
    const body = { ...input, ...(input.name?.trim() ? { name: input.name.trim() } : { name: undefined }) };
    return objectCall<CreatedClip>(this.http, 'POST', '/clip', { asset: ID, task: ID }, 'clip', { body, signal });
  }

  /** A stream's clips (by id or playbackId), newest first. */
  listForStream(streamId: string, signal?: AbortSignal): Promise<Asset[]> {
    const path = `${resourcePath('/stream', streamId)}/clips`;
    return collectPages((cursor) => fetchPage<Asset>(this.http, path, ID, 'clip', {}, cursor, LIST_LIMIT, signal), path);
  }

  /** A session's clips, newest first. */
  listForSession(sessionId: string, signal?: AbortSignal): Promise<Asset[]> {
    const path = `${resourcePath('/session', sessionId)}/clips`;
    return collectPages((cursor) => fetchPage<Asset>(this.http, path, ID, 'clip', {}, cursor, LIST_LIMIT, signal), path);
  }
}
