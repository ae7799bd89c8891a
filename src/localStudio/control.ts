import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts } from './accounts';
import type { Faults, FaultMatch } from './faults';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { seed } from './seed';
import type { Store } from './store';
import type { TaskFault } from './tasks';

// The controls of a Local Studio, for an app's own tests (docs/local-studio.md, "Rehearsing failures"):
// what the service has no route for — demo data, and the failures an app should survive, each for the
// next matching requests or task. They sit beside the API, under {base URL}/local-studio/, and take its token.

export const CONTROL_PATH = '/api/local-studio/';

export interface ControlContext {
  store: Store;
  accounts: Accounts;
  faults: Faults;
  /** After a change the controls made (the account is saved). */
  changed(): void;
}

type Body = Record<string, unknown>;

/** Answers a request under /api/local-studio/; false for any other path. */
export async function handleControl(ctx: ControlContext, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://local-studio');
  if (!url.pathname.startsWith(CONTROL_PATH)) return false;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token || !ctx.accounts.callerOf(token)) {
    req.resume();
    sendErrors(res, 401, 'request is not authenticated');
    return true;
  }
  const route = `${req.method ?? 'GET'} ${url.pathname.slice(CONTROL_PATH.length)}`;
  const body = req.method === 'POST' ? await readJson(req) : (req.resume(), undefined);
  const fields = body?.ok ? (body.value ?? {}) : {};
  if ((body && !body.ok) || typeof fields !== 'object' || fields === null) {
    sendErrors(res, 400, 'the body must be a JSON object');
    return true;
  }
  const problem = answer(ctx, route, fields as Body);
  if (problem === undefined) sendEmpty(res, 204);
  else if (problem === 404) sendErrors(res, 404, 'not found');
  else sendJson(res, 422, { errors: [problem] });
  return true;
}

/** Runs a control; undefined when done, 404 for no such control, or what is wrong with its body. */
function answer(ctx: ControlContext, route: string, body: Body): string | 404 | undefined {
  switch (route) {
    case 'POST seed':
      seed(ctx.store);
      ctx.changed();
      return undefined;
    case 'POST faults':
      return addFault(ctx.faults, body);
    case 'POST task-faults':
      return addTaskFault(ctx.store, body);
    case 'DELETE faults':
      ctx.faults.clear();
      return undefined;
    default:
      return 404;
  }
}

function addFault(faults: Faults, body: Body): string | undefined {
  const { origin = 'api', method, path, times } = body;
  if (origin !== 'api' && origin !== 'ingest') return 'origin must be "api" or "ingest"';
  if (typeof path !== 'string' || path === '') return 'path must be a regular expression of the paths to fail, e.g. "^/api/asset"';
  if (method !== undefined && typeof method !== 'string') return 'method must be a string';
  if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0)) return 'times must be a positive whole number';
  let pattern: RegExp;
  try {
    pattern = new RegExp(path);
  } catch {
    return 'path must be a regular expression of the paths to fail, e.g. "^/api/asset"';
  }
  const match: FaultMatch = { origin, method, path: pattern, times: times as number | undefined };
  if (isStatus(body.status)) faults.fail({ ...match, status: body.status, body: typeof body.body === 'string' || isObject(body.body) ? body.body : undefined });
  else if (isMs(body.delayMs)) faults.delay({ ...match, ms: body.delayMs });
  else if (body.dropReply === true) faults.loseReply(match);
  else if (isMs(body.retryAfterSeconds)) faults.retryAfter({ ...match, status: 503, seconds: body.retryAfterSeconds });
  else return 'say what happens: status (e.g. 500), delayMs, dropReply: true or retryAfterSeconds';
  return undefined;
}

function addTaskFault(store: Store, body: Body): string | undefined {
  const { type, failAt, stallAt, errorMessage } = body;
  const fraction = (value: unknown) => value === undefined || (typeof value === 'number' && value >= 0 && value <= 1);
  if (!fraction(failAt) || !fraction(stallAt) || (failAt === undefined) === (stallAt === undefined)) return 'give failAt or stallAt, a fraction of the task between 0 and 1';
  if (type !== undefined && typeof type !== 'string') return 'type must be a task type, e.g. "upload"';
  if (errorMessage !== undefined && typeof errorMessage !== 'string') return 'errorMessage must be a string';
  store.tasks.injectFault({ type, failAt, stallAt, errorMessage } as TaskFault);
  return undefined;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const isStatus = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 400 && (value as number) <= 599;
const isMs = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 600_000;
