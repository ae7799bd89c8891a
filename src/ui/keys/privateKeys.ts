import type * as vscode from 'vscode';

const PREFIX = 'livepeer.signingKey.privateKey.';

/**
 * Private keys the person chose to keep in VS Code's secret storage (the OS keychain on desktop),
 * by signing key id. Never in settings, state or logs; removed when the key is deleted.
 */
export class PrivateKeys {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(keyId: string): Promise<string | undefined> {
    return (await this.secrets.get(PREFIX + keyId)) || undefined;
  }

  store(keyId: string, privateKey: string): Thenable<void> {
    return this.secrets.store(PREFIX + keyId, privateKey);
  }

  remove(keyId: string): Thenable<void> {
    return this.secrets.delete(PREFIX + keyId);
  }
}
