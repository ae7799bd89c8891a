import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';

/** Copy to Profile… on asset, stream and webhook rows (copyCommands.js, on first use, takes the offers of profiles and those views). */
export function activate(context: FeatureContext): Feature {
  return { disposables: [registerOnFirstUse(Object.values(COMMANDS.copyTo), async () => (await import('./copyCommands.js')).copyCommands(context))] };
}
