import * as vscode from 'vscode';
import type { MultistreamTarget } from '../../api';
import type { Failure } from '../common/errorReporting';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { Disposable } from '../common/disposable';
import { PagedTreeModel } from '../common/pagedTreeModel';
import { resolveTooltip } from '../common/tooltipOnHover';
import type { Shown } from '../common/retryWhileShown';
import type { MultistreamDeps } from './targetDeps';

// Only the wiring of multistream is loaded at activation: the rows, the directory of targets and
// the commands are one bundle of their own (targetCommands.js, so the row classes the commands
// recognise are the ones the views show), loaded by the first expand of a view or the first command.

const PAGE_SIZE = 50;

/**
 * The Multistream Targets view: the account user's targets (not the project's), page by page with
 * "Load more…" and a row saying why they could not load (the model every list shares).
 */
export class TargetsView extends Disposable implements vscode.TreeDataProvider<vscode.TreeItem> {
  private readonly model: PagedTreeModel<MultistreamTarget, vscode.TreeItem>;
  readonly onDidChangeTreeData: vscode.Event<vscode.TreeItem | vscode.TreeItem[] | undefined>;

  constructor(private readonly deps: Omit<MultistreamDeps, 'targets'>) {
    super();
    this.model = this.register(
      new PagedTreeModel<MultistreamTarget, vscode.TreeItem>({
        session: deps.session,
        prompts: deps.prompts,
        couldNotLoad: vscode.l10n.t('Could not load multistream targets'),
        refreshCommand: COMMANDS.multistream.refresh,
        groupLabel: (first, last) => vscode.l10n.t('Multistream targets {0}–{1}', first, last),
        loadMoreCommand: COMMANDS.multistream.loadMore,
        fetchPage: (cursor, limit) => deps.session.client().multistream.listPage(cursor, limit ?? PAGE_SIZE),
      }),
    );
    this.onDidChangeTreeData = this.model.onDidChange;
  }

  /** The tree that shows this view (made from the view, so it comes after): see TreeModel.showIn. */
  showIn(tree: Shown): void {
    this.model.showIn(tree);
  }

  refresh(): void {
    this.model.reset();
  }

  loadMore(): Promise<void> {
    return this.model.loadMore();
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  /** Builds a row's tooltip on hover, not for every row drawn (see TooltipOnHover). */
  resolveTreeItem(item: vscode.TreeItem, node: vscode.TreeItem): vscode.TreeItem {
    return resolveTooltip(item, node);
  }

  async getChildren(item?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    const { targetRow, noTargetsRow } = await import('./targetCommands.js');
    const rows = await this.model.children((target) => targetRow(this.deps.state, target), item);
    return !item && this.model.list.isLoaded && !this.model.items.length ? [noTargetsRow()] : rows;
  }
}

type CommandName = keyof typeof COMMANDS.multistream;

/** What each command does, as its error names it. */
const FAILED: Record<Exclude<CommandName, 'loadMore'>, Failure> = {
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
  targets.showIn(treeView);
  const full: MultistreamDeps = { ...deps, targets };
  const rows = deps.streams.registerChildRows({
    applies: (stream) => !!stream.multistream?.targets?.length,
    rows: async (stream) => (await import('./targetCommands.js')).streamTargetRows(full, stream),
  });
  const commands = (Object.keys(FAILED) as Array<keyof typeof FAILED>).map((name) =>
    registerCommand(
      COMMANDS.multistream[name],
      async (...args: unknown[]) => (await import('./targetCommands.js')).runTargetCommand(name, full, args[0]),
      { prompts: deps.prompts, failed: FAILED[name] },
    ),
  );
  const loadMore = registerCommand(COMMANDS.multistream.loadMore, () => targets.loadMore(), { prompts: deps.prompts, failed: (reason) => vscode.l10n.t('Livepeer: loading more multistream targets: {0}', reason) });
  return { targets, treeView, disposables: [targets, treeView, rows, ...commands, loadMore] };
}
