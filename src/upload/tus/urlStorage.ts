import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import type { FileIdentity } from '../fileSource';
import type { InterruptedUpload } from '../store/interrupted';
import type { UploadRegistry } from '../store/registry';

/** The fingerprint of a file for tus-js-client: its identity only (not the per-asset endpoint). */
export function fingerprintOf(file: FileIdentity): string {
  return `livepeer-studio:${file.path}:${file.size}:${Math.round(file.mtimeMs * 1000)}`;
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
    const id = globalThis.crypto.randomUUID();
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
