import * as vscode from 'vscode';
import type { Account } from '../account/account';
import type { Prompts } from '../common/prompts';

export interface QualityDeps {
  session: Account;
  prompts: Prompts;
  extensionUri: vscode.Uri;
}
