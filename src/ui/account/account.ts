import * as vscode from 'vscode';
import { StudioApiError, type StudioClient } from '../../api';
import { ProfileClients } from '../../profiles/clients';
import { DEFAULT_PROFILE_NAME, otherProfileProblem, unusedProfileName, type Profile } from '../../profiles/profile';
import { logApiCall } from '../common/log';
import { relearnProject } from '../profiles/projectLearning';
import type { AccountProfiles } from '../profiles/accountProfiles';
import { Disposable } from '../common/disposable';
import { settings } from '../common/settings';

/**
 * The account the views and commands work with: the current profile, its API token (kept only in
 * SecretStorage, one secret per profile) and its API client, with the timeout setting. Views
 * listen to `onDidChange` to reload when the profile, its token or the timeout changes.
 */
export class Account extends Disposable {
  private readonly clients: ProfileClients;
  /** The client used before the profiles were first read (see client()). */
  private pending: StudioClient | undefined;
  private firstRead: Promise<void> | undefined;
  /** Whether the first read of the profiles' tokens has finished. */
  isLoaded = false;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    readonly profiles: AccountProfiles,
    log: vscode.LogOutputChannel,
    userAgent: string,
  ) {
    super();
    this.clients = new ProfileClients(profiles, () => this.loaded(), { userAgent, timeoutMs: () => settings.requestTimeoutMs(), onCall: (secrets, baseUrl) => logApiCall(log, secrets, baseUrl) });
    this.register(profiles.onDidChange(() => this.changed.fire()));
    this.register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (settings.affects(event, 'requestTimeoutSeconds')) this.reset();
    }));
  }

  /** The current profile's token, as far as read yet. */
  get token(): string | undefined {
    return this.profiles.currentToken;
  }

  /** Whether a token is stored, as far as read yet: `signedIn()` waits for the first read. */
  get hasToken(): boolean {
    return !!this.token;
  }

  /** Whether a token is stored, once it was read (the views' first question; activate() does not wait for it). */
  async signedIn(): Promise<boolean> {
    await this.loaded();
    return this.hasToken;
  }

  /**
   * Resolves once the profiles' tokens were read (started on the first call; later calls share it:
   * each read is a round trip to the window), not waiting for the context keys that follow.
   */
  loaded(): Promise<void> {
    this.firstRead ??= new Promise<void>((resolve, reject) => void this.profiles.refresh(resolve).then(resolve, reject)).finally(() => (this.isLoaded = true));
    return this.firstRead;
  }

  /**
   * Sets the current profile's token; with no profile it creates "Default" (or, in a folder pinned
   * to a profile that does not exist yet, that one) with the livepeer.baseURL setting.
   */
  async setToken(token: string): Promise<void> {
    const current = this.profile;
    const why = this.profiles.why;
    await this.profiles.change(async (store) => {
      if (current) return store.setToken(current.id, token);
      const name = why.why === 'pin not found' ? why.pinned : unusedProfileName(DEFAULT_PROFILE_NAME, store.record().profiles);
      const created = await store.add({ name, baseUrl: settings.baseUrl(), token });
      await store.choose(created.id);
    });
  }

  async clearToken(): Promise<void> {
    const current = this.profile;
    if (current) await this.profiles.change((store) => store.clearToken(current.id));
  }

  /** The profile the client works for. */
  get profile(): Profile | undefined {
    return this.profiles.current;
  }

  /** A profile by id, current or not (undefined once removed). */
  profileOf(profileId: string): Profile | undefined {
    return this.profiles.store.get(profileId);
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
    const problem = () => otherProfileProblem(resource.projectId, this.profile, this.profiles.all());
    const profile = this.profile;
    if (profile && problem() && !this.profiles.all().some((other) => other.project?.id === resource.projectId)) {
      await relearnProject(this.profiles, profile.id, this.client(profile.id)).catch(() => undefined);
    }
    const still = problem();
    if (still) throw StudioApiError.config(still);
    return resource;
  }

  /**
   * The client of `profileId` (an upload keeps the profile it started with), else of the current
   * profile, which sends nothing once another profile (or none) is current (see ProfileClients.of);
   * its requests wait for the first read of the tokens.
   */
  client(profileId?: string): StudioClient {
    if (profileId) return this.clients.of(profileId, false);
    // The first start: a single token kept before profiles is becoming profile "Default", with the base URL setting.
    if (!this.isLoaded) return (this.pending ??= this.firstStartClient(settings.baseUrl()));
    const current = this.profile;
    if (!current) throw StudioApiError.config(this.noProfileProblem());
    return this.clients.of(current.id, true);
  }

  /** Why no profile is current, and what to do. */
  noProfileProblem(): string {
    const why = this.profiles.why;
    return why.why === 'pin not found'
      ? `this folder is pinned to profile “${why.pinned}” (setting livepeer.profile), which does not exist: add it with Livepeer: Add Profile…, or change the setting`
      : 'no API token is set: run Livepeer: Set API Token';
  }

  /**
   * The client used before the profiles are first read: it has the base URL setting, so it sends
   * only the token of a current profile with that base URL (never one profile's token to another's server).
   */
  private firstStartClient(baseUrl: string): StudioClient {
    const token = async () => {
      await this.loaded();
      const current = this.profile;
      if (current && current.baseUrl !== baseUrl) throw StudioApiError.config(`the current profile “${current.name}” has another base URL: try again`);
      return this.token;
    };
    return this.clients.create(baseUrl, token, () => this.token);
  }

  /**
   * A one-off client (the caller closes it): to check a token before it is saved (by default
   * against the base URL a new "Default" profile would get), or to act for another profile.
   */
  clientFor(token: string, baseUrl = this.profile?.baseUrl ?? settings.baseUrl()): StudioClient {
    return this.clients.create(baseUrl, () => token, () => token);
  }

  private closeAll(): void {
    this.clients.closeAll();
    void this.pending?.close();
    this.pending = undefined;
  }

  private reset(): void {
    this.closeAll();
    this.changed.fire();
  }

  override dispose(): void {
    this.closeAll();
    super.dispose();
  }
}
