import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import type { Page } from '../core/pagination';

const PROJECTS = '/project';

/** A project of the user (GET /project); an API key belongs to exactly one. */
export interface Project {
  id: string;
  name: string;
  userId?: string;
  createdAt?: number;
}

function shapeError(path: string, status: number): StudioApiError {
  return new StudioApiError('server', l10n.t('the service answered a project request with something else: check the base URL'), { method: 'GET', path, status });
}

function asProject(value: unknown): Project | undefined {
  const { id, name, userId, createdAt } = (value ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !id || typeof name !== 'string') return undefined;
  return { id, name, ...(typeof userId === 'string' ? { userId } : {}), ...(typeof createdAt === 'number' ? { createdAt } : {}) };
}

/** The projects of the key's user. */
export class ProjectApi extends ResourceApi {
  /**
   * GET /project: every project of the key's user, whatever project the key itself belongs to (the
   * service sends them all, without paging), so this list alone does not say which one is the key's.
   */
  async list(signal?: AbortSignal): Promise<Project[]> {
    const response = await this.http.call<unknown>('GET', PROJECTS, { signal });
    const projects = Array.isArray(response.data) ? response.data.map(asProject) : [undefined];
    if (projects.some((project) => !project)) throw shapeError(PROJECTS, response.status);
    return projects as Project[];
  }
}

type Rows = Promise<Page<{ projectId?: unknown }>>;

/** What identifyProject reads: the projects, and a first page of keys, streams and assets (a StudioClient). */
export interface ProjectClues {
  projects: Pick<ProjectApi, 'list'>;
  keys: { listPage(cursor: undefined, limit: number, signal?: AbortSignal): Rows };
  streams: { listPage(query: object, cursor: undefined, limit: number, signal?: AbortSignal): Rows };
  assets: { listPage(query: object, cursor: undefined, limit: number, signal?: AbortSignal): Rows };
}

/** Rows read from each list to tell the key's project: enough to see an admin's key list other users' rows. */
const ROWS_READ = 10;

/**
 * The `projectId`s of the first rows the key lists: signing keys, streams, assets (a page each,
 * stopping once two projects are seen).
 */
async function listedProjectIds(client: ProjectClues, signal?: AbortSignal): Promise<Set<string>> {
  const firstRows: Array<() => Promise<{ items: Array<{ projectId?: unknown }> }>> = [
    () => client.keys.listPage(undefined, ROWS_READ, signal),
    () => client.streams.listPage({}, undefined, ROWS_READ, signal),
    () => client.assets.listPage({}, undefined, ROWS_READ, signal),
  ];
  const ids = new Set<string>();
  for (const list of firstRows) {
    for (const { projectId } of (await list()).items) if (typeof projectId === 'string' && projectId) ids.add(projectId);
    if (ids.size > 1) break;
  }
  return ids;
}

/**
 * The project the client's API key belongs to, with its name; undefined when it cannot be told.
 * The service has no "whose key is this" call. GET /project lists the projects of the key's user
 * (an admin's too), one of which is the key's: with one, that is it. With several, it is the one
 * the key's rows name, when they all name the same one of the user's. An admin's key lists every
 * user's streams and assets (and reads any user's project), so rows of another user's project, or
 * of several projects, leave it unknown rather than guessed: a wrong project would make the guard
 * refuse the key's own resources and show another project's name on the profile.
 */
export async function identifyProject(client: ProjectClues, signal?: AbortSignal): Promise<Project | undefined> {
  const projects = await client.projects.list(signal);
  if (projects.length <= 1) return projects[0];
  const ids = await listedProjectIds(client, signal);
  const [only] = ids;
  return ids.size === 1 ? projects.find((project) => project.id === only) : undefined;
}
