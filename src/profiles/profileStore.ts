import * as l10n from '@vscode/l10n';
import { StudioApiError, apiTokenProblem, parseBaseUrl, rememberSecrets } from '../api';
import type { KeyValueStore } from '../upload/store/keyValueStore';
import {
  PRODUCTION_BASE_URL,
  currentProfile,
  privateKeySecretKey,
  profileNameProblem,
  readProfilesRecord,
  tokenSecretKey,
  type CurrentProfile,
  type KeptPrivateKey,
  type Profile,
  type ProfilesRecord,
} from './profile';

/** Secrets by key: exactly the shape of VS Code's SecretStorage, which the extension passes. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/**
 * `secrets`, remembering every value read from it or stored in it (each profile's token, kept
 * private keys): a service may echo another profile's token, and every redaction blanks it.
 */
function remembering(secrets: SecretStore): SecretStore {
  return {
    get: async (key) => {
      const value = await secrets.get(key);
      rememberSecrets(value);
      return value;
    },
    store: (key, value) => {
      rememberSecrets(value);
      return secrets.store(key, value);
    },
    delete: (key) => secrets.delete(key),
  };
}

/** Where the record is kept in the state store (globalState). */
export const PROFILES_STATE_KEY = 'livepeer.profiles';

function checkedToken(token: string): string {
  const problem = apiTokenProblem(token);
  if (!token || problem) throw StudioApiError.config(token ? l10n.t('the API token is malformed ({0}): paste it again', problem ?? '') : l10n.t('the API token is empty: paste it again'));
  return token;
}

/**
 * The profiles over a state store (the JSON record, nothing secret) and a secret store (each
 * profile's token and kept private keys). A token only ever goes to the secret store.
 */
export class ProfileStore {
  private readonly secrets: SecretStore;

  constructor(
    private readonly state: KeyValueStore,
    secrets: SecretStore,
    // The global Web Crypto: node:crypto is not loaded with the extension.
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
  ) {
    this.secrets = remembering(secrets);
  }

  record(): ProfilesRecord {
    return readProfilesRecord(this.state.get(PROFILES_STATE_KEY));
  }

  get(id: string): Profile | undefined {
    return this.record().profiles.find((profile) => profile.id === id);
  }

  current(pinned: string | undefined): CurrentProfile {
    return currentProfile(this.record(), pinned);
  }

  /** A new profile; the name, base URL and token are checked first (config errors, nothing stored). */
  async add(fields: { name: string; baseUrl: string; token: string }): Promise<Profile> {
    const problem = profileNameProblem(fields.name, this.record().profiles);
    if (problem) throw StudioApiError.config(problem);
    return this.create(fields.name.trim(), parseBaseUrl(fields.baseUrl), checkedToken(fields.token));
  }

  async token(id: string): Promise<string | undefined> {
    return (await this.secrets.get(tokenSecretKey(id))) || undefined;
  }

  /** A new token for the profile; the project learned for the old one is forgotten (the new may be another's). */
  async setToken(id: string, token: string): Promise<void> {
    this.existing(id);
    await this.secrets.store(tokenSecretKey(id), checkedToken(token));
    await this.change(id, ({ project: _old, ...profile }) => profile);
  }

  /** Clear API Token: the profile stays (with its kept private keys) until a token is set again. */
  async clearToken(id: string): Promise<void> {
    await this.secrets.delete(tokenSecretKey(id));
    if (this.get(id)) await this.change(id, ({ project: _old, ...profile }) => profile);
  }

  /**
   * The base URL of a profile that follows the livepeer.baseURL setting (the only profile); a value
   * that does not parse is kept as written, so calls report it. The project learned on the old
   * service is forgotten; the same address keeps it (a window's start reads the setting again).
   */
  async followBaseUrl(id: string, setting: string): Promise<Profile> {
    const baseUrl = asWritten(setting);
    return this.change(id, ({ project, ...profile }) => ({ ...profile, baseUrl, ...(baseUrl === profile.baseUrl && project ? { project } : {}) }));
  }

  /** Edit Profile…: a profile's own base URL (already checked); the project learned on the old service is forgotten. */
  async setBaseUrl(id: string, baseUrl: string): Promise<Profile> {
    return this.change(id, ({ project: _old, ...profile }) => ({ ...profile, baseUrl }));
  }

  async rename(id: string, name: string): Promise<Profile> {
    const problem = profileNameProblem(name, this.record().profiles, id);
    if (problem) throw StudioApiError.config(problem);
    return this.change(id, (profile) => ({ ...profile, name: name.trim() }));
  }

  /**
   * Stores the names readProfilesRecord gave profiles stored under another's name (up to case and
   * spaces), and returns what was renamed, so the person is told; nothing when all names differ.
   */
  async repairNames(): Promise<Array<{ id: string; from: string; to: string }>> {
    const stored = (this.state.get<{ profiles?: unknown }>(PROFILES_STATE_KEY)?.profiles ?? []) as Array<{ id?: unknown; name?: unknown }>;
    const record = this.record();
    const renamed = record.profiles.flatMap((profile) => {
      const from = stored.find((entry) => entry?.id === profile.id)?.name;
      return typeof from === 'string' && from !== profile.name ? [{ id: profile.id, from, to: profile.name }] : [];
    });
    if (renamed.length) await this.write(record);
    return renamed;
  }

  /** Remembers the profile chosen last, the current one where no folder pins another. */
  async choose(id: string): Promise<void> {
    this.existing(id);
    await this.write({ ...this.record(), lastChosenId: id });
  }

  async learnProject(id: string, project: { id: string; name: string } | undefined): Promise<Profile> {
    return this.change(id, ({ project: _old, ...profile }) => (project ? { ...profile, project: { id: project.id, name: project.name } } : profile));
  }

  /** Removes the profile with its token and the private keys kept for it. */
  async remove(id: string): Promise<void> {
    const profile = this.existing(id);
    await this.secrets.delete(tokenSecretKey(id));
    for (const key of profile.privateKeys) await this.secrets.delete(privateKeySecretKey(id, key.id));
    const { lastChosenId, profiles } = this.record();
    await this.write({ profiles: profiles.filter((other) => other.id !== id), ...(lastChosenId && lastChosenId !== id ? { lastChosenId } : {}) });
  }

  async keepPrivateKey(profileId: string, key: KeptPrivateKey, privateKey: string): Promise<void> {
    this.existing(profileId);
    await this.secrets.store(privateKeySecretKey(profileId, key.id), privateKey);
    const entry = { id: key.id, ...(key.owner ? { owner: key.owner } : {}) };
    await this.change(profileId, (profile) => ({ ...profile, privateKeys: [...profile.privateKeys.filter((kept) => kept.id !== key.id), entry] }));
  }

  /** The private key kept for the profile's signing key, if one is. */
  async privateKey(profileId: string, signingKeyId: string): Promise<string | undefined> {
    if (!this.get(profileId)?.privateKeys.some((kept) => kept.id === signingKeyId)) return undefined;
    return (await this.secrets.get(privateKeySecretKey(profileId, signingKeyId))) || undefined;
  }

  async forgetPrivateKey(profileId: string, signingKeyId: string): Promise<void> {
    await this.secrets.delete(privateKeySecretKey(profileId, signingKeyId));
    if (!this.get(profileId)) return;
    await this.change(profileId, (profile) => ({ ...profile, privateKeys: profile.privateKeys.filter((kept) => kept.id !== signingKeyId) }));
  }

  private async create(name: string, baseUrl: string, token: string): Promise<Profile> {
    const profile: Profile = { id: this.newId(), name, baseUrl, privateKeys: [] };
    // The token first: a profile is never made without its token, whatever stops us half-way.
    await this.secrets.store(tokenSecretKey(profile.id), token);
    await this.write({ ...this.record(), profiles: [...this.record().profiles, profile] });
    return profile;
  }

  private existing(id: string): Profile {
    const profile = this.get(id);
    if (!profile) throw StudioApiError.config(l10n.t('that profile no longer exists: pick another one'));
    return profile;
  }

  /** Reads, changes and writes the profile in one step (no await in between). */
  private async change(id: string, edit: (profile: Profile) => Profile): Promise<Profile> {
    this.existing(id);
    const record = this.record();
    const profiles = record.profiles.map((profile) => (profile.id === id ? edit(profile) : profile));
    await this.write({ ...record, profiles });
    return profiles.find((profile) => profile.id === id) as Profile;
  }

  private write(record: ProfilesRecord): PromiseLike<void> {
    // Through the reader again: only known fields are ever stored.
    return this.state.update(PROFILES_STATE_KEY, readProfilesRecord(record));
  }
}

/** A base URL setting parsed, or as written when it does not parse (calls then report it). */
function asWritten(setting: string): string {
  try {
    return parseBaseUrl(setting);
  } catch {
    return setting.trim() || PRODUCTION_BASE_URL;
  }
}
