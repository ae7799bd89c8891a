import * as vscode from 'vscode';
import { StudioApiError, StudioClient } from '../../api';
import { otherProfileProblem, type Profile } from '../../profiles/profile';
import { logApiCall } from '../common/log';
import { settings } from '../common/settings';
import type { TokenStore } from './tokenStore';

/**
 * The API client for the current profile (its token and base URL) and the timeout setting. Views
 * listen to `onDidChange` to reload when the profile, its token or the timeout changes.
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
      tokens.onDidChange(() => this.reset()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (settings.affects(event, 'requestTimeoutSeconds')) this.reset();
      }),
    ];
  }

  get hasToken(): boolean {
    return !!this.tokens.value;
  }

  /** The profile the client works for. */
  get profile(): Profile | undefined {
    return this.tokens.profiles.current;
  }

  /**
   * `resource` (a row or an object shown before a switch) when it is the current profile's project's;
   * otherwise throws, saying whose it is, rather than calling the wrong account with it.
   */
  own<T extends { projectId?: string }>(resource: T): T {
    const problem = otherProfileProblem(resource.projectId, this.profile, this.tokens.profiles.all());
    if (problem) throw StudioApiError.config(problem);
    return resource;
  }

  /** The client for the current profile; throws a clear error when its base URL is invalid. */
  client(): StudioClient {
    this.current ??= this.create(this.profile?.baseUrl ?? settings.baseUrl(), () => this.tokens.value);
    return this.current;
  }

  /**
   * A one-off client (the caller closes it): to check a token before it is saved (by default
   * against the base URL a new "Default" profile would get), or to act for another profile.
   */
  clientFor(token: string, baseUrl = this.profile?.baseUrl ?? settings.baseUrl()): StudioClient {
    return this.create(baseUrl, () => token);
  }

  private create(baseUrl: string, getToken: () => string | undefined): StudioClient {
    return new StudioClient({
      baseUrl,
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
