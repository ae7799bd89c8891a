import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';
import { activateUploads, type UploadsDeps } from './activateUploads';
import { tickUploadStep } from './uploadContextKeys';

/**
 * The upload queue of this window (kept in globalState), the Uploads view and status bar item; the
 * upload commands load with the first of them (uploadCommands.js).
 */
export function activate(context: FeatureContext): Feature {
  const { session, prompts } = context;
  const deps: UploadsDeps = { session, prompts, storage: context.state, log: context.log, watcher: context.watcher };
  const { uploads, disposables } = activateUploads(deps);
  return {
    disposables: [
      ...disposables,
      tickUploadStep(uploads.manager),
      registerOnFirstUse(Object.values(COMMANDS.uploads), async () => {
        const { registerUploadCommands } = await import('./uploadCommands.js');
        return () => registerUploadCommands({ session, prompts, manager: uploads.manager, view: uploads.view });
      }),
    ],
    offers: { uploads: { queue: uploads.manager, drop: uploads.drop } },
  };
}
