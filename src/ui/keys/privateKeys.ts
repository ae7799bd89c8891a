import type * as vscode from 'vscode';

const PREFIX = 'livepeer.signingKey.privateKey.';
const INDEX_KEY = 'livepeer.keptPrivateKeyIds';

/**
 * Private keys the person chose to keep in VS Code's secret storage (the OS keychain on desktop),
 * by signing key id. Never in settings, state or logs. An index of the key ids (nothing secret) in
 * globalState says which keys have one without reading every secret, and lets the secrets of keys
 * deleted elsewhere be removed too.
 */
export class PrivateKeys {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  has(keyId: string): boolean {
    return this.ids().includes(keyId);
  }

  async get(keyId: string): Promise<string | undefined> {
    return this.has(keyId) ? (await this.secrets.get(PREFIX + keyId)) || undefined : undefined;
  }

  async store(keyId: string, privateKey: string): Promise<void> {
    await this.secrets.store(PREFIX + keyId, privateKey);
    await this.state.update(INDEX_KEY, [...new Set([...this.ids(), keyId])]);
  }

  async remove(keyId: string): Promise<void> {
    await this.secrets.delete(PREFIX + keyId);
    await this.state.update(INDEX_KEY, this.ids().filter((id) => id !== keyId));
  }

  /** Removes the private keys of keys that no longer exist (deleted in Studio or another window). */
  async keepOnly(existingKeyIds: Set<string>): Promise<void> {
    for (const id of this.ids().filter((id) => !existingKeyIds.has(id))) await this.remove(id);
  }

  private ids(): string[] {
    return this.state.get<string[]>(INDEX_KEY, []);
  }
}
