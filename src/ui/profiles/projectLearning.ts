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
 * leaves the project unknown (shown as such), never the token unsaved. Closes `client`.
 */
export async function learnProject(profiles: AccountProfiles, profileId: string, client: StudioClient): Promise<void> {
  try {
    await relearnProject(profiles, profileId, client);
  } catch {
    // Unknown for now: learned again the next time a token is set or the profile is switched to.
  } finally {
    void client.close();
  }
}
