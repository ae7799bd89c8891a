import type { SigningKey, StudioClient } from '../api';
import { messageOf } from '../api/core/errors';
import { hlsSource, withPlaybackJwt } from '../api/playback/playerSource';
import { signPlaybackToken } from '../api/playback/token';

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
  urlProblem?: string;
}

async function signedUrl(client: Pick<StudioClient, 'playback'>, playbackId: string, token: string): Promise<string> {
  const info = await client.playback.get(playbackId);
  const hls = hlsSource(info);
  if (!hls) throw new Error(`the service offers no HLS address for ${playbackId}`);
  return withPlaybackJwt(hls.url, token);
}

/** Signs a playback token with a kept private key, and the playback URL that carries it. */
export async function signWithKeptKey(client: Pick<StudioClient, 'playback'>, input: SignTokenInput): Promise<SignedToken> {
  const token = signPlaybackToken({ playbackId: input.playbackId, privateKey: input.privateKey, publicKey: input.key.publicKey, expiresInSeconds: input.expiresInSeconds });
  return signedUrl(client, input.playbackId, token).then(
    (url) => ({ token, url }),
    (error: unknown) => ({ token, urlProblem: messageOf(error) }),
  );
}
