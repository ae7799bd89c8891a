import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import { offered, type Feature, type FeatureContext } from '../common/feature';

/** Playback Access… and Test Access Webhook… on stream and asset rows: loaded with the first of them (accessCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts } = context;
  const deps = { session, prompts, streams: offered(context, 'streams'), assets: offered(context, 'assets') };
  return {
    disposables: [
      registerOnFirstUse(Object.values(COMMANDS.access), async () => {
        const { registerAccessCommands } = await import('./accessCommands.js');
        return () => registerAccessCommands(deps);
      }),
    ],
  };
}
