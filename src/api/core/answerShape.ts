import * as l10n from '@vscode/l10n';
import { StudioApiError, type ErrorContext } from './errors';
import type { CallOptions, StudioHttp } from './http';

/**
 * What the code relies on in an answer: each named field must be non-empty text (`'string'`), a
 * list (`'array'`) or an object with its own fields. The service sends more; only these are checked.
 */
export interface Shape {
  readonly [field: string]: 'string' | 'array' | Shape;
}

export const ID: Shape = { id: 'string' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value ? 'text' : 'empty';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What is wrong with `value` for `shape`, or undefined when it fits. */
function shapeProblem(value: unknown, shape: Shape, prefix = ''): string | undefined {
  if (!isRecord(value)) return `${prefix ? `${prefix} is ` : ''}${describe(value)} instead of an object`;
  for (const [field, kind] of Object.entries(shape)) {
    const name = `${prefix}${prefix ? '.' : ''}${field}`;
    const found = value[field];
    if (typeof kind === 'object') {
      const inner = shapeProblem(found, kind, name);
      if (inner) return inner;
    } else if (kind === 'string' ? typeof found !== 'string' || !found : !Array.isArray(found)) {
      return `${name} is ${describe(found)}`;
    }
  }
  return undefined;
}

function unexpected(what: string, problem: string, context: ErrorContext): StudioApiError {
  return new StudioApiError('server', l10n.t('unexpected answer from the service ({0}: {1}): try again later, and check livepeer.baseURL if it persists', what, problem), context);
}

interface Answer {
  status: number;
  data: unknown;
}

/**
 * The answer's body as `T`, once it has the fields `shape` names; otherwise a clear error rather
 * than `null`, a list or a text handed on as the object (to fail later as "Cannot read properties").
 * `what` names the expected object in the error ("signing key").
 */
export function objectAnswer<T>(answer: Answer, shape: Shape, what: string, context: Pick<ErrorContext, 'method' | 'path'>): T {
  const problem = answer.data === undefined ? 'an empty answer' : shapeProblem(answer.data, shape);
  if (problem) throw unexpected(what, problem, { ...context, status: answer.status });
  return answer.data as T;
}

/** The answer's body as a list of `T` (none for an empty body), each item with the fields `shape` names. */
export function listAnswer<T>(answer: Answer, shape: Shape, what: string, context: Pick<ErrorContext, 'method' | 'path'>): T[] {
  const items = answer.data ?? [];
  if (!Array.isArray(items)) throw unexpected(what, `${describe(items)} instead of a list`, { ...context, status: answer.status });
  for (let i = 0; i < items.length; i++) {
    const problem = shapeProblem(items[i], shape);
    if (problem) throw unexpected(what, `item ${i + 1}: ${problem}`, { ...context, status: answer.status });
  }
  return items as T[];
}

/** One API call whose answer must be an object with the fields `shape` names. */
export async function objectCall<T>(http: StudioHttp, method: 'GET' | 'POST' | 'PATCH', path: string, shape: Shape, what: string, options: CallOptions = {}): Promise<T> {
  return objectAnswer<T>(await http.call(method, path, options), shape, what, { method, path });
}
