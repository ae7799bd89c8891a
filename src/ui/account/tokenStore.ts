import type * as vscode from 'vscode';
import { DEFAULT_PROFILE_NAME, unusedProfileName } from '../../profiles/profile';
import type { AccountProfiles } from '../profiles/accountProfiles';
import { settings } from '../common/settings';

/**
 * The API token of the current profile (kept only in SecretStorage, one secret per profile). Set
 * API Token sets the current profile's token; with no profile it creates "Default" (or, in a folder
 * pinned to a profile that does not exist yet, that one) with the livepeer.baseURL setting.
 */
export class TokenStore {
  readonly onDidChange: vscode.Event<void>;
  private firstRead: Promise<void> | undefined;
  /** Whether the first read has finished. */
  isLoaded = false;

  constructor(readonly profiles: AccountProfiles) {
    this.onDidChange = profiles.onDidChange;
  }

  get value(): string | undefined {
    return this.profiles.currentToken;
  }

  /**
   * Resolves once the profiles' tokens were read (started on the first call; later calls share it:
   * each read is a round trip to the window).
   */
  loaded(): Promise<void> {
    this.firstRead ??= this.profiles.refresh().finally(() => (this.isLoaded = true));
    return this.firstRead;
  }

  async set(token: string): Promise<void> {
    const current = this.profiles.current;
    const why = this.profiles.why;
    await this.profiles.change(async (store) => {
      if (current) return store.setToken(current.id, token);
      const name = why.why === 'pin not found' ? why.pinned : unusedProfileName(DEFAULT_PROFILE_NAME, store.record().profiles);
      const created = await store.add({ name, baseUrl: settings.baseUrl(), token });
      await store.choose(created.id);
    });
  }

  async clear(): Promise<void> {
    const current = this.profiles.current;
    if (current) await this.profiles.change((store) => store.clearToken(current.id));
  }
}
