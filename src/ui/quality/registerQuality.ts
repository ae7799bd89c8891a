import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Prompts } from '../common/prompts';
import type { FromQualityPage, ToQualityPage } from './qualityMessages';

/** What a Quality and Usage panel did: what it posted, what its page reported, that it closed (tests watch through it). */
export interface QualityEvent {
  /** Which panel: `asset:<id>`, `stream:<id>` or `account`. */
  panel: string;
  posted?: ToQualityPage;
  reported?: FromQualityPage;
  html?: string;
  closed?: boolean;
}

export interface QualityDeps {
  session: Account;
  prompts: Prompts;
  extensionUri: vscode.Uri;
  events: vscode.EventEmitter<QualityEvent>;
}

/** The Quality and Usage commands: only their ids at activation; the panel loads with the first use. */
export function registerQuality(deps: Omit<QualityDeps, 'events'>): { onDidChange: vscode.Event<QualityEvent>; disposables: vscode.Disposable[] } {
  const events = new vscode.EventEmitter<QualityEvent>();
  const registration = registerOnFirstUse(Object.values(COMMANDS.quality), async () => {
    const { registerQualityCommands } = await import('./qualityCommands.js');
    return () => registerQualityCommands({ ...deps, events });
  });
  return { onDidChange: events.event, disposables: [events, registration] };
}
