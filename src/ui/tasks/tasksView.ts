import * as vscode from 'vscode';
import { isTaskActive, type Task, type TaskQuery } from '../../api';
import { Disposable } from '../common/disposable';
import { reportError } from '../common/errorReporting';
import type { TaskFeatureDeps } from './taskDeps';
import { TaskItem } from './taskItem';
import { COMMANDS } from '../common/commandIds';

function loadMoreRow(): vscode.TreeItem {
  const row = new vscode.TreeItem(vscode.l10n.t('Load more…'));
  row.iconPath = new vscode.ThemeIcon('ellipsis');
  row.command = { command: COMMANDS.tasks.loadMore, title: vscode.l10n.t('Load more…') };
  return row;
}

const PAGE = 50;
/** While a task runs the list is read again after this long, longer each time nothing changed. */
export const POLL_FIRST_MS = 2_000;
const POLL_MAX_MS = 30_000;

/**
 * Recent tasks (uploads, imports, clips…), newest first, filtered by phase and kind. While the view
 * is visible and a listed task is still pending, waiting or running, it reads the list again with a
 * growing delay (reset when something changed); hidden, or with nothing running, it reads nothing.
 */
export class TasksView extends Disposable {
  private tasks: Task[] = [];
  /** Older pages read with Load more…, kept while the first page is read again. */
  private older: Task[] = [];
  private nextCursor: string | undefined;
  private loaded = false;
  /** The read in flight: the tree and a caller asking at once share it (one read per refresh). */
  private reading: Promise<void> | undefined;
  /** Bumped by refresh: a read started before it does not count as loaded. */
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private delay = POLL_FIRST_MS;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  query: TaskQuery = {};

  constructor(
    private readonly deps: TaskFeatureDeps,
    private readonly visible: () => boolean,
    onDidChangeVisibility: vscode.Event<unknown>,
  ) {
    super();
    // Shown again: read afresh (nothing was read while hidden); hidden: the armed read is dropped.
    this.register(onDidChangeVisibility(() => (this.visible() && this.loaded ? this.refresh() : this.schedule())));
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** Rows for the tree; the first call (and a refresh) reads the list. */
  async children(): Promise<vscode.TreeItem[]> {
    while (!this.loaded) await this.readOnce();
    const names = new Map(this.deps.assets.assets.map((asset) => [asset.id, asset.name]));
    const ids = new Set(this.tasks.map((task) => task.id));
    const rows: vscode.TreeItem[] = [...this.tasks, ...this.older.filter((task) => !ids.has(task.id))].map((task) => new TaskItem(task, task.outputAssetId ? names.get(task.outputAssetId) : undefined));
    if (this.nextCursor) rows.push(loadMoreRow());
    return rows;
  }

  /** Reads the next page and adds it below. */
  async loadMore(): Promise<void> {
    if (!this.nextCursor) return;
    const page = await this.deps.session.client().tasks.listPage(this.query, this.nextCursor, PAGE);
    this.older.push(...page.items);
    this.nextCursor = page.nextCursor;
    this.changed.fire();
  }

  refresh(query = this.query): void {
    this.query = query;
    this.loaded = false;
    this.older = [];
    this.generation++;
    this.delay = POLL_FIRST_MS;
    this.changed.fire();
  }

  private readOnce(): Promise<void> {
    return (this.reading ??= this.read().finally(() => (this.reading = undefined)));
  }

  private async read(): Promise<void> {
    const generation = this.generation;
    try {
      await this.deps.session.loaded();
      const page = await this.deps.session.client().tasks.listPage(this.query, undefined, PAGE);
      const fresh = page.items;
      if (!this.older.length) this.nextCursor = page.nextCursor;
      if (JSON.stringify(fresh) !== JSON.stringify(this.tasks)) this.delay = POLL_FIRST_MS;
      else this.delay = Math.min(POLL_MAX_MS, Math.round(this.delay * 1.5));
      this.tasks = fresh;
    } catch (error) {
      reportError(this.deps.prompts, 'reading the tasks', error);
    }
    this.loaded = generation === this.generation;
    this.schedule();
  }

  /** Arms the next read when the view is visible and something still runs; otherwise none. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.visible() || !this.loaded || !this.tasks.some(isTaskActive)) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.readOnce().then(() => this.changed.fire());
    }, this.delay);
  }
}
