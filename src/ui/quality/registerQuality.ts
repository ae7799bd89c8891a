import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Prompts } from '../common/prompts';

export interface QualityDeps {
  session: Account;
  prompts: Prompts;
  extensionUri: vscode.Uri;
}

/** The Quality and Usage commands: only their ids at activation; the panel loads with the first use. */
export function registerQuality(deps: QualityDeps): { disposables: vscode.Disposable[] } {
  const registration = registerOnFirstUse(Object.values(COMMANDS.quality), async () => {
    const { registerQualityCommands } = await import('./qualityCommands.js');
    return () => registerQualityCommands(deps);
  });
  return { disposables: [registration] };
}
