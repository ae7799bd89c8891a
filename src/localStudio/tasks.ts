import type { IncomingMessage, ServerResponse } from 'node:http';
import { listedFor, type Caller, type Owner } from './accounts';
import { parseFilters, rangeMatcher } from './filters';
import { sendErrors, sendJson } from './http';
import { paginate } from './pagination';

// Tasks as the service keeps them (studio-api.md, "Tasks, imports, clips…"): everything done to a
// video after the click (an upload's processing, an import, a clip) is a task with a phase.

export type TaskPhase = 'pending' | 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface TaskStatus {
  phase: TaskPhase;
  updatedAt: number;
  retries?: number;
  /** 0–1 while running. */
  progress?: number;
  errorMessage?: string;
}

export interface EmulatorTask extends Owner {
  id: string;
  type: 'upload' | 'clip' | 'export' | 'export-data' | 'transcode-file';
  status: TaskStatus;
  params: Record<string, unknown>;
  createdAt: number;
  scheduledAt?: number;
  inputAssetId?: string;
  outputAssetId?: string;
  requesterId?: string;
  output?: Record<string, unknown>;
}

/** A change of a task, as the store reports it to webhooks. */
export interface TaskEvent {
  event: 'task.spawned' | 'task.updated' | 'task.completed' | 'task.failed';
  task: EmulatorTask;
}

/**
 * Failure injection for the next task that runs (of `type`, when given): it fails once its progress
 * reaches `failAt` (0–1) with `errorMessage`, or stops moving for good at `stallAt`.
 */
export interface TaskFault {
  type?: EmulatorTask['type'];
  failAt?: number;
  errorMessage?: string;
  stallAt?: number;
}

export interface NewTask extends Owner {
  type: EmulatorTask['type'];
  phase: 'pending' | 'waiting';
  params: Record<string, unknown>;
  inputAssetId?: string;
  outputAssetId?: string;
  requesterId?: string;
  /** Runs the task again after POST /task/{id}/retry (or /asset/{id}/retry). */
  rerun?: () => void;
}

/** Phases a retry accepts, as the service: others are 400 `task is not in a retryable state`. */
const RETRYABLE: TaskPhase[] = ['failed', 'cancelled'];
const ENDED: TaskPhase[] = ['completed', 'failed', 'cancelled'];
const EVENT_OF: Partial<Record<TaskPhase, 'task.completed' | 'task.failed'>> = { completed: 'task.completed', failed: 'task.failed' };

export class TaskBoard {
  readonly tasks = new Map<string, EmulatorTask>();
  private readonly reruns = new Map<string, () => void>();
  private readonly faults: TaskFault[] = [];

  constructor(
    private readonly emit: (change: TaskEvent) => void,
    private readonly uuid: () => string,
  ) {}

  /** A new task in phase `pending` (an upload waiting for its bytes) or `waiting`; fires `task.spawned`. */
  create(fields: NewTask): EmulatorTask {
    const now = Date.now();
    const { phase, rerun, ...rest } = fields;
    const task: EmulatorTask = { id: this.uuid(), ...rest, createdAt: now, status: { phase, updatedAt: now, ...(phase === 'waiting' ? { retries: 0 } : {}) } };
    if (phase === 'waiting') task.scheduledAt = now;
    this.tasks.set(task.id, task);
    if (rerun) this.reruns.set(task.id, rerun);
    this.emit({ event: 'task.spawned', task });
    return task;
  }

  /** Moves a task on; fires `task.updated`, `task.completed` or `task.failed` as the service does. */
  update(task: EmulatorTask, status: Omit<TaskStatus, 'updatedAt'>, output?: Record<string, unknown>): void {
    task.status = { ...status, updatedAt: Date.now() };
    if (output) task.output = output;
    this.emit({ event: EVENT_OF[status.phase] ?? 'task.updated', task });
  }

  /** Fails the task unless it already ended. */
  fail(task: EmulatorTask | undefined, errorMessage: string): void {
    if (task && !ENDED.includes(task.status.phase)) this.update(task, { ...task.status, phase: 'failed', errorMessage });
  }

  /** The latest task that makes `assetId`. */
  ofAsset(assetId: string): EmulatorTask | undefined {
    let found: EmulatorTask | undefined;
    for (const task of this.tasks.values()) if (task.outputAssetId === assetId && (!found || task.createdAt >= found.createdAt)) found = task;
    return found;
  }

  injectFault(fault: TaskFault): void {
    this.faults.push(fault);
  }

  /** The injected fault for a task of `type` that starts running now, if any (used once). */
  takeFault(type: EmulatorTask['type']): TaskFault | undefined {
    const index = this.faults.findIndex((fault) => !fault.type || fault.type === type);
    return index < 0 ? undefined : this.faults.splice(index, 1)[0];
  }

  /** Puts a failed or cancelled task back to `waiting` (retries 0, no error) and runs it again. */
  retry(task: EmulatorTask): boolean {
    if (!RETRYABLE.includes(task.status.phase)) return false;
    this.update(task, { phase: 'waiting', retries: 0 });
    this.reruns.get(task.id)?.();
    return true;
  }
}

const FILTER_FIELDS = ['id', 'name', 'type', 'userId', 'inputAssetId', 'outputAssetId', 'projectId'] as const;

type TaskFilter = (task: EmulatorTask) => boolean;

/** The service's task filters: any id it does not know (e.g. `status.phase`) is refused, not ignored. */
function parseTaskFilters(raw: string | null): TaskFilter[] | string {
  return parseFilters(raw, (id, value): TaskFilter | string => {
    if (id === 'createdAt' || id === 'updatedAt') {
      const inRange = rangeMatcher(value, id);
      return typeof inRange === 'string' ? inRange : (task) => inRange(id === 'createdAt' ? task.createdAt : task.status.updatedAt);
    }
    if (!(FILTER_FIELDS as readonly unknown[]).includes(id)) return `Error: unknown field: ${JSON.stringify(id)}`;
    return (task) => (task as unknown as Record<string, unknown>)[id as string] === value;
  });
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => void;

/** GET /task, GET /task/{id}, POST /task/{id}/retry. */
export function taskHandlers(ctx: { board: TaskBoard; apiOrigin: string; defaultPageSize: number }): Record<'list' | 'get' | 'retry', Handler> {
  const { board } = ctx;
  return {
    list(_req, res, url, _params, caller) {
      // `?type=` and `?phase=` are ignored, as the service ignores them.
      const filters = parseTaskFilters(url.searchParams.get('filters'));
      if (typeof filters === 'string') {
        sendErrors(res, 400, `error parsing filters: ${filters}`);
        return;
      }
      const rows = [...board.tasks.values()]
        .filter((task) => listedFor(task, caller) && filters.every((matches) => matches(task)))
        .sort((a, b) => b.status.updatedAt - a.status.updatedAt);
      const { page, headers } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin, linkEveryFullPage: true });
      // The service links every non-empty page; a short last one with `cursor=undefined`.
      if (page.length && !headers.Link) {
        const next = new URL(url.pathname + url.search, ctx.apiOrigin);
        next.searchParams.set('cursor', 'undefined');
        headers.Link = `<${next.href}>; rel="next"`;
      }
      sendJson(res, 200, page, headers);
    },
    get(_req, res, _url, [id], caller) {
      const task = board.tasks.get(id ?? '');
      if (!task) sendErrors(res, 404, 'not found');
      // Another project of the same user is answered (the list hides it); another user's is 403.
      else if (task.userId !== caller.userId && !caller.admin) sendErrors(res, 403, 'user can only request information on their own tasks');
      else sendJson(res, 200, task);
    },
    retry(req, res, _url, [id], caller) {
      req.resume();
      const task = board.tasks.get(id ?? '');
      if (!task) sendErrors(res, 404, 'task not found');
      // The phase is checked before the owner, as the service does.
      else if (!RETRYABLE.includes(task.status.phase)) sendErrors(res, 400, 'task is not in a retryable state');
      else if (task.userId !== caller.userId && !caller.admin) sendErrors(res, 403, 'users may only retry their own tasks');
      else {
        board.retry(task);
        sendJson(res, 200, { id: task.id });
      }
    },
  };
}
