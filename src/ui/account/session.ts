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

  /** A check that turns false once another profile (or none) is current: what a load started now must drop after a switch. */
  sameProfile(): () => boolean {
    const id = this.profile?.id;
    return () => this.profile?.id === id;
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
   * removed, rather than using another account, and when its base URL is invalid. The current
   * profile's client sends nothing once another profile (or none) is current: a view's load or a
   * command started before a switch fails rather than calling the old account after it.
   */
  client(profileId?: string): StudioClient {
    if (profileId) return this.clientOf(profileId, false);
    // The first start: a single token kept before profiles is becoming profile "Default", with the base URL setting.
    if (!this.tokens.isLoaded) return (this.pending ??= this.firstStartClient(settings.baseUrl()));
    const current = this.profile;
    if (!current) throw StudioApiError.config(this.noProfileProblem());
    return this.clientOf(current.id, true);
  }

  /** Why no profile is current, and what to do. */
  noProfileProblem(): string {
    const why = this.tokens.profiles.why;
    return why.why === 'pin not found'
      ? `this folder is pinned to profile “${why.pinned}” (setting livepeer.profile), which does not exist: add it with Livepeer: Add Profile…, or change the setting`
      : 'no API token is set: run Livepeer: Set API Token';
  }

  private clientOf(profileId: string, whileCurrent: boolean): StudioClient {
    const profile = this.tokens.profiles.store.get(profileId);
    if (!profile) throw StudioApiError.config('the profile this was started with was removed: it cannot be reached any more');
    const key = whileCurrent ? `${profileId}/current` : profileId;
    const cached = this.clients.get(key);
    if (cached && cached.baseUrl === profile.baseUrl) return cached.client;
    void cached?.client.close();
    const token = () => this.tokens.profiles.tokenOf(profileId);
    const client = this.create(
      profile.baseUrl,
      async () => {
        await this.tokens.loaded();
        if (whileCurrent && this.profile?.id !== profileId) throw StudioApiError.config(`the current profile changed from “${profile.name}” meanwhile: nothing was sent`);
        return token();
      },
      token,
    );
    this.clients.set(key, { client, baseUrl: profile.baseUrl });
    return client;
  }

  /**
   * The client used before the profiles are first read: it has the base URL setting, so it sends
   * only the token of a current profile with that base URL (never one profile's token to another's server).
   */
  private firstStartClient(baseUrl: string): StudioClient {
    const token = async () => {
      await this.tokens.loaded();
      const current = this.profile;
      if (current && current.baseUrl !== baseUrl) throw StudioApiError.config(`the current profile “${current.name}” has another base URL: try again`);
      return this.tokens.value;
    };
    return this.create(baseUrl, token, () => this.tokens.value);
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
