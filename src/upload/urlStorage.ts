import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import type { FileIdentity } from './fileSource';
import { withFileLock } from './fileLock';

/**
 * The storage the upload engine needs: JSON values by key. This is exactly the shape of VS Code's
 * Memento (context.globalState), so the extension passes globalState; tests and scripts use
 * InMemoryStore or JsonFileStore.
 */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  // PromiseLike, not Promise: Memento.update returns a Thenable.
  update(key: string, value: unknown): PromiseLike<void>;
}

export class InMemoryStore implements KeyValueStore {
  private readonly values = new Map<string, string>();

  get<T>(key: string): T | undefined {
    const text = this.values.get(key);
    // Stored as JSON text so callers never share (and mutate) an object with the store, as with Memento.
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.stringify(value));
  }
}

/** A store other processes may write too: `modify` reads, changes and writes one key as one step. */
interface SharedKeyValueStore extends KeyValueStore {
  modify<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<void>;
}

function isShared(store: KeyValueStore): store is SharedKeyValueStore {
  return typeof (store as Partial<SharedKeyValueStore>).modify === 'function';
}

/**
 * A JSON file of key → value that several processes may share (two windows, a script). `get` is
 * synchronous like Memento's and re-reads the file when another process changed it. Every change
 * takes a lock file, re-reads the file, applies itself and rewrites the file atomically (temporary
 * file, flush, rename), so concurrent writers never drop each other's keys and a crash (or
 * SIGKILL) mid-write leaves the previous file intact. A lock left by a dead process, or left empty
 * by one killed as it took the lock, is taken over (fileLock.ts).
 */
export class JsonFileStore implements SharedKeyValueStore {
  private data: Record<string, unknown> = {};
  private version: string | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** `lockWaitMs`: how long a change waits for another live process's lock (tests shorten it). */
  constructor(
    readonly filePath: string,
    private readonly options: { lockWaitMs?: number } = {},
  ) {
    this.refresh();
  }

  /** Re-reads the file if it changed since it was last read (size, mtime or inode). */
  private refresh(): void {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.filePath);
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') throw err;
      this.data = {};
      this.version = undefined;
      return;
    }
    const version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (version === this.version) return;
    this.data = JsonFileStore.parse(fs.readFileSync(this.filePath, 'utf8'));
    this.version = version;
  }

  private static parse(text: string): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {}; // unreadable content: start empty rather than refuse to upload
    }
  }

  get<T>(key: string): T | undefined {
    this.refresh();
    const value = this.data[key];
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    return this.modify(key, () => value);
  }

  modify<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<void> {
    // Changes of this process run one after another; the lock orders them with other processes.
    const next = this.writing.then(() =>
      this.locked(async () => {
        this.version = undefined;
        this.refresh();
        const value = change(this.get<T>(key));
        if (value === undefined) delete this.data[key];
        else this.data[key] = JSON.parse(JSON.stringify(value));
        await this.writeAtomically(JSON.stringify(this.data, null, 1));
        this.version = undefined;
      }),
    );
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async locked(work: () => Promise<void>): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.filePath), { recursive: true });
    await withFileLock(`${this.filePath}.lock`, `the interrupted-uploads file ${this.filePath}`, work, this.options.lockWaitMs);
  }

  private async writeAtomically(text: string): Promise<void> {
    const temp = `${this.filePath}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    const handle = await fs.promises.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.promises.rename(temp, this.filePath);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }
}

/** The key under which all interrupted uploads are kept, as one JSON object by entry id. */
export const UPLOADS_STORAGE_KEY = 'livepeerStudio.interruptedUploads.v1';

/**
 * One resumable upload that has not finished. Kept from the moment the tus upload exists on the
 * server until it completes (or is discarded), so a later run — or a new process — can continue it
 * on the same asset without a new request-upload.
 */
export interface InterruptedUpload {
  /** Entry id (also tus-js-client's urlStorageKey). */
  id: string;
  /** File identity: the entry is only resumed while path, size and mtime all match. */
  filePath: string;
  fileSize: number;
  fileMtimeMs: number;
  contentType: string;
  assetName: string;
  assetId: string;
  playbackId?: string;
  taskId?: string;
  /** Bytes the server confirmed it holds (its last Upload-Offset answer; written at most about once a second while uploading). */
  bytesDone: number;
  totalBytes: number;
  /** Unix ms. */
  startedAt: number;
  updatedAt: number;
  /** The tus upload's own address (no token): PATCH/HEAD go here on resume. */
  uploadUrl: string | null;
  /**
   * The pre-signed tus endpoint. It carries the upload token, so it is stored (tus-js-client needs
   * it to create the upload again if the server forgot it) but never shown or logged.
   */
  tusEndpoint: string;
  /** tus-js-client bookkeeping. */
  fingerprint: string;
  metadata: Record<string, string>;
  creationTime: string;
}

/** What the UI lists: an interrupted upload without the token-bearing endpoint. */
export type InterruptedUploadSummary = Omit<InterruptedUpload, 'tusEndpoint' | 'fingerprint' | 'metadata' | 'creationTime'>;

/** The fingerprint of a file for tus-js-client: its identity only (not the per-asset endpoint). */
export function fingerprintOf(file: FileIdentity): string {
  return `livepeer-studio:${file.path}:${file.size}:${Math.round(file.mtimeMs * 1000)}`;
}

function isEntry(value: unknown): value is InterruptedUpload {
  const e = value as Partial<InterruptedUpload> | null;
  return (
    !!e &&
    typeof e.id === 'string' &&
    typeof e.filePath === 'string' &&
    typeof e.fileSize === 'number' &&
    typeof e.fileMtimeMs === 'number' &&
    typeof e.assetId === 'string' &&
    typeof e.tusEndpoint === 'string' &&
    typeof e.fingerprint === 'string'
  );
}

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

/** Everything about the asset and file that a new entry records besides tus-js-client's fields. */
export type UploadContext = Omit<InterruptedUpload, 'id' | 'fingerprint' | 'metadata' | 'creationTime' | 'uploadUrl' | 'bytesDone' | 'updatedAt'>;

/** How often at most "bytes done" is written while uploading. */
const PROGRESS_WRITE_INTERVAL_MS = 1_000;

/**
 * tus-js-client's UrlStorage for one upload run, over the registry. tus-js-client adds the entry
 * once the upload exists on the server and removes it on success or when the server has lost it;
 * this adapter fills in the asset and file details it does not know about.
 */
export class TusUrlStorage implements UrlStorage {
  /** The entry this run writes to (set when tus-js-client adds it, or when resuming one). */
  currentId: string | null = null;
  private context: UploadContext | undefined;
  private lastProgressWrite = 0;
  private progressWrite: Promise<void> | undefined;

  constructor(readonly registry: UploadRegistry) {}

  /** Details of the asset this run uploads to; needed before tus-js-client creates the upload. */
  setContext(context: UploadContext, resumingId?: string): void {
    this.context = context;
    if (resumingId) this.currentId = resumingId;
  }

  async findAllUploads(): Promise<PreviousUpload[]> {
    return this.registry.all().map(toPreviousUpload);
  }

  async findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return this.registry.byFingerprint(fingerprint).map(toPreviousUpload);
  }

  async removeUpload(urlStorageKey: string): Promise<void> {
    if (urlStorageKey === this.currentId) this.currentId = null;
    await this.registry.remove(urlStorageKey);
  }

  async addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    if (!this.context) throw new Error('TusUrlStorage: no upload context set');
    const id = randomUUID();
    const now = Date.now();
    await this.registry.put({
      ...this.context,
      id,
      fingerprint,
      metadata: upload.metadata ?? {},
      creationTime: upload.creationTime ?? new Date(now).toString(),
      uploadUrl: upload.uploadUrl ?? null,
      bytesDone: 0,
      updatedAt: now,
    });
    this.currentId = id;
    return id;
  }

  /** Records progress, at most about once a second (plus when `force`); never queues writes up. */
  recordProgress(bytesDone: number, force = false): Promise<void> {
    const id = this.currentId;
    if (!id) return Promise.resolve();
    const now = Date.now();
    if (!force && (this.progressWrite || now - this.lastProgressWrite < PROGRESS_WRITE_INTERVAL_MS)) return Promise.resolve();
    this.lastProgressWrite = now;
    const write = this.registry.patch(id, { bytesDone, updatedAt: now }).finally(() => {
      if (this.progressWrite === write) this.progressWrite = undefined;
    });
    this.progressWrite = write;
    return write;
  }
}

/** A stored entry in the shape tus-js-client resumes from. */
export function toPreviousUpload(entry: InterruptedUpload): PreviousUpload {
  return {
    size: entry.totalBytes,
    metadata: entry.metadata,
    creationTime: entry.creationTime,
    urlStorageKey: entry.id,
    uploadUrl: entry.uploadUrl,
    parallelUploadUrls: null,
  };
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
