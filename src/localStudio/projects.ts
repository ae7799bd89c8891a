import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownedBy, type Accounts, type Caller, type Owner } from './accounts';
import { sendErrors, sendJson } from './http';
import type { Store } from './store';
import type { WebhookState } from './webhookState';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => void;

/**
 * /project as an API key gets it (studio-api.md, Projects): the list holds all of the user's
 * projects whatever project the key belongs to, without a Link header; one project is refused
 * (403) when unknown or another user's (an admin's key reads any); an API key cannot create one.
 */
export function projectHandlers(accounts: Accounts): Record<'list' | 'get' | 'create', Handler> {
  return {
    list(_req, res, _url, _params, caller) {
      sendJson(res, 200, accounts.projectsOf(caller.userId));
    },
    get(_req, res, _url, [id], caller) {
      const project = accounts.projects.get(id ?? '');
      if (!project) sendErrors(res, 403, 'project not found');
      else if (project.userId !== caller.userId && !caller.admin) sendErrors(res, 403, 'user can only request information on their own projects');
      else sendJson(res, 200, project);
    },
    create(req, res) {
      req.resume();
      sendErrors(res, 403, 'access forbidden for API keys');
    },
  };
}

/**
 * Resources addressed by id in a path. An API key reads only its project's resources: another
 * project's id answers 404 `not found`, as an unknown id does.
 * A new kind of resource takes part in three places: its row here; its list keeps
 * `ownedBy(row, caller)`; its create stamps `ownerOf(caller)` (handlers get the caller as their 5th
 * argument). A webhook's delivery logs (/webhook/{id}/log…) are checked by user only, as the service does.
 */
const BY_ID: Array<{ pattern: RegExp; find: (resources: Resources, id: string) => Owner | undefined }> = [
  { pattern: /^\/api\/access-control\/signing-key\/([^/]+)/, find: ({ store }, id) => store.signingKeys.get(id) },
  { pattern: /^\/api\/stream\/([^/]+)/, find: ({ store }, id) => store.streams.get(id) },
  { pattern: /^\/api\/asset\/([^/]+)/, find: ({ store }, id) => store.assets.get(id) },
  { pattern: /^\/api\/webhook\/([^/]+)$/, find: ({ webhooks }, id) => webhooks.webhooks.get(id) },
];

interface Resources {
  store: Store;
  webhooks: WebhookState;
}

/** True when the path names a resource of another project than the caller's. */
export function ofAnotherProject(resources: Resources, pathname: string, caller: Caller): boolean {
  for (const { pattern, find } of BY_ID) {
    const id = pattern.exec(pathname)?.[1];
    if (id === undefined) continue;
    const resource = find(resources, decodeURIComponent(id));
    return resource !== undefined && !caller.admin && !ownedBy(resource, caller);
  }
  return false;
}
