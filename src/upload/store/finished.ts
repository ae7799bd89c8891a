import type { AssetStatus } from '../../api/assets/types';
import type { KeyValueStore } from './keyValueStore';
import type { UploadMethodChoice, UploadResult } from '../uploadVideo';

/** How long a finished upload stays listed, across reloads. */
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;
/** Enough rows to find last week's uploads; more would bury the running ones. */
const KEEP_AT_MOST = 50;
const STORAGE_KEY = 'livepeer.uploads.finished.v1';

/** A finished (uploaded, failed, or cancelled leaving its asset) upload as the Uploads view lists it, stored in globalState. */
export interface FinishedUpload {
  id: string;
  /** Asset name. */
  name: string;
  filePath: string;
  /** How it was started, so Retry can start it again. */
  method: UploadMethodChoice;
  finishedAt: number;
  /** The asset request-upload created, when it got that far. */
  assetId?: string;
  playbackId?: string;
  /** Set when the file was uploaded. */
  result?: Pick<UploadResult, 'method' | 'bytes' | 'bytesTransferred' | 'resumed' | 'transferMs'>;
  /** Set when the upload failed: what went wrong, one line. */
  error?: string;
  /** The asset's latest state as the service reported it while processing. */
  assetStatus?: AssetStatus;
  /** Set when the upload was cancelled and its asset (`assetId`, without a video) kept. */
  cancelled?: boolean;
  /** Whose account the upload was for (see NewUploadRequest.account). */
  account?: string;
  /** Set once the asset was found deleted (here or elsewhere). */
  assetDeleted?: boolean;
}

/** The finished uploads of the last KEEP_FINISHED_MS, newest first; every change is written through. */
export class FinishedUploads {
  private list: FinishedUpload[];
  /** Assets of cancelled uploads whose row was removed in this window: still never going to get a video. */
  private readonly removedCancelled = new Set<string>();

  constructor(
    private readonly storage: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {
    this.list = trimmed(storage.get<FinishedUpload[]>(STORAGE_KEY) ?? [], now());
  }

  get all(): FinishedUpload[] {
    return [...this.list];
  }

  add(upload: FinishedUpload): Promise<void> {
    this.list = trimmed([upload, ...this.list.filter((u) => u.id !== upload.id)], this.now());
    return this.save();
  }

  /** Records a change to one (e.g. its asset's phase); nothing when it was removed meanwhile. */
  update(id: string, change: Partial<FinishedUpload>): Promise<void> {
    this.list = this.list.map((u) => (u.id === id ? { ...u, ...change, id } : u));
    return this.save();
  }

  remove(id: string): Promise<void> {
    for (const u of this.list) if (u.id === id && u.cancelled && u.assetId) this.removedCancelled.add(u.assetId);
    this.list = this.list.filter((u) => u.id !== id);
    return this.save();
  }

  /** The rows of a cancelled upload's asset, once it was deleted. */
  removeCancelled(assetId: string): Promise<void> {
    this.list = this.list.filter((u) => !(u.cancelled && u.assetId === assetId));
    return this.save();
  }

  /**
   * Marks the rows of a deleted asset (`deleted` false: of one restored since); false when none was
   * listed or all were marked already. `account` is the profile that found it gone (or restored it):
   * only its rows (and those of no profile) are marked, since another account answers 404 for an
   * asset that is not its own.
   */
  async markDeleted(assetId: string, account: string | undefined, deleted = true): Promise<boolean> {
    const matches = (u: FinishedUpload) => u.assetId === assetId && (!u.account || !account || u.account === account);
    if (!this.list.some((u) => matches(u) && !!u.assetDeleted !== deleted)) return false;
    this.list = this.list.map((u) => (matches(u) ? { ...u, assetDeleted: deleted } : u));
    await this.save();
    return true;
  }

  /** Whether the asset belongs to a cancelled upload: it stays `uploading` for good, so nothing need poll it. */
  isAbandoned(assetId: string): boolean {
    return this.removedCancelled.has(assetId) || this.list.some((u) => u.cancelled && u.assetId === assetId && !u.assetDeleted);
  }

  /** Drops the uploaded rows and those of deleted assets; failed and cancelled ones stay until removed (their asset may need deleting). */
  clearUploaded(): Promise<void> {
    this.list = this.list.filter((u) => !u.result && !u.assetDeleted);
    return this.save();
  }

  private async save(): Promise<void> {
    await this.storage.update(STORAGE_KEY, this.list.length ? this.list : undefined);
  }
}

function trimmed(list: FinishedUpload[], now: number): FinishedUpload[] {
  return list.filter((u) => typeof u?.id === 'string' && now - u.finishedAt < KEEP_FINISHED_MS).slice(0, KEEP_AT_MOST);
}
