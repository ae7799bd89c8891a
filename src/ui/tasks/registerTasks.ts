import * as vscode from 'vscode';
import { resolveTooltip } from '../common/tooltipOnHover';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import type { TaskFeatureDeps } from './taskDeps';
import type { TasksView } from './tasksView';


/**
 * The Tasks view's provider on the activation path: the view's code is a bundle of its own, loaded
 * when the view first asks for rows.
 */
export class TasksViewHost implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private view: Promise<TasksView> | undefined;
  readonly treeView = vscode.window.createTreeView('livepeer.tasks', { treeDataProvider: this });

  constructor(private readonly deps: TaskFeatureDeps) {}

  load(): Promise<TasksView> {
    this.view ??= import('./tasksView.js').then(({ TasksView }) => {
      const view = new TasksView(this.deps, this.treeView);
      view.onDidChange(() => this.changed.fire());
      return view;
    });
    return this.view;
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  /** Builds a row's tooltip on hover, not for every row drawn (see TooltipOnHover). */
  resolveTreeItem(item: vscode.TreeItem, node: vscode.TreeItem): vscode.TreeItem {
    return resolveTooltip(item, node);
  }

  async getChildren(item?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    return (await this.load()).children(item);
  }

  dispose(): void {
    void this.view?.then((view) => view.dispose());
    this.treeView.dispose();
    this.changed.dispose();
  }
}

/**
 * Import from URL, Why Is This Not Ready?, Retry, and the Tasks view: only ids and the view here, on
 * the activation path; the handlers are bundles of their own, loaded at the first use.
 */
export function registerTaskCommands(deps: TaskFeatureDeps): { tasks: TasksViewHost; disposables: vscode.Disposable[] } {
  const commands = () => import('./taskCommands.js');
  const tasks = new TasksViewHost(deps);
  const treeView = tasks.treeView;
  return {
    tasks,
    disposables: [
      tasks,
      registerCommand(COMMANDS.assets.importFromUrl, async (arg?: unknown) => (await commands()).importFromUrlCommand(deps, arg)),
      registerCommand(COMMANDS.assets.whyNotReady, async (arg?: unknown) => (await commands()).whyNotReadyCommand(deps, arg)),
      registerCommand(COMMANDS.assets.retry, deps.assets.onSelection('retry', async (arg?: unknown) => (await commands()).retryAssetCommand(deps, arg))),
      registerCommand(COMMANDS.tasks.refresh, async () => (await tasks.load()).refresh()),
      registerCommand(COMMANDS.tasks.filter, async () => (await commands()).filterTasksCommand(deps, await tasks.load(), treeView)),
      registerCommand(COMMANDS.tasks.retry, async (arg?: unknown) => (await commands()).retryTaskCommand(deps, arg)),
      registerCommand(COMMANDS.tasks.loadMore, async () => (await tasks.load()).loadMore(), { prompts: deps.prompts, failed: (reason) => vscode.l10n.t('Livepeer: loading more tasks: {0}', reason) }),
      registerCommand(COMMANDS.tasks.play, async (arg?: unknown) => (await commands()).playTaskCommand(deps, arg)),
      registerCommand(COMMANDS.tasks.notify, async (arg?: unknown) => (await commands()).notifyTaskEndCommand(deps, arg)),
    ],
  };
}
