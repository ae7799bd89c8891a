import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendEmpty, sendErrors } from './http';
import type { EmulatorSigningKey, Store } from './store';
import { validate, type ObjectSchema } from './validate';

const GATE: ObjectSchema = {
  required: ['stream'],
  properties: { stream: { type: 'string' }, type: { type: 'string' }, pub: { type: 'string' }, accessKey: { type: 'string' }, webhookPayload: { type: 'object' } },
};

type GateAnswer = { status: 200 } | { status: 403 | 404; message: string };

/**
 * POST /access-control/gate: what the playback edge asks after checking a token's signature. The
 * answers (and their texts) are the real service's; a successful check sets the key's lastSeen.
 */
export function accessGate(store: Store): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const body = await readJson(req);
    if (!body.ok) return sendErrors(res, body.status, body.message);
    const problem = validate(body.value, GATE);
    if (problem) return sendErrors(res, 422, problem);
    const answer = decide(store, body.value as { stream: string; pub?: string });
    if (answer.status === 200) sendEmpty(res, 200);
    else sendErrors(res, answer.status, answer.message);
  };
}

/** The gate's answer; the playback origin asks it too, as the real edge asks the gate. */
export function decide(store: Store, { stream, pub }: { stream: string; pub?: string }): GateAnswer {
  const playbackId = /^video\+(.+)$/.exec(stream)?.[1] ?? '';
  const content = contentOf(store, playbackId);
  if (!content) return { status: 404, message: 'Content not found' };
  if (content.playbackPolicy?.type !== 'jwt') return { status: 200 };
  if (!pub) return { status: 403, message: 'Content is gated and requires a public key' };
  const key = keyByPublicKey(store, pub);
  if (!key) return { status: 403, message: 'Content is gated and corresponding public key not found' };
  // The real service does not tell another account's key apart from missing content.
  if (key.userId !== content.userId) return { status: 404, message: 'Content not found' };
  if (key.disabled || !store.signingKeys.has(key.id)) return { status: 403, message: 'The public key is disabled or deleted' };
  key.lastSeen = Date.now();
  return { status: 200 };
}

/** A stream (not a session) or asset by playback id, unless deleted or suspended. */
function contentOf(store: Store, playbackId: string): { userId: string; playbackPolicy?: { type: string } | null } | undefined {
  const stream = store.streamByPlaybackId(playbackId);
  if (stream) return stream.suspended || (stream as { deleted?: boolean }).deleted ? undefined : stream;
  return store.assetByPlaybackId(playbackId);
}

function keyByPublicKey(store: Store, pub: string): EmulatorSigningKey | undefined {
  const all = [...store.signingKeys.values(), ...store.deletedSigningKeys.values(), ...store.otherAccountsSigningKeys.values()];
  return all.find((key) => key.publicKey === pub);
}
