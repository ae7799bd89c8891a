import * as vscode from 'vscode';
import type { Profile } from '../../profiles/profile';
import type { Prompts } from '../common/prompts';
import type { AccountProfiles } from './accountProfiles';
import { hostOf, projectText } from './profileStatusBar';

interface ProfileItem extends vscode.QuickPickItem {
  profile?: Profile;
  other?: 'add' | 'localStudio';
}

/**
 * A quick pick of the profiles: name (the current one marked), project and base URL host; with
 * `offerAdd`, an "Add Profile…" row (resolves 'add') and "Start Local Studio" (resolves 'localStudio') last;
 * without the profile `except`. Resolves undefined when dismissed.
 */
export async function pickProfile(prompts: Prompts, profiles: AccountProfiles, title: string, offerAdd?: false, except?: string): Promise<Profile | 'add' | undefined>;
export async function pickProfile(prompts: Prompts, profiles: AccountProfiles, title: string, offerAdd: true): Promise<Profile | 'add' | 'localStudio' | undefined>;
export async function pickProfile(prompts: Prompts, profiles: AccountProfiles, title: string, offerAdd = false, except?: string): Promise<Profile | 'add' | 'localStudio' | undefined> {
  const current = profiles.current?.id;
  const items: ProfileItem[] = profiles.all().filter((profile) => profile.id !== except).map((profile) => ({
    label: `${profile.id === current ? '$(check)' : '$(account)'} ${profile.name}`,
    description: `${projectText(profile)} · ${hostOf(profile.baseUrl)}${profile.id === current ? vscode.l10n.t(' · current') : ''}`,
    profile,
  }));
  if (offerAdd) {
    items.push(
      { label: vscode.l10n.t('$(add) Add Profile…'), other: 'add' },
      { label: vscode.l10n.t('$(server-process) Start Local Studio'), description: vscode.l10n.t('Livepeer Studio on this machine, no account needed'), other: 'localStudio' },
    );
  }
  if (!items.length) return undefined;
  const picked = await prompts.pick(items, { title, placeHolder: vscode.l10n.t('Choose a profile') });
  if (!picked) return undefined;
  return picked.profile ?? picked.other;
}

/** A profile other than `except` (the profiles offer's pick); undefined when dismissed. */
export async function pickOther(prompts: Prompts, profiles: AccountProfiles, title: string, except?: string): Promise<Profile | undefined> {
  const picked = await pickProfile(prompts, profiles, title, false, except);
  return picked === 'add' ? undefined : picked;
}
