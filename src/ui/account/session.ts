import * as vscode from 'vscode';
import { StudioApiError, StudioClient } from '../../api';
import { otherProfileProblem, type Profile } from '../../profiles/profile';
import { logApiCall } from '../common/log';
import { relearnProject } from '../profiles/projectLearning';
import { settings } from '../common/settings';
import type { TokenStore } from './tokenStore';

/**
 * The API client for the current profile (its token and base URL) and the timeout setting. Views
 * listen to `onDidChange` to reload when the profile, its token or the timeout changes.
 */
export class Session implements vscode.Disposable {
  /** A client per profile (it reads the profile's token at each request), kept while its base URL stays: a switch never closes one a running upload uses. */
  private readonly clients = new Map<string, { client: StudioClient; baseUrl: string }>();
  /** The client used before the profiles were first read (see client()). */
  private pending: StudioClient | undefined;
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

  /** Whether a token is stored, as far as read yet: `signedIn()` waits for the first read. */
  get hasToken(): boolean {
    return !!this.tokens.value;
  }

  /** Whether a token is stored, once it was read (the views' first question; activate() does not wait for it). */
  async signedIn(): Promise<boolean> {
    await this.tokens.loaded();
    return this.hasToken;
  }

  /** The profile the client works for. */
  get profile(): Profile | undefined {
    return this.tokens.profiles.current;
  }

  /**
   * `resource` (a row or an object shown before a switch) when it is the current profile's project's;
   * otherwise throws, saying whose it is, rather than calling the wrong account with it. A project
   * of no other profile makes the current one's be learned again first: the one learned may be
   * stale (a restarted emulator makes new ids), and the service's word wins over it.
   */
  async own<T extends { projectId?: string }>(resource: T): Promise<T> {
    const problem = () => otherProfileProblem(resource.projectId, this.profile, this.tokens.profiles.all());
    const profile = this.profile;
    if (profile && problem() && !this.tokens.profiles.all().some((other) => other.project?.id === resource.projectId)) {
      await relearnProject(this.tokens.profiles, profile.id, this.client(profile.id)).catch(() => undefined);
    }
    const still = problem();
    if (still) throw StudioApiError.config(still);
    return resource;
  }

  /**
   * The client of `profileId` (an upload keeps the profile it started with), else of the current
   * profile; its requests wait for the first read of the tokens. Throws when the profile was
   * removed, rather than using another account, and when its base URL is invalid.
   */
  client(profileId = this.profile?.id): StudioClient {
    if (!profileId && !this.tokens.isLoaded) {
      // The first start: a single token kept before profiles is becoming profile "Default", with the base URL setting.
      this.pending ??= this.create(settings.baseUrl(), async () => (await this.tokens.loaded(), this.tokens.value), () => this.tokens.value);
      return this.pending;
    }
    if (!profileId) throw StudioApiError.config('no API token is set: run Livepeer: Set API Token');
    const profile = this.tokens.profiles.store.get(profileId);
    if (!profile) throw StudioApiError.config('the profile this was started with was removed: it cannot be reached any more');
    const cached = this.clients.get(profileId);
    if (cached && cached.baseUrl === profile.baseUrl) return cached.client;
    void cached?.client.close();
    const token = () => this.tokens.profiles.tokenOf(profileId);
    const client = this.create(profile.baseUrl, async () => (await this.tokens.loaded(), token()), token);
    this.clients.set(profileId, { client, baseUrl: profile.baseUrl });
    return client;
  }

  /**
   * A one-off client (the caller closes it): to check a token before it is saved (by default
   * against the base URL a new "Default" profile would get), or to act for another profile.
   */
  clientFor(token: string, baseUrl = this.profile?.baseUrl ?? settings.baseUrl()): StudioClient {
    return this.create(baseUrl, () => token, () => token);
  }

  private create(baseUrl: string, getToken: () => string | undefined | Promise<string | undefined>, secret: () => string | undefined): StudioClient {
    return new StudioClient({
      baseUrl,
      getToken,
      userAgent: this.userAgent,
      timeoutMs: settings.requestTimeoutMs(),
      onCall: logApiCall(this.log, () => [this.tokens.value, secret()]),
    });
  }

  private closeAll(): void {
    for (const { client } of this.clients.values()) void client.close();
    this.clients.clear();
    void this.pending?.close();
    this.pending = undefined;
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
