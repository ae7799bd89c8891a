import type { SigningKey, StudioClient } from '../api';

/**
 * Where private keys are kept, per signing key: the VS Code layer implements it with its secret
 * storage (ui/keys/privateKeys.ts); nothing outside VS Code keeps one (the MCP server offers no
 * tool that needs it).
 */
export interface PrivateKeyStore {
  get(keyId: string): Promise<string | undefined>;
  store(key: SigningKey, privateKey: string): Promise<void>;
  remove(keyId: string): Promise<void>;
}

export interface NewSigningKey {
  key: SigningKey;
  /** The private key, handed out by the service this once: here only when it was not kept already. */
  privateKey?: string;
  /** `kept`: in the store given; `to-hand-out`: the caller asks the person what to do with it; `none`: the service gave none. */
  privateKeyIs: 'kept' | 'to-hand-out' | 'none';
}

/**
 * Creates a signing key. Its private key is given once, in this answer: kept at once when a store is
 * given (the assistant's tool), else handed back for the person to copy, save or keep (the commands).
 */
export async function createSigningKey(
  client: Pick<StudioClient, 'keys'>,
  input: { name?: string; keep?: Pick<PrivateKeyStore, 'store'> },
  signal?: AbortSignal,
): Promise<NewSigningKey> {
  const { privateKey, ...key } = await client.keys.create({ name: input.name }, signal);
  if (!privateKey) return { key, privateKeyIs: 'none' };
  if (!input.keep) return { key, privateKey, privateKeyIs: 'to-hand-out' };
  await input.keep.store(key, privateKey);
  return { key, privateKeyIs: 'kept' };
}

/** A new name, trimmed; nothing is sent when it is empty or the same. */
export async function renameSigningKey(client: Pick<StudioClient, 'keys'>, key: Pick<SigningKey, 'id' | 'name'>, name: string): Promise<'renamed' | 'unchanged'> {
  const trimmed = name.trim();
  if (!trimmed || trimmed === key.name) return 'unchanged';
  await client.keys.update(key.id, { name: trimmed });
  return 'renamed';
}

/** Disabling refuses every token signed with the key (after the gate's cache); enabling takes it back. */
export async function setSigningKeyDisabled(client: Pick<StudioClient, 'keys'>, keyId: string, disabled: boolean): Promise<void> {
  await client.keys.update(keyId, { disabled });
}

/** Deletes the key and forgets its kept private key: nothing can be signed with a deleted key. */
export async function deleteSigningKey(client: Pick<StudioClient, 'keys'>, keyId: string, kept: Pick<PrivateKeyStore, 'remove'>): Promise<void> {
  await client.keys.delete(keyId);
  await kept.remove(keyId);
}
