import type * as vscode from 'vscode';
import type { SigningKey } from '../../api';

const PREFIX = 'livepeer.signingKey.privateKey.';
const INDEX_KEY = 'livepeer.keptPrivateKeyIds';

type KeyOwner = Pick<SigningKey, 'id' | 'userId' | 'projectId'>;

/** Which key a kept private key belongs to, and whose: nothing secret. */
interface KeptEntry {
  id: string;
  /** `userId/projectId` of the key; absent for entries kept before it was recorded. */
  owner?: string;
  /** The secret was found missing (another machine, a cleared keychain): said so until the key goes. */
  lost?: boolean;
}

/** A key's private key here: kept, kept once but now missing, or never kept. */
export type PrivateKeyState = 'kept' | 'lost' | undefined;

function ownerOf(key: KeyOwner): string | undefined {
  return key.userId ? `${key.userId}/${key.projectId ?? ''}` : undefined;
}

/**
 * Private keys the person chose to keep in VS Code's secret storage (the OS keychain on desktop),
 * by signing key id. Never in settings, state or logs. An index in globalState (ids and owners,
 * nothing secret) says which keys have one without reading every secret, and lets the secrets of
 * keys deleted elsewhere be removed too.
 */
export class PrivateKeys {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly memento: vscode.Memento,
  ) {}

  has(keyId: string): boolean {
    return this.state(keyId) === 'kept';
  }

  state(keyId: string): PrivateKeyState {
    const entry = this.entries().find((e) => e.id === keyId);
    return entry && (entry.lost ? 'lost' : 'kept');
  }

  /** The kept private key; undefined when none is kept, or when the secret is missing (then marked lost). */
  async get(keyId: string): Promise<string | undefined> {
    if (!this.has(keyId)) return undefined;
    const secret = (await this.secrets.get(PREFIX + keyId)) || undefined;
    if (!secret) await this.markLost(keyId);
    return secret;
  }

  /** Checks that every kept private key among `keyIds` is really in secret storage; marks those that are not. */
  async verify(keyIds: readonly string[]): Promise<void> {
    await Promise.all(keyIds.filter((id) => this.has(id)).map((id) => this.get(id)));
  }

  private async markLost(keyId: string): Promise<void> {
    await this.memento.update(
      INDEX_KEY,
      this.entries().map((entry) => (entry.id === keyId ? { ...entry, lost: true } : entry)),
    );
  }

  async store(key: KeyOwner, privateKey: string): Promise<void> {
    await this.secrets.store(PREFIX + key.id, privateKey);
    await this.memento.update(INDEX_KEY, [...this.entries().filter((entry) => entry.id !== key.id), { id: key.id, owner: ownerOf(key) }]);
  }

  async remove(keyId: string): Promise<void> {
    await this.secrets.delete(PREFIX + keyId);
    await this.memento.update(
      INDEX_KEY,
      this.entries().filter((entry) => entry.id !== keyId),
    );
  }

  /**
   * Removes the private keys of keys deleted elsewhere (Studio, another window): those of the same
   * account and project as the listed keys that are no longer listed. A listing under another
   * token (another account or project) says nothing about them, and a private key is never shown
   * again, so those are kept.
   */
  async keepOnly(listed: readonly KeyOwner[]): Promise<void> {
    const owners = new Set(listed.map(ownerOf).filter(Boolean));
    const ids = new Set(listed.map((key) => key.id));
    for (const entry of this.entries()) {
      if (entry.owner && owners.has(entry.owner) && !ids.has(entry.id)) await this.remove(entry.id);
    }
  }

  private entries(): KeptEntry[] {
    // Entries were plain ids at first; those have no owner and are only removed with their key.
    return this.memento.get<Array<string | KeptEntry>>(INDEX_KEY, []).map((entry) => (typeof entry === 'string' ? { id: entry } : entry));
  }
}
