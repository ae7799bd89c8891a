import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';
import type { QualityEvent } from './registerQuality';

/** The Quality and Usage commands: only their ids at activation; the panel loads with the first use (qualityCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts } = context;
  const events = new vscode.EventEmitter<QualityEvent>();
  const deps = { session, prompts, extensionUri: context.extension.extensionUri, events };
  return {
    disposables: [
      events,
      registerOnFirstUse(Object.values(COMMANDS.quality), async () => {
        const { registerQualityCommands } = await import('./qualityCommands.js');
        return () => registerQualityCommands(deps);
      }),
    ],
    hooks: { quality: events.event },
  };
}
