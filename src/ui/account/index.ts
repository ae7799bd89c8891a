import type { Feature, FeatureContext } from '../common/feature';
import { registerTokenCommands } from './tokenCommands';

/**
 * The token commands; the walkthrough's steps ticked from what the account holds, and the check of a
 * folder's own livepeer.baseURL (ignored and named), each a bundle of its own loaded after activation.
 */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, log, extension } = context;
  void import('./heldSteps.js').then(({ tickHeldSteps }) => extension.subscriptions.push(tickHeldSteps(session)));
  void import('./folderBaseUrl.js').then(({ watchFolderBaseUrl }) => extension.subscriptions.push(watchFolderBaseUrl(prompts, log)));
  return { disposables: registerTokenCommands(session, prompts) };
}
