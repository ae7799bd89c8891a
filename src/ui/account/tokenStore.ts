import * as vscode from 'vscode';

const SECRET_KEY = 'livepeer.apiToken';
const CONTEXT_KEY = 'livepeer.hasToken';

/**
 * The API token, kept only in SecretStorage. It is read once (each read is a round trip to the
 * window, and to the browser in a web-hosted VS Code) and held in memory for the client; it is read
 * again only when another window changes the secret.
 */
export class TokenStore implements vscode.Disposable {
  private token: string | undefined;
  private firstRead: Promise<void> | undefined;
  /** Counts writes, so that a read started before one does not undo it. */
  private writes = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(async (event) => {
      if (event.key === SECRET_KEY) await this.load();
    });
  }

  get value(): string | undefined {
    return this.token;
  }

  /** Resolves once the stored token was read (started on the first call; later calls share it). */
  loaded(): Promise<void> {
    this.firstRead ??= this.load();
    return this.firstRead;
  }

  async load(): Promise<void> {
    const writes = this.writes;
    const token = (await this.secrets.get(SECRET_KEY)) || undefined;
    if (token === this.token || writes !== this.writes) return;
    await this.apply(token);
  }

  async set(token: string): Promise<void> {
    this.writes++;
    await this.secrets.store(SECRET_KEY, token);
    await this.apply(token);
  }

  async clear(): Promise<void> {
    this.writes++;
    await this.secrets.delete(SECRET_KEY);
    await this.apply(undefined);
  }

  private async apply(token: string | undefined): Promise<void> {
    const had = this.token;
    this.token = token;
    await vscode.commands.executeCommand('setContext', CONTEXT_KEY, !!token);
    if (had !== token) this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
