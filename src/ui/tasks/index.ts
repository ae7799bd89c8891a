import { offered, type Feature, type FeatureContext } from '../common/feature';
import { registerTaskCommands } from './registerTasks';

/** The Tasks view (its code loads with its first rows), Import from URL…, Why Is This Not Ready? and Retry on asset rows. */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, results, watcher } = context;
  const tasks = registerTaskCommands({ session, prompts, results, watcher, assets: offered(context, 'assets'), uploads: offered(context, 'uploads').queue });
  return { disposables: tasks.disposables };
}
