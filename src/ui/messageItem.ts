import * as vscode from 'vscode';
import { messageOf } from './errors';

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

export function loadErrorItem(what: string, error: unknown, retryCommand: string): MessageItem {
  return new MessageItem(`Could not load ${what}`, 'error', { command: retryCommand, title: 'Retry' }, `${messageOf(error)}\n\nClick to retry.`);
}
