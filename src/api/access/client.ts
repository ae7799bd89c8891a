import { ResourceApi } from '../core/http';
import { resourcePath } from '../core/resourcePath';
import type { PlaybackPolicy } from '../playback/types';

/** Content whose playback policy is set: a stream (PATCH answers 204) or an asset (200 with the asset). */
export interface PolicyTarget {
  kind: 'stream' | 'asset';
  id: string;
}

/** Who may play a stream or an asset: its playback policy (public, signed JWT, access-control webhook, allowed origins). */
export class AccessApi extends ResourceApi {
  /**
   * Replaces the content's whole policy. The service refuses an asset not ready (422), an asset
   * moved between public and jwt/webhook (422), and a webhook policy naming no webhook (500) or
   * another user's (400).
   */
  async setPolicy(target: PolicyTarget, policy: PlaybackPolicy, signal?: AbortSignal): Promise<void> {
    const path = target.kind === 'stream' ? resourcePath('/stream', target.id) : resourcePath('/asset', target.id);
    await this.http.call('PATCH', path, { body: { playbackPolicy: policy }, signal });
  }
}
