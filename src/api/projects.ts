import { StudioApiError } from './errors';
import { resourcePath } from './resourcePath';
import type { StudioClient } from './studioClient';
import type { Project } from './types';

const PROJECTS = '/project';

function shapeError(path: string, status: number): StudioApiError {
  return new StudioApiError('server', 'the service answered a project request with something else: check the base URL', { method: 'GET', path, status });
}

function asProject(value: unknown): Project | undefined {
  const { id, name, userId, createdAt } = (value ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !id || typeof name !== 'string') return undefined;
  return { id, name, ...(typeof userId === 'string' ? { userId } : {}), ...(typeof createdAt === 'number' ? { createdAt } : {}) };
}

/**
 * GET /project: every project of the key's user, whatever project the key itself belongs to (the
 * service sends them all, without paging), so this list alone does not say which one is the key's.
 */
export async function listProjects(client: StudioClient, signal?: AbortSignal): Promise<Project[]> {
  const response = await client.http.call<unknown>('GET', PROJECTS, { signal });
  const projects = Array.isArray(response.data) ? response.data.map(asProject) : [undefined];
  if (projects.some((project) => !project)) throw shapeError(PROJECTS, response.status);
  return projects as Project[];
}

/** GET /project/{id}; the service refuses (403) an unknown project and another user's alike. */
export async function getProject(client: StudioClient, id: string, signal?: AbortSignal): Promise<Project> {
  const path = resourcePath(PROJECTS, id, 'project');
  const response = await client.http.call<unknown>('GET', path, { signal });
  const project = asProject(response.data);
  if (!project) throw shapeError(path, response.status);
  return project;
}

/**
 * The `projectId` of the first thing the key lists: a signing key, else a stream, else an asset
 * (one row each, stopping at the first that names its project).
 */
async function listedProjectId(client: StudioClient, signal?: AbortSignal): Promise<string | undefined> {
  const firstRows: Array<() => Promise<{ items: Array<{ projectId?: unknown }> }>> = [
    () => client.listSigningKeysPage(undefined, 1, signal),
    () => client.listStreamsPage({}, undefined, 1, signal),
    () => client.listAssetsPage({}, undefined, 1, signal),
  ];
  for (const list of firstRows) {
    const projectId = (await list()).items[0]?.projectId;
    if (typeof projectId === 'string' && projectId) return projectId;
  }
  return undefined;
}

/**
 * The project the client's API key belongs to, with its name; undefined when it cannot be told.
 * The service has no "whose key is this" call, and GET /project lists all of the user's projects,
 * so the key's project is learned from the `projectId` of what the key lists and named with
 * GET /project/{id}. A key whose project holds no signing key, stream or asset yet belongs to the
 * user's only project when there is one; with several projects it is unknown (undefined) until its
 * project holds something — a guess could show another project's name on the profile.
 */
export async function identifyProject(client: StudioClient, signal?: AbortSignal): Promise<Project | undefined> {
  const projectId = await listedProjectId(client, signal);
  if (projectId) return getProject(client, projectId, signal);
  const projects = await listProjects(client, signal);
  return projects.length === 1 ? projects[0] : undefined;
}
