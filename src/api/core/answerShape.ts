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

/** The JSON type of a value as a diagnostic names it (the field path and this are code, not prose). */
function jsonType(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return '[]';
  if (value === '') return '""';
  return typeof value;
}

/** Where `value` departs from `shape` ("meta.source: undefined", "[1]: null", or the answer's own type), or undefined when it fits. */
function shapeProblem(value: unknown, shape: Shape, prefix = ''): string | undefined {
  if (!isRecord(value)) return prefix ? `${prefix}: ${jsonType(value)}` : jsonType(value);
  for (const [field, kind] of Object.entries(shape)) {
    const name = `${prefix}${prefix ? '.' : ''}${field}`;
    const found = value[field];
    if (typeof kind === 'object') {
      const inner = shapeProblem(found, kind, name);
      if (inner) return inner;
    } else if (kind === 'string' ? typeof found !== 'string' || !found : !Array.isArray(found)) {
      return `${name}: ${jsonType(found)}`;
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
  const problem = shapeProblem(answer.data, shape);
  if (problem) throw unexpected(what, problem, { ...context, status: answer.status });
  return answer.data as T;
}

/** The answer's body as a list of `T` (none for an empty body), each item with the fields `shape` names. */
export function listAnswer<T>(answer: Answer, shape: Shape, what: string, context: Pick<ErrorContext, 'method' | 'path'>): T[] {
  const items = answer.data ?? [];
  if (!Array.isArray(items)) throw unexpected(what, `[]: ${jsonType(items)}`, { ...context, status: answer.status });
  for (let i = 0; i < items.length; i++) {
    const problem = shapeProblem(items[i], shape, `[${i}]`);
    if (problem) throw unexpected(what, problem, { ...context, status: answer.status });
  }
  return items as T[];
}

/** One API call whose answer must be an object with the fields `shape` names. */
export async function objectCall<T>(http: StudioHttp, method: 'GET' | 'POST' | 'PATCH', path: string, shape: Shape, what: string, options: CallOptions = {}): Promise<T> {
  return objectAnswer<T>(await http.call(method, path, options), shape, what, { method, path });
}
