import * as vscode from 'vscode';
import type { Profile } from '../../profiles/profile';
import type { Prompts } from '../common/prompts';
import type { AccountProfiles } from './accountProfiles';
import { hostOf, projectText } from './profileStatusBar';

interface ProfileItem extends vscode.QuickPickItem {
  profile?: Profile;
}

/**
 * A quick pick of the profiles: name (the current one marked), project and base URL host; with
 * `offerAdd`, an "Add Profile…" row last (resolves 'add'). Resolves undefined when dismissed.
 */
export async function pickProfile(prompts: Prompts, profiles: AccountProfiles, title: string, offerAdd = false): Promise<Profile | 'add' | undefined> {
  const current = profiles.current?.id;
  const items: ProfileItem[] = profiles.all().map((profile) => ({
    label: `${profile.id === current ? '$(check)' : '$(account)'} ${profile.name}`,
    description: `${projectText(profile)} · ${hostOf(profile.baseUrl)}${profile.id === current ? vscode.l10n.t(' · current') : ''}`,
    profile,
  }));
  if (offerAdd) items.push({ label: vscode.l10n.t('$(add) Add Profile…') });
  if (!items.length) return undefined;
  const picked = await prompts.pick(items, { title, placeHolder: vscode.l10n.t('Choose a profile') });
  if (!picked) return undefined;
  return picked.profile ?? 'add';
}
