import * as vscode from 'vscode';
import { nameBaseUrlBy } from '../common/baseUrlWording';
import type { AccountProfiles } from './accountProfiles';

/** Errors about the base URL name where to change it: the current profile's with several profiles, else the setting. */
export function nameProfilesBaseUrl(profiles: AccountProfiles): void {
  nameBaseUrlBy(() => {
    const current = profiles.current;
    return current && profiles.all().length > 1 ? vscode.l10n.t('the base URL of profile “{0}” (Livepeer: Edit Profile…)', current.name) : 'livepeer.baseURL';
  });
}
