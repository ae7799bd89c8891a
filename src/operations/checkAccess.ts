import type { GateAnswer, SigningKey, StudioClient } from '../api';
import { signPlaybackToken, verifyPlaybackToken } from '../api/playback/token';

/** The gate's answer as a code: the UI says it in the person's language, a tool hands it to the model. */
export type AccessCode =
  | 'allowed'
  | 'content-not-found' // 404 for one of the account's own keys: unknown playback id, or deleted or suspended content
  | 'key-of-another-account' // 404 for a key not among the account's (or content that does not exist)
  | 'key-disabled' // disabled or deleted
  | 'key-unknown' // a public key the service does not know
  | 'token-needed' // the content needs a signed token
  | 'refused' // another refusal: `detail` holds the service's words
  | 'refused-locally'; // the token failed the check the edge makes, before the service is asked: `detail` says why

export interface AccessResult {
  allowed: boolean;
  code: AccessCode;
  /** The service's own words (`refused`) or the local check's reason (`refused-locally`). */
  detail?: string;
}

/**
 * Asks the service's gate whether `publicKey` may play `playbackId`, and says the answer in words.
 * `ownKeys` tells a key of another account apart from missing content (the gate answers 404 for both).
 */
export async function askGate(client: Pick<StudioClient, 'playback'>, playbackId: string, publicKey: string, ownKeys: SigningKey[]): Promise<AccessResult> {
  const answer = await client.playback.checkAccess(playbackId, publicKey);
  return gateResult(answer, ownKeys.some((key) => key.publicKey === publicKey));
}

/**
 * Whether `key` can open `playbackId`: with its private key at hand, a short-lived token is signed
 * and checked as the playback edge checks it; then the gate is asked.
 */
export async function keyAccess(client: Pick<StudioClient, 'playback'>, playbackId: string, key: SigningKey, ownKeys: SigningKey[], privateKey?: string): Promise<AccessResult> {
  if (privateKey) {
    const token = signPlaybackToken({ playbackId, privateKey, publicKey: key.publicKey, expiresInSeconds: 300 });
    const local = verifyPlaybackToken(token, { playbackId, publicKey: key.publicKey });
    if (!local.ok) return { allowed: false, code: 'refused-locally', detail: local.reason };
  }
  return askGate(client, playbackId, key.publicKey, ownKeys);
}

/**
 * Whether the gate's answer fits the key's state as the API lists it: a disabled key refused, an
 * enabled one not refused for being disabled. A mismatch right after a change is the gate's cache.
 */
export function fitsKeyState(result: AccessResult, key: Pick<SigningKey, 'disabled'>): boolean {
  return key.disabled ? !result.allowed : result.code !== 'key-disabled';
}

/** The gate answers 404 and the service's words only: read here, once, into a code. */
function gateResult(answer: GateAnswer, ownKey: boolean): AccessResult {
  if (answer.allowed) return { allowed: true, code: 'allowed' };
  const refused = (code: AccessCode, detail?: string): AccessResult => ({ allowed: false, code, ...(detail ? { detail } : {}) });
  if (answer.status === 404) return refused(ownKey ? 'content-not-found' : 'key-of-another-account');
  if (/disabled or deleted/i.test(answer.message)) return refused('key-disabled');
  if (/public key not found/i.test(answer.message)) return refused('key-unknown');
  if (/requires a public key/i.test(answer.message)) return refused('token-needed');
  return refused('refused', answer.message);
}
