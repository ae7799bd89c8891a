import * as vscode from 'vscode';
import { messageOf } from '../../api';
import { inProfileTerms } from './baseUrlWording';
import { COMMANDS } from './commandIds';
import { RETRY } from './actions';

/** A single informational row in a tree (a load error, "Load more…"), optionally clickable. */
export class MessageItem extends vscode.TreeItem {
  constructor(label: string, icon: string, command?: vscode.Command, tooltip?: string) {
    super(label, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon(icon);
    this.command = command;
    this.tooltip = tooltip;
    this.contextValue = 'message';
  }
}

/**
 * A view's load failure: the cause in the row, a click retries, and the row's buttons (menus on
 * `viewItem == loadError`) retry, change the base URL (livepeer.openBaseUrlSetting) and show the log.
 */
export function loadErrorItem(couldNotLoad: string, error: unknown, retryCommand: string): MessageItem {
  const cause = inProfileTerms(messageOf(error));
  const item = new MessageItem(couldNotLoad, 'error', { command: retryCommand, title: RETRY.title }, vscode.l10n.t('{0}\n\nClick to retry.', cause));
  // The request is in the log and the tooltip; the row keeps what failed and what to do.
  item.description = cause.replace(/\s*\([A-Z]+ \/[^)]*\)$/, '');
  item.contextValue = 'loadError';
  return item;
}

/** The commands behind a load-error row's buttons. */
export function registerLoadErrorCommands(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.retryLoad, (item?: vscode.TreeItem) =>
      item?.command ? vscode.commands.executeCommand(item.command.command, ...((item.command.arguments ?? []) as unknown[])) : undefined,
    ),
  ];
}
