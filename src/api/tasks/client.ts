import { ID, objectCall } from '../core/answerShape';
import { ResourceApi } from '../core/http';
import { filtersParam } from '../core/listFilters';
import { fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import { taskKind } from './status';
import type { Task, TaskQuery } from './types';

const TASKS = '/task';
/** Rows asked per page: phase and kind are filtered here, so a page asks for more than it shows. */
export const TASK_PAGE = 50;

function taskPath(id: string, rest = ''): string {
  return `${resourcePath(TASKS, id)}${rest}`;
}

function matches(task: Task, query: TaskQuery): boolean {
  return (!query.phase || task.status?.phase === query.phase) && (!query.kind || taskKind(task) === query.kind);
}

/**
 * Tasks: what the service does after an upload, an import or a clip. The list is newest-updated
 * first; the service filters it only by ids (an asset's tasks), so phase and kind are filtered on
 * each page here (a page may then show fewer rows than asked, and still have a next one).
 */
export class TaskApi extends ResourceApi {
  async listPage(query: TaskQuery = {}, cursor?: string, limit = TASK_PAGE, signal?: AbortSignal): Promise<Page<Task>> {
    const filters = query.assetId ? filtersParam([{ id: 'outputAssetId', value: query.assetId }]) : undefined;
    const page = await fetchPage<Task>(this.http, TASKS, ID, 'task list', { filters }, cursor, limit, signal);
    // A short page is the last, whatever its Link says (the service links it with cursor=undefined).
    const items = page.items.filter((task) => matches(task, query));
    return page.items.length < limit ? { items } : { items, nextCursor: page.nextCursor };
  }

  get(id: string, signal?: AbortSignal): Promise<Task> {
    return objectCall<Task>(this.http, 'GET', taskPath(id), ID, 'task', { signal });
  }

  /** The latest task that makes the asset (its upload, import or clip); undefined when the service has none. */
  async ofAsset(assetId: string, signal?: AbortSignal): Promise<Task | undefined> {
    const { items } = await this.listPage({ assetId }, undefined, 10, signal);
    return items[0];
  }

  /** Runs a failed or cancelled task again (back to `waiting`); other phases are a 400 `task is not in a retryable state`. */
  async retry(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('POST', taskPath(id, '/retry'), { signal });
  }
}
