import * as vscode from 'vscode';
import type { Account } from '../account/account';
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
