import * as vscode from 'vscode';
import { isTaskActive, type Task, type TaskQuery } from '../../api';
import { COMMANDS } from '../common/commandIds';
import { Disposable } from '../common/disposable';
import { PagedTreeModel } from '../common/pagedTreeModel';
import type { Shown } from '../common/retryWhileShown';
import type { TaskFeatureDeps } from './taskDeps';
import { TaskItem } from './taskItem';

const PAGE = 50;
/** While a task runs the list is read again after this long, longer each time nothing changed. */
export const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;

/**
 * Recent tasks (uploads, imports, clips…), newest first, filtered by phase and kind, page by page
 * with "Load more…" (the model every list shares). While the view is visible and a listed task is
 * still pending, waiting or running, it reads the shown rows again with a growing delay (reset when
 * something changed); hidden, or with nothing running, it reads nothing.
 */
export class TasksView extends Disposable {
  private readonly model: PagedTreeModel<Task, TaskItem>;
  readonly onDidChange: vscode.Event<unknown>;
  private readonly queryChanged = this.register(new vscode.EventEmitter<void>());
  private timer: NodeJS.Timeout | undefined;
  private delay = POLL_FIRST_MS;
  query: TaskQuery = {};

  constructor(
    private readonly deps: TaskFeatureDeps,
    private readonly tree: Shown,
  ) {
    super();
    this.model = this.register(
      new PagedTreeModel<Task, TaskItem>({
        session: deps.session,
        prompts: deps.prompts,
        couldNotLoad: vscode.l10n.t('Could not load tasks'),
        refreshCommand: COMMANDS.tasks.refresh,
        loadMoreCommand: COMMANDS.tasks.loadMore,
        reloadOn: [this.queryChanged.event],
        groupLabel: (first, last) => vscode.l10n.t('Tasks {0}–{1}', first, last),
        fetchPage: (cursor, limit) => deps.session.client().tasks.listPage(this.query, cursor, limit ?? PAGE),
      }),
    );
    this.model.showIn(tree);
    this.onDidChange = this.model.onDidChange;
    this.register(
      this.model.onDidReset(() => {
        this.delay = POLL_FIRST_MS;
        this.schedule();
      }),
    );
    this.register(this.model.onDidLoad(() => this.schedule()));
    // Shown again: read afresh (nothing was read while hidden); hidden: the armed read is dropped.
    this.register(tree.onDidChangeVisibility(() => (tree.visible && this.model.list.isLoaded ? void this.poll() : this.schedule())));
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** Rows for the tree (under `parent`: a group row's); the first call (and a refresh) reads the list. */
  async children(parent?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    const names = new Map(this.deps.assets.listed().map((asset) => [asset.id, asset.name]));
    return this.model.children((task) => new TaskItem(task, task.outputAssetId ? names.get(task.outputAssetId) : undefined), parent);
  }

  /** Adds the next page below. */
  loadMore(): Promise<void> {
    return this.model.loadMore();
  }

  /** Reads the list anew (with other filters when given). */
  refresh(query?: TaskQuery): void {
    if (query) {
      this.query = query;
      this.queryChanged.fire();
    } else this.model.reset();
  }

  /** Reads the shown rows again and draws the view only when one changed; a failure shows in a row. */
  private async poll(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      const reread = await this.model.list.reread();
      if (!reread) return;
      this.delay = reread.same ? Math.min(POLL_MAX_MS, Math.round(this.delay * 1.5)) : POLL_FIRST_MS;
      if (!reread.same) this.model.fire();
      this.schedule();
    } catch {
      this.model.reset();
    }
  }

  /** Arms the next read when the view is visible and something still runs; otherwise none. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.tree.visible || !this.model.list.isLoaded || !this.model.items.some(isTaskActive)) return;
    this.timer = setTimeout(() => void this.poll(), this.delay);
  }
}
