import type * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import type { AccountProfiles } from '../profiles/accountProfiles';

/** Keys whose kept secret was found missing, as `profileId/keyId` (nothing secret). */
const LOST_KEY = 'livepeer.lostPrivateKeys';

type KeyOwner = Pick<SigningKey, 'id' | 'userId' | 'projectId'>;

/** A key's private key here: kept, kept once but now missing, or never kept. */
export type PrivateKeyState = 'kept' | 'lost' | undefined;

function ownerOf(key: KeyOwner): string | undefined {
  return key.userId ? `${key.userId}/${key.projectId ?? ''}` : undefined;
}

/**
 * Private keys the person chose to keep in VS Code's secret storage (the OS keychain on desktop),
 * for the current profile, by signing key id. Never in settings, state or logs. The profile's
 * index (ids and owners, nothing secret) says which keys have one without reading every secret,
 * and lets the secrets of keys deleted elsewhere be removed too. Another profile's are neither
 * shown nor touched; removing a profile deletes its own.
 */
export class PrivateKeys {
  constructor(
    private readonly profiles: AccountProfiles,
    private readonly memento: vscode.Memento,
  ) {}

  has(keyId: string): boolean {
    return this.state(keyId) === 'kept';
  }

  state(keyId: string): PrivateKeyState {
    const profileId = this.profiles.current?.id;
    if (!profileId || !this.entries(profileId).some((entry) => entry.id === keyId)) return undefined;
    return this.lost().includes(`${profileId}/${keyId}`) ? 'lost' : 'kept';
  }

  /** The kept private key; undefined when none is kept, or when the secret is missing (then marked lost). */
  async get(keyId: string): Promise<string | undefined> {
    const profileId = this.profiles.current?.id;
    if (!profileId || !this.has(keyId)) return undefined;
    const secret = await this.profiles.store.privateKey(profileId, keyId);
    if (!secret) await this.memento.update(LOST_KEY, [...this.lost(), `${profileId}/${keyId}`]);
    return secret;
  }

  /** Checks that every kept private key among `keyIds` is really in secret storage; marks those that are not. */
  async verify(keyIds: readonly string[]): Promise<void> {
    await Promise.all(keyIds.filter((id) => this.has(id)).map((id) => this.get(id)));
  }

  async store(key: KeyOwner, privateKey: string): Promise<void> {
    const profileId = this.profiles.current?.id;
    if (!profileId) throw new Error('no profile to keep the private key for: set an API token first');
    const owner = ownerOf(key);
    await this.profiles.store.keepPrivateKey(profileId, { id: key.id, ...(owner ? { owner } : {}) }, privateKey);
    await this.unmarkLost(profileId, key.id);
  }

  async remove(keyId: string): Promise<void> {
    const profileId = this.profiles.current?.id;
    if (!profileId) return;
    await this.profiles.store.forgetPrivateKey(profileId, keyId);
    await this.unmarkLost(profileId, keyId);
  }

  /**
   * Removes the private keys of keys deleted elsewhere (Studio, another window): those of the same
   * account and project as the listed keys that are no longer listed. A listing under another
   * token (another account or project) says nothing about them, and a private key is never shown
   * again, so those are kept.
   */
  async keepOnly(listed: readonly KeyOwner[]): Promise<void> {
    const profileId = this.profiles.current?.id;
    if (!profileId) return;
    const owners = new Set(listed.map(ownerOf).filter(Boolean));
    const ids = new Set(listed.map((key) => key.id));
    for (const entry of this.entries(profileId)) {
      if (entry.owner && owners.has(entry.owner) && !ids.has(entry.id)) await this.remove(entry.id);
    }
  }

  private entries(profileId: string): Array<{ id: string; owner?: string }> {
    return this.profiles.store.get(profileId)?.privateKeys ?? [];
  }

  private lost(): string[] {
    return this.memento.get<string[]>(LOST_KEY, []);
  }

  private async unmarkLost(profileId: string, keyId: string): Promise<void> {
    const lost = this.lost();
    if (lost.includes(`${profileId}/${keyId}`)) await this.memento.update(LOST_KEY, lost.filter((entry) => entry !== `${profileId}/${keyId}`));
  }
}
