import { UPLOADS_STORAGE_KEY, isEntry, type InterruptedUpload, type InterruptedUploadSummary } from './interrupted';
import { isShared, type KeyValueStore } from './keyValueStore';

/**
 * The interrupted-upload records kept in a KeyValueStore. Changes within one process are queued so
 * two quick updates never lose each other's writes; a store shared between processes (JsonFileStore)
 * applies each change to its file under a lock.
 */
export class UploadRegistry {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly store: KeyValueStore) {}

  all(): InterruptedUpload[] {
    const raw = this.store.get<Record<string, unknown>>(UPLOADS_STORAGE_KEY) ?? {};
    return Object.values(raw).filter(isEntry);
  }

  get(id: string): InterruptedUpload | undefined {
    return this.all().find((entry) => entry.id === id);
  }

  byFingerprint(fingerprint: string): InterruptedUpload[] {
    return this.all()
      .filter((entry) => entry.fingerprint === fingerprint)
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  put(entry: InterruptedUpload): Promise<void> {
    return this.mutate((entries) => {
      entries[entry.id] = entry;
    });
  }

  /** Updates fields of an existing entry; does nothing if it was removed meanwhile. */
  patch(id: string, fields: Partial<InterruptedUpload>): Promise<void> {
    return this.mutate((entries) => {
      const current = entries[id];
      if (isEntry(current)) entries[id] = { ...current, ...fields, id };
    });
  }

  /** Removes an entry; true if it existed. */
  async remove(id: string): Promise<boolean> {
    let existed = false;
    await this.mutate((entries) => {
      existed = id in entries;
      delete entries[id];
    });
    return existed;
  }

  private mutate(change: (entries: Record<string, unknown>) => void): Promise<void> {
    const apply = (current: Record<string, unknown> | undefined) => {
      const entries = { ...(current ?? {}) };
      change(entries);
      return Object.keys(entries).length ? entries : undefined;
    };
    const run = async () => {
      // A store shared with other processes applies the change to what is on disk now.
      if (isShared(this.store)) await this.store.modify(UPLOADS_STORAGE_KEY, apply);
      else await this.store.update(UPLOADS_STORAGE_KEY, apply(this.store.get<Record<string, unknown>>(UPLOADS_STORAGE_KEY)));
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function summary(entry: InterruptedUpload): InterruptedUploadSummary {
  const { tusEndpoint, fingerprint, metadata, creationTime, ...rest } = entry;
  return rest;
}

/** All interrupted uploads, newest first, without their upload tokens. */
export async function listInterruptedUploads(storage: KeyValueStore): Promise<InterruptedUploadSummary[]> {
  return new UploadRegistry(storage)
    .all()
    .sort((a, b) => b.startedAt - a.startedAt)
    .map(summary);
}

/**
 * Forgets an interrupted upload (the asset stays, without a file). True if it was stored. The
 * server-side partial upload is left to expire.
 */
export function discardUpload(storage: KeyValueStore, entryId: string): Promise<boolean> {
  return new UploadRegistry(storage).remove(entryId);
}
