import * as l10n from '@vscode/l10n';
import { ID, objectCall } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi, type StudioHttp } from '../core/http';
import { collectPages, fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import { targetUrlProblem, targetUrlSecrets } from './targetUrl';
import type { MultistreamTarget, MultistreamTargetInput, MultistreamTargetUpdate } from './types';

const TARGETS = '/multistream/target';
const LIST_LIMIT = 100;

function targetPath(id: string): string {
  return resourcePath(TARGETS, id);
}

/** Refuses a bad URL before it is sent, in words that never repeat it; answers the secrets it carries. */
function checkedUrl(url: string | undefined): string[] {
  if (url === undefined) return [];
  const problem = targetUrlProblem(url);
  if (problem) throw StudioApiError.config(problem);
  return targetUrlSecrets(url);
}

/**
 * The user's multistream targets. They belong to the user, not to the API key's project, and the
 * list needs the user's own id (`?userId=`, 400 without it), read once from GET /project. A target
 * URL holds the platform's stream key: it is sent named as a secret (so every error and log line
 * blanks it) and the service never returns it.
 */
export class MultistreamApi extends ResourceApi {
  private ownUserId: Promise<string> | undefined;

  constructor(
    http: StudioHttp,
    /** The key's user id (GET /project answers it on every project). */
    private readonly readUserId: (signal?: AbortSignal) => Promise<string | undefined>,
  ) {
    super(http);
  }

  private userId(signal?: AbortSignal): Promise<string> {
    this.ownUserId ??= this.readUserId(signal).then((id) => {
      if (!id) throw StudioApiError.config(l10n.t('the service did not say whose account this key is (GET /project names no user): multistream targets cannot be listed'));
      return id;
    });
    // A failed read is asked again next time.
    this.ownUserId.catch(() => (this.ownUserId = undefined));
    return this.ownUserId;
  }

  async listPage(cursor?: string, limit = LIST_LIMIT, signal?: AbortSignal): Promise<Page<MultistreamTarget>> {
    const userId = await this.userId(signal);
    return fetchPage<MultistreamTarget>(this.http, TARGETS, ID, 'multistream target', { userId }, cursor, limit, signal);
  }

  list(signal?: AbortSignal): Promise<MultistreamTarget[]> {
    return collectPages((cursor) => this.listPage(cursor, LIST_LIMIT, signal), TARGETS);
  }

  async get(id: string, signal?: AbortSignal): Promise<MultistreamTarget> {
    return objectCall<MultistreamTarget>(this.http, 'GET', targetPath(id), ID, 'multistream target', { signal });
  }

  /** 201 with the target, without its URL. */
  async create(input: MultistreamTargetInput, signal?: AbortSignal): Promise<MultistreamTarget> {
    const secrets = checkedUrl(input.url);
    const name = input.name?.trim();
    const body = { url: input.url, ...(name ? { name } : {}), ...(input.disabled === undefined ? {} : { disabled: input.disabled }) };
    return objectCall<MultistreamTarget>(this.http, 'POST', TARGETS, ID, 'multistream target', { body, signal, secrets });
  }

  /** Changes only the given fields (204). A new URL replaces the key; the old one is not kept anywhere. */
  async update(id: string, update: MultistreamTargetUpdate, signal?: AbortSignal): Promise<void> {
    const secrets = checkedUrl(update.url);
    if (update.name !== undefined && !update.name.trim()) throw StudioApiError.config(l10n.t('target name is empty: give the target a name'));
    const body = Object.fromEntries(Object.entries({ ...update, name: update.name?.trim() }).filter(([, value]) => value !== undefined));
    if (!Object.keys(body).length) throw StudioApiError.config(l10n.t('nothing to change on the multistream target'));
    await this.http.call('PATCH', targetPath(id), { body, signal, secrets });
  }

  /**
   * 204 even while streams still use it: they keep a dangling reference that the service refuses
   * at their next multistream change. Detach it from those streams first (operations/multistream).
   */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', targetPath(id), { signal });
  }
}
