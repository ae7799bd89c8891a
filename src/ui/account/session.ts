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

  get hasToken(): boolean {
    return !!this.tokens.value;
  }

  /** The client for the stored token; throws a clear error when the base URL setting is invalid. */
  client(): StudioClient {
    this.current ??= this.create(() => this.tokens.value);
    return this.current;
  }

  /** A one-off client to check a token before it is saved. */
  clientFor(token: string): StudioClient {
    return this.create(() => token);
  }

  private create(getToken: () => string | undefined): StudioClient {
    return new StudioClient({
      baseUrl: settings.baseUrl(),
      getToken,
      userAgent: this.userAgent,
      timeoutMs: settings.requestTimeoutMs(),
      onCall: logApiCall(this.log, () => [this.tokens.value, getToken()]),
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
