import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';

/** The Quality and Usage commands: only their ids at activation; the panel loads with the first use (qualityCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts } = context;
  const deps = { session, prompts, extensionUri: context.extension.extensionUri };
  return {
    disposables: [
      registerOnFirstUse(Object.values(COMMANDS.quality), async () => {
        const { registerQualityCommands } = await import('./qualityCommands.js');
        return () => registerQualityCommands(deps);
      }),
    ],
  };
}
