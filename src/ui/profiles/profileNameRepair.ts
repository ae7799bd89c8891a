import * as vscode from 'vscode';
import type { Prompts } from '../common/prompts';
import type { AccountProfiles } from './accountProfiles';
import { COMMANDS } from '../common/commandIds';

/**
 * Profiles stored under the same name up to case and spaces (by an older version, or two windows
 * adding at once) are all kept, each with its token, the later ones renamed: this stores the new
 * names and says so, with Rename Profile at hand. The current profile stays the one chosen.
 */
export async function repairProfileNames(profiles: AccountProfiles, prompts: Prompts): Promise<void> {
  const renamed = await profiles.change((store) => store.repairNames());
  const [first] = renamed;
  if (!first) return;
  const what = renamed.map(({ from, to }) => vscode.l10n.t('a second profile named “{0}” is now “{1}”', from.trim(), to)).join('; ');
  const action = { title: vscode.l10n.t('Rename Profile') };
  const choice = await prompts.message('warning', vscode.l10n.t('Livepeer: {0} (profile names ignore case and spaces); each keeps its own token.', what), {}, action);
  if (choice === action) await vscode.commands.executeCommand(COMMANDS.profiles.rename, first.id);
}
