import * as l10n from '@vscode/l10n';
import { StudioApiError, StudioClient, type ApiCallRecord } from '../api';
import type { Profile } from './profile';
import type { ProfileStore } from './profileStore';

/** What the clients read of the profiles: each profile's record and token, and which one is current. */
export interface ProfileSource {
  readonly store: Pick<ProfileStore, 'get'>;
  tokenOf(profileId: string): string | undefined;
  readonly current: Profile | undefined;
}

export interface ClientSettings {
  userAgent: string;
  timeoutMs(): number;
  /** The call log of a client of `baseUrl`, told which secrets to blank in its line. */
  onCall(secrets: () => Array<string | undefined>, baseUrl: string): (call: ApiCallRecord) => void;
}

/**
 * Which client belongs to which profile: one per profile (it reads the profile's token at each
 * request), kept while its base URL stays, so a switch never closes one a running upload uses.
 * A profile's token goes only to that profile's base URL.
 */
export class ProfileClients {
  private readonly clients = new Map<string, { client: StudioClient; baseUrl: string }>();

  constructor(
    private readonly profiles: ProfileSource,
    /** Resolves once the tokens were first read: a request waits for it. */
    private readonly loaded: () => Promise<unknown>,
    private readonly settings: ClientSettings,
  ) {}

  /**
   * The client of `profileId`. Throws when the profile was removed, rather than using another
   * account, and when its base URL is invalid. With `whileCurrent`, it sends nothing once another
   * profile (or none) is current: a load or a command started before a switch fails rather than
   * calling the old account after it.
   */
  of(profileId: string, whileCurrent: boolean): StudioClient {
    const profile = this.profiles.store.get(profileId);
    if (!profile) throw StudioApiError.config(l10n.t('the profile this was started with was removed: it cannot be reached any more'));
    const key = whileCurrent ? `${profileId}/current` : profileId;
    const cached = this.clients.get(key);
    if (cached && cached.baseUrl === profile.baseUrl) return cached.client;
    void cached?.client.close();
    const token = () => this.profiles.tokenOf(profileId);
    const client = this.create(
      profile.baseUrl,
      async () => {
        await this.loaded();
        if (whileCurrent && this.profiles.current?.id !== profileId) throw StudioApiError.config(l10n.t('the current profile changed from “{0}” meanwhile: nothing was sent', profile.name));
        return token();
      },
      token,
    );
    this.clients.set(key, { client, baseUrl: profile.baseUrl });
    return client;
  }

  /** A client whose log blanks the current profile's token and `secret`. */
  create(baseUrl: string, getToken: () => string | undefined | Promise<string | undefined>, secret: () => string | undefined): StudioClient {
    const current = () => this.profiles.current && this.profiles.tokenOf(this.profiles.current.id);
    return new StudioClient({ baseUrl, getToken, userAgent: this.settings.userAgent, timeoutMs: this.settings.timeoutMs(), onCall: this.settings.onCall(() => [current(), secret()], baseUrl) });
  }

  closeAll(): void {
    for (const { client } of this.clients.values()) void client.close();
    this.clients.clear();
  }
}
