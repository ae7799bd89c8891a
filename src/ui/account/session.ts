import * as vscode from 'vscode';
import { StudioClient } from '../../api';
import { logApiCall } from '../common/log';
import { settings } from '../common/settings';
import type { TokenStore } from './tokenStore';

/**
 * The API client for the current token and settings. Views listen to `onDidChange` to reload when
 * the token, the base URL or the timeout changes.
 */
export class Session implements vscode.Disposable {
  private current: StudioClient | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly userAgent: string,
  ) {
    this.subscriptions = [
      tokens.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (['baseURL', 'baseUrl', 'requestTimeoutSeconds'].some((key) => settings.affects(event, key))) this.reset();
      }),
    ];
  }

  /** Whether a token is stored, as far as read yet: `signedIn()` waits for the first read. */
  get hasToken(): boolean {
    return !!this.tokens.value;
  }

  /** Whether a token is stored, once it was read (the views' first question; activate() does not wait for it). */
  async signedIn(): Promise<boolean> {
    await this.tokens.loaded();
    return this.hasToken;
  }

  /** The client for the stored token (its requests wait for the first read); throws a clear error when the base URL setting is invalid. */
  client(): StudioClient {
    this.current ??= this.create(async () => (await this.tokens.loaded(), this.tokens.value));
    return this.current;
  }

  /** A one-off client to check a token before it is saved. */
  clientFor(token: string): StudioClient {
    return this.create(() => token, token);
  }

  private create(getToken: () => string | undefined | Promise<string | undefined>, checked?: string): StudioClient {
    return new StudioClient({
      baseUrl: settings.baseUrl(),
      getToken,
      userAgent: this.userAgent,
      timeoutMs: settings.requestTimeoutMs(),
      onCall: logApiCall(this.log, () => [this.tokens.value, checked]),
    });
  }

  private reset(): void {
    void this.current?.close();
    this.current = undefined;
    this.changed.fire();
  }

  dispose(): void {
    void this.current?.close();
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
