import * as vscode from 'vscode';
import type { Account } from '../account/account';
import type { Prompts } from '../common/prompts';
import { COMMANDS } from '../common/commandIds';

/**
 * Runs `act` (a notification's action) when `profileId`, the profile it was shown for, is still the
 * current one. After a switch it says whose it is and offers to switch back first, instead of
 * acting on the current account with another account's ids.
 */
export async function onProfileOf(session: Account, prompts: Prompts, profileId: string | undefined, act: () => unknown): Promise<void> {
  const current = session.profile;
  if (!profileId || current?.id === profileId) {
    await act();
    return;
  }
  const owner = session.profileOf(profileId);
  if (!owner) {
    prompts.notify('warning', vscode.l10n.t('Livepeer: this was about a profile that has been removed, so there is nothing to do.'));
    return;
  }
  const action = { title: vscode.l10n.t('Switch to “{0}”', owner.name) };
  const choice = await prompts.message('warning', vscode.l10n.t('Livepeer: this is about profile “{0}”, not the current profile “{1}”.', owner.name, current?.name ?? vscode.l10n.t('none')), {}, action);
  if (choice === action && (await vscode.commands.executeCommand<boolean>(COMMANDS.profiles.switch, owner.id))) await act();
}
