import * as vscode from 'vscode';
import { tokenSecretKey, type CurrentProfile, type Profile } from '../../profiles/profile';
import { ProfileStore } from '../../profiles/profileStore';
import { Disposable } from '../common/disposable';
import { settings } from '../common/settings';

const HAS_TOKEN_CONTEXT = 'livepeer.hasToken';
const HAS_PROFILES_CONTEXT = 'livepeer.hasProfiles';
/** The folder is pinned to a profile that does not exist: the views' welcome says so instead of "Connect your account". */
const PIN_NOT_FOUND_CONTEXT = 'livepeer.pinNotFound';

/** The workspace setting that pins a folder to a profile by name; empty = not pinned. */
export function pinnedProfile(): string | undefined {
  return settings.profilePin().trim() || undefined;
}

/**
 * The profiles over VS Code's globalState and SecretStorage, and which one is current (the folder's
 * pin, else the last chosen, else the only one) with its token in memory. `onDidChange` fires when
 * the account changes (the session and the views follow it), onDidChangeShown when anything
 * shown about it changes. Every change goes through here so the in-memory copy is never stale.
 */
export class AccountProfiles extends Disposable {
  readonly store: ProfileStore;
  private state: CurrentProfile = { profile: undefined, why: 'none' };
  private token: string | undefined;
  private tokens = new Map<string, string>();
  private refreshing = Promise.resolve();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The account changed: another profile, token or base URL (the session and views reload). */
  readonly onDidChange = this.changed.event;
  private readonly shownChanged = this.register(new vscode.EventEmitter<void>());
  /** Anything shown about the current profile changed, its name or project too (the status bar). */
  readonly onDidChangeShown = this.shownChanged.event;
  private readonly removed = this.register(new vscode.EventEmitter<string>());
  /** A profile was removed in this window (its id): what a feature keeps per profile goes with it. */
  readonly onDidRemove = this.removed.event;

  constructor(secrets: vscode.SecretStorage, memento: vscode.Memento) {
    super();
    this.store = new ProfileStore(memento, secrets);
    // The record is in globalState (read at once); only the tokens wait for secret storage.
    this.state = this.store.current(pinnedProfile());
    // Another window changed this profile's token.
    this.register(secrets.onDidChange((event) => {
      if (this.state.profile && event.key === tokenSecretKey(this.state.profile.id)) void this.refresh();
    }));
    this.register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (settings.affects(event, 'profile')) void this.refresh();
      if (settings.affects(event, 'baseURL')) void this.followBaseUrlSetting();
    }));
  }

  /** The current profile, if any (see `why` for why none). */
  get current(): Profile | undefined {
    return this.state.profile;
  }

  get why(): CurrentProfile {
    return this.state;
  }

  /** The current profile's token. */
  get currentToken(): string | undefined {
    return this.token;
  }

  /** Any profile's token, as last read (uploads and notifications of another profile use theirs). */
  tokenOf(profileId: string): string | undefined {
    return this.tokens.get(profileId);
  }

  all(): Profile[] {
    return this.store.record().profiles;
  }

  /**
   * Reads the current profile and its token again, and says what changed; resolves once VS Code has
   * the context keys too, `onRead` is called before that, as soon as the tokens are read (a view's
   * first request need not wait for the keys of its welcome). One at a time, in order: a slower
   * earlier read never overwrites a later one.
   */
  refresh(onRead?: () => void): Promise<void> {
    this.refreshing = this.refreshing.then(
      () => this.reload(onRead),
      () => this.reload(onRead),
    );
    return this.refreshing;
  }

  private async reload(onRead?: () => void): Promise<void> {
    const state = this.store.current(pinnedProfile());
    const profiles = this.all();
    const tokens = await Promise.all(profiles.map(async (profile) => [profile.id, await this.store.token(profile.id)] as const));
    this.tokens = new Map(tokens.filter((entry): entry is readonly [string, string] => !!entry[1]));
    const token = state.profile && this.tokens.get(state.profile.id);
    const account = (current: CurrentProfile, currentToken: string | undefined) => JSON.stringify([current.profile?.id, current.profile?.baseUrl, currentToken]);
    const accountChanged = account(state, token) !== account(this.state, this.token);
    const shownChanged = JSON.stringify(state) !== JSON.stringify(this.state);
    this.state = state;
    this.token = token;
    if (accountChanged) this.changed.fire();
    if (accountChanged || shownChanged) this.shownChanged.fire();
    onRead?.();
    await Promise.all([
      vscode.commands.executeCommand('setContext', HAS_TOKEN_CONTEXT, !!token),
      vscode.commands.executeCommand('setContext', HAS_PROFILES_CONTEXT, profiles.length > 0),
      vscode.commands.executeCommand('setContext', PIN_NOT_FOUND_CONTEXT, state.why === 'pin not found'),
    ]);
  }

  /**
   * The only profile follows the livepeer.baseURL setting, as the single token did before profiles
   * (the setting's errors and Troubleshooting name it); with several, each keeps its own.
   */
  private async followBaseUrlSetting(): Promise<void> {
    const [only, ...others] = this.all();
    if (only && !others.length) await this.change((store) => store.followBaseUrl(only.id, settings.baseUrl()));
  }

  /** Runs a change of the stored profiles, then follows it; a profile it removed is said by onDidRemove. */
  async change<T>(edit: (store: ProfileStore) => Promise<T>): Promise<T> {
    const before = this.all().map((profile) => profile.id);
    try {
      return await edit(this.store);
    } finally {
      await this.refresh();
      const after = new Set(this.all().map((profile) => profile.id));
      for (const id of before.filter((id) => !after.has(id))) this.removed.fire(id);
    }
  }
}
