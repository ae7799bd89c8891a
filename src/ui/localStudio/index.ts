import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';

/** Start, Stop and Reset Local Studio, Seed Demo Data: only their ids at activation; the rest loads with the first of them (localStudioCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { extension, profiles, prompts, log } = context;
  return {
    disposables: [
      registerOnFirstUse(Object.values(COMMANDS.localStudio), async () => {
        const { registerLocalStudioCommands } = await import('./localStudioCommands.js');
        return () => registerLocalStudioCommands({ extension, profiles, prompts, log });
      }),
    ],
  };
}
