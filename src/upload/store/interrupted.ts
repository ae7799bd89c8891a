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
  /**
   * Whose account the upload is for (the extension's profile id): a resume and its arrival check
   * use that account's token, and a new upload of the same file under another account does not
   * continue it. Absent for entries of callers without accounts (and those kept before them).
   */
  account?: string;
  /** tus-js-client bookkeeping. */
  fingerprint: string;
  metadata: Record<string, string>;
  creationTime: string;
}

/** What the UI lists: an interrupted upload without the token-bearing endpoint. */
export type InterruptedUploadSummary = Omit<InterruptedUpload, 'tusEndpoint' | 'fingerprint' | 'metadata' | 'creationTime'>;

/** Whether a stored value is a usable entry (anything else in the store is ignored). */
export function isEntry(value: unknown): value is InterruptedUpload {
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
