import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import type { MultistreamDeps } from './targetDeps';

// Only the wiring of multistream is loaded at activation: the rows, the directory of targets and
// the commands are one bundle of their own (targetCommands.js, so the row classes the commands
// recognise are the ones the views show), loaded by the first expand of a view or the first command.

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
const WHAT: Record<CommandName, string> = {
  refresh: 'loading multistream targets',
  create: 'creating the multistream target',
  edit: 'editing the multistream target',
  turnOn: 'turning the target on',
  turnOff: 'turning the target off',
  delete: 'deleting the multistream target',
  addToStream: 'adding the target to the stream',
  removeFromStream: 'removing the target from the stream',
  copyId: 'copying the target ID',
};

export function registerMultistream(deps: Omit<MultistreamDeps, 'targets'>): { targets: TargetsView; treeView: vscode.TreeView<vscode.TreeItem>; disposables: vscode.Disposable[] } {
  const targets = new TargetsView(deps);
  const treeView = vscode.window.createTreeView('livepeer.multistreamTargets', { treeDataProvider: targets });
  const full: MultistreamDeps = { ...deps, targets };
  const rows = deps.streams.registerChildRows({
    applies: (stream) => !!stream.multistream?.targets?.length,
    rows: async (stream) => (await import('./targetCommands.js')).streamTargetRows(full, stream),
  });
  const commands = (Object.keys(WHAT) as CommandName[]).map((name) =>
    registerCommand(
      COMMANDS.multistream[name],
      async (...args: unknown[]) => (await import('./targetCommands.js')).runTargetCommand(name, full, args[0]),
      { prompts: deps.prompts, what: WHAT[name] },
    ),
  );
  return { targets, treeView, disposables: [targets, treeView, rows, ...commands] };
}
