import * as l10n from '@vscode/l10n';
// Profiles as plain data: what is kept (nothing secret), how names are checked, where each
// profile's secrets live, and which profile is current. No I/O here; see profileStore.ts.

/** A kept private key of a signing key, and whose key it is: nothing secret. */
export interface KeptPrivateKey {
  /** The signing key's id. */
  id: string;
  /** `userId/projectId` of the signing key, when known. */
  owner?: string;
}

/** A name, a base URL and (in secret storage, never here) an API token. */
export interface Profile {
  /** Stable and never shown: secrets are keyed by it, so a rename keeps them. */
  id: string;
  name: string;
  /** Normalized API base URL, e.g. https://livepeer.studio/api. */
  baseUrl: string;
  /** The token's project, learned from the API once the token is checked. */
  project?: { id: string; name: string };
  /** Private keys kept for this profile (each in secret storage under privateKeySecretKey). */
  privateKeys: KeptPrivateKey[];
}

/** What is kept in globalState: the profiles and the last one chosen. Never a token. */
export interface ProfilesRecord {
  profiles: Profile[];
  lastChosenId?: string;
}

/** The production API: the base URL a new profile starts with. */
export const PRODUCTION_BASE_URL = 'https://livepeer.studio/api';
export const MAX_PROFILE_NAME_LENGTH = 40;
/** The profile an existing single token becomes, and the one Set API Token creates when there is none. */
export const DEFAULT_PROFILE_NAME = 'Default';

const SECRET_PREFIX = 'livepeer.profile.';

/** Where a profile's API token is kept in secret storage. */
export function tokenSecretKey(profileId: string): string {
  return `${SECRET_PREFIX}${profileId}.token`;
}

/** Where a private key kept for a profile is kept in secret storage. */
export function privateKeySecretKey(profileId: string, signingKeyId: string): string {
  return `${SECRET_PREFIX}${profileId}.privateKey.${signingKeyId}`;
}

/** Names compare trimmed and without regard to case: "Staging" and "staging " are the same profile. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Why `input` cannot name a profile, or undefined when it can (as the trimmed text). Names are
 * shown in the status bar and quick picks, and a folder pins one by name, so they are one short
 * line, unique regardless of case. `renaming` is the id of the profile being renamed: its own
 * name is not a clash.
 */
export function profileNameProblem(input: string, profiles: readonly Profile[], renaming?: string): string | undefined {
  const name = input.trim();
  if (!name) return l10n.t('Enter a name for the profile.');
  if (name.length > MAX_PROFILE_NAME_LENGTH) return l10n.t('Use at most {0} characters.', MAX_PROFILE_NAME_LENGTH);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return l10n.t('Use a name on one line, without control characters.');
  if (profiles.some((profile) => profile.id !== renaming && sameName(profile.name, name))) return l10n.t('A profile named "{0}" already exists.', name);
  return undefined;
}

/** `base`, or `base 2`, `base 3`…: the first name no profile has. */
export function unusedProfileName(base: string, profiles: readonly Profile[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} ${n}`;
    if (!profiles.some((profile) => sameName(profile.name, name))) return name;
  }
}

export type CurrentProfile =
  | { profile: Profile; why: 'pinned' | 'last chosen' | 'only one' }
  /** The folder pins a profile by a name no profile has: none is used rather than another account. */
  | { profile: undefined; why: 'pin not found'; pinned: string }
  /** No profile, or several and none chosen yet: the person picks one. */
  | { profile: undefined; why: 'none' | 'not chosen' };

/**
 * The current profile: the one the folder pins by name (workspace setting `livepeer.profile`),
 * else the one last chosen, else the only one. A pin naming no profile selects none, so a folder
 * meant for staging never silently works on another account.
 */
export function currentProfile(record: ProfilesRecord, pinned: string | undefined): CurrentProfile {
  const { profiles } = record;
  if (pinned?.trim()) {
    const profile = profiles.find((candidate) => sameName(candidate.name, pinned));
    return profile ? { profile, why: 'pinned' } : { profile: undefined, why: 'pin not found', pinned: pinned.trim() };
  }
  const last = profiles.find((profile) => profile.id === record.lastChosenId);
  if (last) return { profile: last, why: 'last chosen' };
  if (profiles.length === 1 && profiles[0]) return { profile: profiles[0], why: 'only one' };
  return { profile: undefined, why: profiles.length ? 'not chosen' : 'none' };
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function asProfile(value: unknown): Profile | undefined {
  const raw = (value ?? {}) as Record<string, unknown>;
  const id = asString(raw.id);
  const name = asString(raw.name);
  const baseUrl = asString(raw.baseUrl);
  if (!id || !name || !baseUrl) return undefined;
  const project = (raw.project ?? {}) as Record<string, unknown>;
  const projectId = asString(project.id);
  const projectName = typeof project.name === 'string' ? project.name : undefined;
  const privateKeys = (Array.isArray(raw.privateKeys) ? raw.privateKeys : [])
    .map((entry) => entry as Record<string, unknown>)
    .filter((entry) => asString(entry?.id))
    .map((entry) => ({ id: entry.id as string, ...(asString(entry.owner) ? { owner: entry.owner as string } : {}) }));
  return { id, name, baseUrl, ...(projectId && projectName !== undefined ? { project: { id: projectId, name: projectName } } : {}), privateKeys };
}

/**
 * The record as stored, from whatever globalState holds: only the known fields of well-formed
 * profiles are kept (so nothing else, a token least of all, is ever written back), and only the
 * first of two profiles with the same id (they share its secrets). Two with the same name up to
 * case and spaces (an older version, another window) are both kept, each with its token: the later
 * one is read as `name 2` (see ProfileStore.repairNames), so neither is lost nor taken for the other.
 */
export function readProfilesRecord(value: unknown): ProfilesRecord {
  const raw = (value ?? {}) as { profiles?: unknown; lastChosenId?: unknown };
  const read = (Array.isArray(raw.profiles) ? raw.profiles : []).map(asProfile).filter((profile): profile is Profile => !!profile);
  const profiles: Profile[] = [];
  for (const profile of read) {
    if (profiles.some((kept) => kept.id === profile.id)) continue;
    // The new name is one no profile has, stored or renamed: a later "a 2" keeps its name.
    const clash = profiles.some((kept) => sameName(kept.name, profile.name));
    profiles.push(clash ? { ...profile, name: unusedProfileName(profile.name.trim(), [...read, ...profiles]) } : profile);
  }
  const lastChosenId = asString(raw.lastChosenId);
  return { profiles, ...(lastChosenId && profiles.some((profile) => profile.id === lastChosenId) ? { lastChosenId } : {}) };
}

/**
 * Why a command must not act on a resource (key, stream, asset) of project `projectId` with the
 * current profile: it is another project's (shown before a switch, or from a notification of
 * another profile), and calling with this token would reach the wrong account. Undefined when it
 * is the current project's, or when that cannot be told (no projectId, project not learned yet).
 */
export function otherProfileProblem(projectId: string | undefined, current: Profile | undefined, profiles: readonly Profile[]): string | undefined {
  if (!projectId || !current?.project || current.project.id === projectId) return undefined;
  const owner = profiles.find((profile) => profile.project?.id === projectId);
  return owner
    ? l10n.t('it belongs to profile “{0}”, not to the current profile “{1}”: switch to “{0}” first', owner.name, current.name)
    : l10n.t("it belongs to another project than the current profile “{0}”: switch to that project's profile first", current.name);
}
