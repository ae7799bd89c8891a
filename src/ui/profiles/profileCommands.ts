import * as vscode from 'vscode';
import type { Failure } from '../common/errorReporting';
import { messageOf, parseBaseUrl } from '../../api';
import { PRODUCTION_BASE_URL, profileNameProblem, type Profile } from '../../profiles/profile';
import { askToken } from '../account/tokenCommands';
import type { Account } from '../account/account';
import type { Prompts } from '../common/prompts';
import { pinnedProfile, type AccountProfiles } from './accountProfiles';
import { moveProfile } from './profileMove';
import { pickProfile } from './profilePicker';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { CHANGE_PIN, REMOVE } from '../common/actions';

export interface ProfileContext {
  session: Account;
  prompts: Prompts;
  profiles: AccountProfiles;
}

/** A profile given to a command (its id or name, e.g. from a test or a link), else undefined. */
function given(ctx: ProfileContext, arg: unknown): Profile | undefined {
  if (typeof arg !== 'string') return undefined;
  const text = arg.trim().toLowerCase();
  return ctx.profiles.all().find((profile) => profile.id === arg || profile.name.toLowerCase() === text);
}

async function report(ctx: ProfileContext, failed: Failure, body: () => Promise<boolean>): Promise<boolean> {
  try {
    return await body();
  } catch (error) {
    ctx.prompts.notify('error', failed(messageOf(error)));
    return false;
  }
}

/** A base URL typed in, checked as it is typed; undefined when dismissed. */
function askBaseUrl(ctx: ProfileContext, title: string, value: string): Promise<string | undefined> {
  return ctx.prompts.input({
    title,
    prompt: vscode.l10n.t('The Livepeer Studio API base URL (production unless you work with another service)'),
    value,
    validateInput: (typed) => {
      try {
        parseBaseUrl(typed);
        return undefined;
      } catch (error) {
        return messageOf(error).replace(/livepeer\.baseURL/g, vscode.l10n.t('the base URL'));
      }
    },
  });
}

/** Add Profile…: a name, a base URL (production unless changed) and a token checked like Set API Token; then switches to it. */
async function addProfile(ctx: ProfileContext): Promise<boolean> {
  const name = await ctx.prompts.input({
    title: vscode.l10n.t('Livepeer: Add Profile (1/3)'),
    prompt: vscode.l10n.t('A name for this account or environment, e.g. Staging or Client X'),
    validateInput: (value) => profileNameProblem(value, ctx.profiles.all()),
  });
  if (name === undefined) return false;
  const baseUrl = await askBaseUrl(ctx, vscode.l10n.t('Livepeer: Add Profile (2/3)'), PRODUCTION_BASE_URL);
  if (baseUrl === undefined) return false;
  const url = parseBaseUrl(baseUrl);
  const token = await askToken(ctx.session, ctx.prompts, { title: vscode.l10n.t('Livepeer: Add Profile (3/3): API Token'), baseUrl: url });
  if (!token) return false;
  const profile = await ctx.profiles.change(async (store) => {
    const added = await store.add({ name, baseUrl: url, token });
    await store.choose(added.id);
    return added;
  });
  await pinWarning(ctx, profile);
  ctx.prompts.notify('info', vscode.l10n.t('Livepeer: profile “{0}” added; it is now the current profile.', profile.name));
  return true;
}

/** A folder pinned to another profile keeps it: the person is told rather than silently ignored. */
async function pinWarning(ctx: ProfileContext, chosen: Profile): Promise<boolean> {
  const pinned = pinnedProfile();
  if (!pinned || pinned.toLowerCase() === chosen.name.toLowerCase()) return true;
  const change = await ctx.prompts.confirm(
    vscode.l10n.t('Livepeer: this folder is pinned to profile “{0}” (setting livepeer.profile). Pin it to “{1}” instead?', pinned, chosen.name),
    { safeLabel: vscode.l10n.t('Keep “{0}”', pinned) },
    CHANGE_PIN,
  );
  if (change !== CHANGE_PIN) return false;
  await vscode.workspace.getConfiguration('livepeer').update('profile', chosen.name, vscode.ConfigurationTarget.Workspace);
  await ctx.profiles.refresh();
  return true;
}

/** Switch Profile…: the views reload for the chosen account; nothing of the old one is ended. */
async function switchProfile(ctx: ProfileContext, arg?: unknown): Promise<boolean> {
  const profile = given(ctx, arg) ?? (await pickProfile(ctx.prompts, ctx.profiles, vscode.l10n.t('Livepeer: Switch Profile'), true));
  if (profile === 'add') return addProfile(ctx);
  // Local Studio makes its own profile current once it runs.
  if (profile === 'localStudio') return !!(await vscode.commands.executeCommand(COMMANDS.localStudio.start));
  if (!profile) return false;
  await ctx.profiles.change((store) => store.choose(profile.id));
  if (!(await pinWarning(ctx, profile))) return false;
  return true;
}

async function renameProfile(ctx: ProfileContext, arg?: unknown): Promise<boolean> {
  const profile = given(ctx, arg) ?? (await pickProfile(ctx.prompts, ctx.profiles, vscode.l10n.t('Livepeer: Rename Profile')));
  if (!profile || profile === 'add') return false;
  const name = await ctx.prompts.input({
    title: vscode.l10n.t('Livepeer: Rename Profile “{0}”', profile.name),
    value: profile.name,
    validateInput: (value) => profileNameProblem(value, ctx.profiles.all(), profile.id),
  });
  if (name === undefined || name.trim() === profile.name) return false;
  const renamed = await ctx.profiles.change((store) => store.rename(profile.id, name));
  // A folder pinned to the old name follows the rename (the pin is by name).
  if (pinnedProfile()?.toLowerCase() === profile.name.toLowerCase()) {
    await vscode.workspace.getConfiguration('livepeer').update('profile', renamed.name, vscode.ConfigurationTarget.Workspace);
    await ctx.profiles.refresh();
  }
  return true;
}

/** Remove Profile: asks (the safe answer keeps it), then deletes its token and kept private keys (its key rotations go too: see keys/index.ts). */
async function removeProfile(ctx: ProfileContext, arg?: unknown): Promise<boolean> {
  const profile = given(ctx, arg) ?? (await pickProfile(ctx.prompts, ctx.profiles, vscode.l10n.t('Livepeer: Remove Profile')));
  if (!profile || profile === 'add') return false;
  const keys = profile.privateKeys.length;
  const choice = await ctx.prompts.confirm(
    vscode.l10n.t('Remove profile “{0}”?', profile.name),
    {
      detail: !keys
        ? vscode.l10n.t('Deletes its API token from this machine. Nothing changes in Livepeer Studio.')
        : keys === 1
          ? vscode.l10n.t('Deletes its API token and the 1 private key kept for it from this machine. Nothing changes in Livepeer Studio.')
          : vscode.l10n.t('Deletes its API token and the {0} private keys kept for it from this machine. Nothing changes in Livepeer Studio.', keys),
      safeLabel: vscode.l10n.t('Keep Profile'),
    },
    REMOVE,
  );
  if (choice !== REMOVE) return false;
  await ctx.profiles.change((store) => store.remove(profile.id));
  ctx.prompts.notify('info', vscode.l10n.t('Livepeer: profile “{0}” removed from this machine.', profile.name));
  return true;
}

type ProfileField = 'name' | 'baseUrl' | 'token';

/**
 * Edit Profile…: its name, base URL or token, without removing it. The only profile's base URL is
 * the livepeer.baseURL user setting (it follows it), so that is what changes then.
 */
async function editProfile(ctx: ProfileContext, arg?: unknown, field?: ProfileField): Promise<boolean> {
  const profile = given(ctx, arg) ?? (await pickProfile(ctx.prompts, ctx.profiles, vscode.l10n.t('Livepeer: Edit Profile')));
  if (!profile || profile === 'add') return false;
  const fields: Array<vscode.QuickPickItem & { field: ProfileField }> = [
    { label: vscode.l10n.t('Name'), description: profile.name, field: 'name' },
    { label: vscode.l10n.t('Base URL'), description: profile.baseUrl, field: 'baseUrl' },
    { label: vscode.l10n.t('API Token'), description: vscode.l10n.t('set a new one, checked against the base URL'), field: 'token' },
  ];
  const chosen = field ?? (await ctx.prompts.pick(fields, { title: vscode.l10n.t('Livepeer: Edit Profile “{0}”', profile.name), placeHolder: vscode.l10n.t('What to change') }))?.field;
  if (chosen === 'name') return renameProfile(ctx, profile.id);
  if (chosen === 'token') {
    const token = await askToken(ctx.session, ctx.prompts, { title: vscode.l10n.t('Livepeer: Edit Profile “{0}”: API Token', profile.name), baseUrl: profile.baseUrl });
    if (!token) return false;
    await ctx.profiles.change((store) => store.setToken(profile.id, token));
    return true;
  }
  if (chosen !== 'baseUrl') return false;
  const typed = await askBaseUrl(ctx, vscode.l10n.t('Livepeer: Edit Profile “{0}”: Base URL', profile.name), profile.baseUrl);
  if (typed === undefined || parseBaseUrl(typed) === profile.baseUrl) return false;
  return moveProfile(ctx, profile, parseBaseUrl(typed));
}

/** A load error's "Change the Base URL": the user setting while the only profile follows it, else the current profile's own. */
async function changeBaseUrl(ctx: ProfileContext): Promise<boolean> {
  const current = ctx.profiles.current;
  if (current && ctx.profiles.all().length > 1) return editProfile(ctx, current.id, 'baseUrl');
  await vscode.commands.executeCommand('workbench.action.openGlobalSettings', { query: 'livepeer.baseURL' });
  return true;
}

/** The profile commands, loaded at the first use of one of them (extension.ts registers their stand-ins). */
export function registerProfileCommands(ctx: ProfileContext): vscode.Disposable[] {
  const command = (id: string, failed: Failure, run: (ctx: ProfileContext, arg?: unknown) => Promise<boolean>) =>
    registerCommand(id, (arg?: unknown) => report(ctx, failed, () => run(ctx, arg)));
  return [
    command(COMMANDS.profiles.add, (reason) => vscode.l10n.t('Livepeer: could not add the profile: {0}', reason), addProfile),
    command(COMMANDS.profiles.switch, (reason) => vscode.l10n.t('Livepeer: could not switch profile: {0}', reason), switchProfile),
    command(COMMANDS.profiles.rename, (reason) => vscode.l10n.t('Livepeer: could not rename the profile: {0}', reason), renameProfile),
    command(COMMANDS.profiles.remove, (reason) => vscode.l10n.t('Livepeer: could not remove the profile: {0}', reason), removeProfile),
    command(COMMANDS.profiles.edit, (reason) => vscode.l10n.t('Livepeer: could not edit the profile: {0}', reason), (c, arg) => editProfile(c, arg)),
    command(COMMANDS.openBaseUrlSetting, (reason) => vscode.l10n.t('Livepeer: could not change the base URL: {0}', reason), changeBaseUrl),
  ];
}
