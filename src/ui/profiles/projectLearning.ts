import type * as vscode from 'vscode';
import { identifyProject, type Project, type StudioClient } from '../../api';
import type { AccountProfiles } from './accountProfiles';

/**
 * Learns the project of the profile's token with `client` (its own, left open) and keeps its name
 * and id on the profile, or forgets the one learned before when it cannot be told now. Resolves
 * with what was learned.
 */
export async function relearnProject(profiles: AccountProfiles, profileId: string, client: StudioClient): Promise<Project | undefined> {
  const project = await identifyProject(client);
  if (profiles.store.get(profileId)) await profiles.change((store) => store.learnProject(profileId, project));
  return project;
}

/**
 * Learns the project of the profile's token (after the token is checked) and keeps its name and id
 * on the profile, where the status bar and Switch Profile show it. Runs in the background: a failure
 * leaves the project unknown (shown as such), learned again at the next change. Closes `client`.
 */
export async function learnProject(profiles: AccountProfiles, profileId: string, client: StudioClient): Promise<void> {
  try {
    await relearnProject(profiles, profileId, client);
  } catch {
    // Unknown for now: learned again at the next change of the account (see followProject).
  } finally {
    void client.close();
  }
}

/**
 * Keeps the current profile's project known, for the status bar and Switch Profile: learned afresh
 * once the tokens are first read (a window's start: the project may have been renamed, or the
 * service restarted with new ids), and whenever the current profile has a token but no project
 * (a new profile, token or base URL forgets the one learned before), once at a time per account.
 */
export function followProject(profiles: AccountProfiles, loaded: () => Promise<void>, clientFor: (token: string, baseUrl: string) => StudioClient): vscode.Disposable {
  const learning = new Set<string>();
  const learn = (always: boolean) => {
    const profile = profiles.current;
    const token = profile && profiles.tokenOf(profile.id);
    if (!profile || !token || (profile.project && !always)) return;
    const account = JSON.stringify([profile.id, profile.baseUrl, token]);
    if (learning.has(account)) return;
    learning.add(account);
    void learnProject(profiles, profile.id, clientFor(token, profile.baseUrl)).finally(() => learning.delete(account));
  };
  let disposed = false;
  void loaded().then(() => disposed || learn(true));
  const shown = profiles.onDidChangeShown(() => learn(false));
  return { dispose: () => ((disposed = true), void shown.dispose()) };
}
