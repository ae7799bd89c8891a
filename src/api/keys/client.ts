import * as l10n from '@vscode/l10n';
import { objectCall, type Shape } from '../core/answerShape';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';
import { collectPages, fetchPage, type Page } from '../core/pagination';
import { resourcePath } from '../core/resourcePath';
import type { CreatedSigningKey, SigningKey, SigningKeyUpdate } from './types';

const SIGNING_KEYS = '/access-control/signing-key';
const UPDATABLE_KEY_FIELDS = new Set(['name', 'disabled']);
/** The fields of a key answer the extension relies on (checked before the answer is handed on). */
const KEY_SHAPE: Shape = { id: 'string', publicKey: 'string' };

function keyPath(id: string): string {
  return resourcePath(SIGNING_KEYS, id);
}

function checkKeyUpdate(update: SigningKeyUpdate): void {
  const fields = Object.keys(update);
  const unknown = fields.filter((field) => !UPDATABLE_KEY_FIELDS.has(field));
  if (unknown.length) throw StudioApiError.config(l10n.t('only name and disabled can be changed on a signing key, not {0}', unknown.join(', ')));
  if (!fields.length) throw StudioApiError.config(l10n.t('nothing to change on the signing key'));
  if (update.name !== undefined && typeof update.name !== 'string') throw StudioApiError.config(l10n.t('signing key name must be text'));
  if (update.disabled !== undefined && typeof update.disabled !== 'boolean') throw StudioApiError.config(l10n.t('disabled must be true or false'));
}

/** Signing keys (access control): what signed playback tokens are checked against. */
export class SigningKeyApi extends ResourceApi {
  listPage(cursor?: string, limit?: number, signal?: AbortSignal): Promise<Page<SigningKey>> {
    return fetchPage<SigningKey>(this.http, SIGNING_KEYS, KEY_SHAPE, 'signing key list', {}, cursor, limit, signal);
  }

  list(signal?: AbortSignal): Promise<SigningKey[]> {
    return collectPages((cursor) => this.listPage(cursor, undefined, signal), SIGNING_KEYS);
  }

  async get(id: string, signal?: AbortSignal): Promise<SigningKey> {
    return objectCall<SigningKey>(this.http, 'GET', keyPath(id), KEY_SHAPE, 'signing key', { signal });
  }

  /** The result carries `privateKey` when the service hands it out: this is the only time it does. */
  async create(options: { name?: string } = {}, signal?: AbortSignal): Promise<CreatedSigningKey> {
    const name = options.name?.trim();
    const body = name ? { name } : {};
    return objectCall<CreatedSigningKey>(this.http, 'POST', SIGNING_KEYS, KEY_SHAPE, 'signing key', { body, signal });
  }

  async update(id: string, update: SigningKeyUpdate, signal?: AbortSignal): Promise<void> {
    checkKeyUpdate(update);
    await this.http.call('PATCH', keyPath(id), { body: update, signal });
  }

  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.call('DELETE', keyPath(id), { signal });
  }
}
