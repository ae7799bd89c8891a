import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';
import { repairProfileNames } from './profileNameRepair';
import { ProfileStatusBar } from './profileStatusBar';

/** The profile status bar item, no two profiles of one name, the profile commands (profileCommands.js, on first use) and the profile picker offered. */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, profiles } = context;
  // The profiles' tokens, read once, then their names made unique.
  void session.loaded().then(() => repairProfileNames(session.profiles, prompts));
  const statusBar = new ProfileStatusBar(profiles);
  return {
    disposables: [
      statusBar,
      registerOnFirstUse([...Object.values(COMMANDS.profiles), COMMANDS.openBaseUrlSetting], async () => {
        const { registerProfileCommands } = await import('./profileCommands.js');
        return () => registerProfileCommands({ session, prompts, profiles });
      }),
    ],
    offers: { profiles: { pick: async (title, except) => (await import('./profilePicker.js')).pickOther(prompts, profiles, title, except) } },
  };
}
