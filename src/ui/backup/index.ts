import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';

/** Back Up Account…: only its id at activation; the backup loads with its first use (backupCommand.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, privateKeys } = context;
  return {
    disposables: [
      registerOnFirstUse(Object.values(COMMANDS.backup), async () => {
        const { registerBackupCommand } = await import('./backupCommand.js');
        return () => registerBackupCommand({ session, prompts, privateKeys });
      }),
    ],
  };
}
