import * as vscode from 'vscode';
import type { Failure } from '../common/errorReporting';
import type { Account } from '../account/account';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import type { Prompts } from '../common/prompts';
import type { StreamsView } from '../streams/streamsView';

// Only the wiring of multistream is loaded at activation: the rows, the directory of targets and
// the commands are one bundle of their own (targetCommands.js, so the row classes the commands
// recognise are the ones the views show), loaded by the first expand of a view or the first command.

export interface MultistreamDeps {
  session: Account;
  prompts: Prompts;
  streams: StreamsView;
  /** Where the host each target pushes to is remembered (never its URL: that holds the key). */
  state: vscode.Memento;
  targets: TargetsView;
}

/** The Multistream Targets view: the account user's targets (not the project's), read on first show. */
export class TargetsView implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly deps: Omit<MultistreamDeps, 'targets'>) {
    this.subscription = deps.session.onDidChange(() => this.refresh());
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  async getChildren(item?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (item) return [];
    const { targetRows } = await import('./targetCommands.js');
    return targetRows({ ...this.deps, targets: this });
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

type CommandName = keyof typeof COMMANDS.multistream;

/** What each command does, as its error names it. */
const FAILED: Record<CommandName, Failure> = {
  refresh: (reason) => vscode.l10n.t('Livepeer: loading multistream targets: {0}', reason),
  create: (reason) => vscode.l10n.t('Livepeer: creating the multistream target: {0}', reason),
  edit: (reason) => vscode.l10n.t('Livepeer: editing the multistream target: {0}', reason),
  turnOn: (reason) => vscode.l10n.t('Livepeer: turning the target on: {0}', reason),
  turnOff: (reason) => vscode.l10n.t('Livepeer: turning the target off: {0}', reason),
  delete: (reason) => vscode.l10n.t('Livepeer: deleting the multistream target: {0}', reason),
  addToStream: (reason) => vscode.l10n.t('Livepeer: adding the target to the stream: {0}', reason),
  removeFromStream: (reason) => vscode.l10n.t('Livepeer: removing the target from the stream: {0}', reason),
  copyId: (reason) => vscode.l10n.t('Livepeer: copying the target ID: {0}', reason),
};

export function registerMultistream(deps: Omit<MultistreamDeps, 'targets'>): { targets: TargetsView; treeView: vscode.TreeView<vscode.TreeItem>; disposables: vscode.Disposable[] } {
  const targets = new TargetsView(deps);
  const treeView = vscode.window.createTreeView('livepeer.multistreamTargets', { treeDataProvider: targets });
  const full: MultistreamDeps = { ...deps, targets };
  deps.streams.extraRows = async (stream) => (await import('./targetCommands.js')).streamTargetRows(full, stream);
  const commands = (Object.keys(FAILED) as CommandName[]).map((name) =>
    registerCommand(
      COMMANDS.multistream[name],
      async (...args: unknown[]) => (await import('./targetCommands.js')).runTargetCommand(name, full, args[0]),
      { prompts: deps.prompts, failed: FAILED[name] },
    ),
  );
  return { targets, treeView, disposables: [targets, treeView, ...commands] };
}
