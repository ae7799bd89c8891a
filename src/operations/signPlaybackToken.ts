import type { SigningKey, StudioClient } from '../api';
import { messageOf } from '../api/core/errors';
import { hlsSource, withPlaybackJwt } from '../api/playback/playerSource';
import { signPlaybackToken } from '../api/playback/token';
import type { PlaybackUrlProblem } from './refusal';

export interface SignTokenInput {
  playbackId: string;
  /** The signing key: its public half goes into the token, for the gate to check it against. */
  key: Pick<SigningKey, 'publicKey'>;
  /** The private key kept for it (PEM or base64), read by the caller: it is neither kept nor answered here. */
  privateKey: string;
  expiresInSeconds: number;
}

export interface SignedToken {
  token: string;
  /** The HLS address of the playback id with the token as `?jwt=`, as players present it. */
  url?: string;
  /** Why there is no signed URL (the token is good without it). */
  urlProblem?: PlaybackUrlProblem;
}

async function signedUrl(client: Pick<StudioClient, 'playback'>, playbackId: string, token: string): Promise<Pick<SignedToken, 'url' | 'urlProblem'>> {
  const info = await client.playback.get(playbackId);
  const hls = hlsSource(info);
  return hls ? { url: withPlaybackJwt(hls.url, token) } : { urlProblem: { code: 'playback-no-hls', playbackId } };
}

/** Signs a playback token with a kept private key, and the playback URL that carries it. */
export async function signWithKeptKey(client: Pick<StudioClient, 'playback'>, input: SignTokenInput): Promise<SignedToken> {
  const token = signPlaybackToken({ playbackId: input.playbackId, privateKey: input.privateKey, publicKey: input.key.publicKey, expiresInSeconds: input.expiresInSeconds });
  const found = await signedUrl(client, input.playbackId, token).catch((error: unknown) => ({ urlProblem: { code: 'playback-unreadable', reason: messageOf(error) } as const }));
  return { token, ...found };
}
