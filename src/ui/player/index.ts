import type { Feature, FeatureContext } from '../common/feature';
import { activatePlayer } from './activatePlayer';

/** The player panel and its Play command. */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, privateKeys } = context;
  const { disposables } = activatePlayer({ session, prompts, privateKeys, extensionUri: context.extension.extensionUri });
  return { disposables };
}
