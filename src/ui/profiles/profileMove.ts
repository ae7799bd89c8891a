import * as vscode from 'vscode';
import { messageOf } from '../../api';
import type { Profile } from '../../profiles/profile';
import type { Account } from '../account/account';
import { askToken, checkToken } from '../account/tokenCommands';
import { SAVE_ANYWAY, SET_TOKEN } from '../common/actions';
import type { Prompts } from '../common/prompts';
import type { AccountProfiles } from './accountProfiles';
import { hostOf } from './profileStatusBar';

interface MoveContext {
  session: Account;
  prompts: Prompts;
  profiles: AccountProfiles;
}

/**
 * A profile's new base URL, saved once its kept token works there: a token the new address rejects
 * keeps the old one (the safe answer) or is replaced by one set for the new address; an address
 * that cannot be reached is saved only when the person says so.
 */
export async function moveProfile(ctx: MoveContext, profile: Profile, url: string): Promise<boolean> {
  const kept = await ctx.profiles.store.token(profile.id);
  let token: string | undefined;
  const checked = kept ? await checkToken(ctx.session, kept, url) : 'accepted';
  if (checked === 'rejected') {
    const choice = await ctx.prompts.confirm(
      vscode.l10n.t('Livepeer: {0} rejected the API token of profile “{1}”: it still uses {2}.', url, profile.name, profile.baseUrl),
      { detail: vscode.l10n.t('Set an API token for the new address to move the profile there.'), safeLabel: vscode.l10n.t('Keep {0}', hostOf(profile.baseUrl)) },
      SET_TOKEN,
    );
    if (choice !== SET_TOKEN) return false;
    token = await askToken(ctx.session, ctx.prompts, { title: vscode.l10n.t('Livepeer: Edit Profile “{0}”: API Token for {1}', profile.name, url), baseUrl: url });
    if (!token) return false;
  } else if (checked !== 'accepted') {
    const choice = await ctx.prompts.confirm(
      vscode.l10n.t('Livepeer: could not check the API token of profile “{0}” at {1}: {2}', profile.name, url, messageOf(checked.unchecked)),
      { safeLabel: vscode.l10n.t('Don’t Save') },
      SAVE_ANYWAY,
    );
    if (choice !== SAVE_ANYWAY) return false;
  }
  // The address and a new token change together: neither token is ever sent to the other's address.
  await ctx.profiles.change(async (store) => {
    if (token) await store.setToken(profile.id, token);
    await (ctx.profiles.all().length === 1 ? store.followBaseUrl(profile.id, url) : store.setBaseUrl(profile.id, url));
  });
  // The only profile follows the user setting, which it now equals.
  if (ctx.profiles.all().length === 1) await vscode.workspace.getConfiguration('livepeer').update('baseURL', url, vscode.ConfigurationTarget.Global);
  ctx.prompts.notify('info', vscode.l10n.t('Livepeer: profile “{0}” now uses {1}.', profile.name, url));
  return true;
}
