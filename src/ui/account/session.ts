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
  /** A client per profile, kept while its token and base URL stay: a switch never closes one a running upload uses. */
  private readonly clients = new Map<string, { client: StudioClient; token: string; baseUrl: string }>();
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

  /**
   * The client of `profileId` (an upload keeps the profile it started with), else of the current
   * profile; throws when the profile was removed or has no token, naming it, rather than using
   * another account, and when its base URL is invalid.
   */
  client(profileId = this.profile?.id): StudioClient {
    if (!profileId) throw StudioApiError.config('no API token is set: run Livepeer: Set API Token');
    const profile = this.tokens.profiles.store.get(profileId);
    const token = this.tokens.profiles.tokenOf(profileId);
    if (!profile) throw StudioApiError.config('the profile this was started with was removed: it cannot be reached any more');
    if (!token) {
      throw StudioApiError.config(profileId === this.profile?.id ? 'no API token is set: run Livepeer: Set API Token' : `profile “${profile.name}” has no API token: switch to it and set one`);
    }
    const cached = this.clients.get(profileId);
    if (cached && cached.token === token && cached.baseUrl === profile.baseUrl) return cached.client;
    void cached?.client.close();
    const client = this.create(profile.baseUrl, () => token);
    this.clients.set(profileId, { client, token, baseUrl: profile.baseUrl });
    return client;
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

  private closeAll(): void {
    for (const { client } of this.clients.values()) void client.close();
    this.clients.clear();
  }

  private reset(): void {
    this.closeAll();
    this.changed.fire();
  }

  dispose(): void {
    this.closeAll();
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
