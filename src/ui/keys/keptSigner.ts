import type { StudioClient } from '../../api';
import type { PrivateKeys } from './privateKeys';

/**
 * Signs playback tokens for `playbackId` with the first enabled signing key whose private key is
 * kept in VS Code, each valid `expiresInSeconds`; undefined when no such key is kept. What plays or
 * downloads signed content (the player, Download…) asks it; the private key never leaves.
 */
export async function keptSigner(deps: { client: StudioClient; privateKeys: PrivateKeys }, playbackId: string, expiresInSeconds: number): Promise<(() => string) | undefined> {
  const keys = (await deps.client.keys.list()).filter((key) => !key.disabled && deps.privateKeys.has(key.id));
  for (const key of keys) {
    // get() also finds a kept key whose secret went missing, and marks it so.
    const privateKey = await deps.privateKeys.get(key.id);
    if (!privateKey) continue;
    const { signPlaybackToken } = await import('../../api/playback/token.js');
    return () => signPlaybackToken({ playbackId, privateKey, publicKey: key.publicKey, expiresInSeconds });
  }
  return undefined;
}
