import * as l10n from '@vscode/l10n';
import { objectCall, type Shape } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { resourcePath } from '../core/resourcePath';
import type { GateAnswer, PlaybackInfo } from './types';

const PLAYBACK_SHAPE: Shape = { meta: { source: 'array' } };

/** How a playback id can be played, and whether a signing key may play it. */
export class PlaybackApi extends ResourceApi {
  /** How a stream's or asset's playback id can be played (HLS, MP4, WebRTC, thumbnails). */
  async get(playbackId: string, signal?: AbortSignal): Promise<PlaybackInfo> {
    const path = resourcePath('/playback', playbackId);
    try {
      return await objectCall<PlaybackInfo>(this.http, 'GET', path, PLAYBACK_SHAPE, 'playback info', { signal });
    } catch (error) {
      // The service answers 422 (not 404) for an asset that exists but has no playback yet.
      if (error instanceof StudioApiError && error.status === 422 && error.messages.some((m) => /not ready for playback/i.test(m))) {
        throw new StudioApiError('validation', l10n.t('{0} is still processing: its playback is offered once the asset is ready', playbackId), { method: 'GET', path, status: 422, messages: error.messages });
      }
      throw error;
    }
  }

  /**
   * Asks the access-control gate, as the playback edge does, whether `publicKey` may play
   * `playbackId`. Refusals (403/404) are answers, not errors.
   */
  async checkAccess(playbackId: string, publicKey: string, signal?: AbortSignal): Promise<GateAnswer> {
    if (!playbackId) throw StudioApiError.config(l10n.t('playback id is empty'));
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
}
