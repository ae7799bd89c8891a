import type { GateAnswer, SigningKey, StudioClient } from '../api';

export interface AccessResult {
  allowed: boolean;
  /** The outcome in words: allowed, key disabled, key of another account, content not found… */
  words: string;
}

/**
 * Asks the service's gate whether `publicKey` may play `playbackId`, and says the answer in words.
 * `ownKeys` tells a key of another account apart from missing content (the gate answers 404 for both).
 */
export async function askGate(client: Pick<StudioClient, 'playback'>, playbackId: string, publicKey: string, ownKeys: SigningKey[]): Promise<AccessResult> {
  const answer = await client.playback.checkAccess(playbackId, publicKey);
  return { allowed: answer.allowed, words: gateWords(answer, ownKeys.some((key) => key.publicKey === publicKey)) };
}

/**
 * Whether `key` can open `playbackId`: with its private key at hand, a short-lived token is signed
 * and checked as the playback edge checks it; then the gate is asked.
 */
export async function keyAccess(client: Pick<StudioClient, 'playback'>, playbackId: string, key: SigningKey, ownKeys: SigningKey[], privateKey?: string): Promise<AccessResult> {
  if (privateKey) {
    const { signPlaybackToken, verifyPlaybackToken } = await import('../api/playback/token.js');
    const token = signPlaybackToken({ playbackId, privateKey, publicKey: key.publicKey, expiresInSeconds: 300 });
    const local = verifyPlaybackToken(token, { playbackId, publicKey: key.publicKey });
    if (!local.ok) return { allowed: false, words: `refused before the service is asked: ${local.reason}` };
  }
  return askGate(client, playbackId, key.publicKey, ownKeys);
}

const KEY_REFUSED = 'refused: the signing key is disabled or deleted';

/**
 * Whether the gate's answer fits the key's state as the API lists it: a disabled key refused, an
 * enabled one not refused for being disabled. A mismatch right after a change is the gate's cache.
 */
export function fitsKeyState(result: AccessResult, key: Pick<SigningKey, 'disabled'>): boolean {
  return key.disabled ? !result.allowed : result.words !== KEY_REFUSED;
}

function gateWords(answer: GateAnswer, ownKey: boolean): string {
  if (answer.allowed) return 'allowed: the service accepts the key for this content';
  if (answer.status === 404) {
    return ownKey ? 'refused: content not found (unknown playback id, or deleted or suspended)' : 'refused: the key belongs to another account (or the content does not exist)';
  }
  if (/disabled or deleted/i.test(answer.message)) return KEY_REFUSED;
  if (/public key not found/i.test(answer.message)) return 'refused: Livepeer Studio does not know this signing key';
  if (/requires a public key/i.test(answer.message)) return 'refused: the content needs a signed token';
  return `refused: ${answer.message}`;
}
