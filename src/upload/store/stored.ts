import type { FinishedUploads } from './finished';
import { PausedUploads } from './paused';
import type { Upload } from '../queue/queuedUpload';
import type { InterruptedUploadSummary } from './interrupted';
import type { KeyValueStore } from './keyValueStore';
import { discardUpload, listInterruptedUploads } from './registry';

/**
 * The engine's stored tus uploads (they outlive the window) as the queue offers them: which may be
 * resumed, which the user paused.
 */
export class StoredUploads {
  /** Assets uploaded, cancelled or discarded in this window: no stored entry of theirs may be resumed. */
  private readonly closedAssets = new Set<string>();
  private readonly paused: PausedUploads;

  constructor(
    private readonly storage: KeyValueStore,
    private readonly finished: FinishedUploads,
  ) {
    this.paused = new PausedUploads(storage);
  }

  /**
   * The stored entries, without those of closed assets. globalState can apply a write echoed late
   * after a newer one, which brings back an entry just removed; resuming it would "finish" the old
   * asset again (or one the user deleted), so such entries are dropped here.
   */
  async entries(): Promise<InterruptedUploadSummary[]> {
    const stored = await listInterruptedUploads(this.storage);
    const uploaded = new Set(this.finished.all.flatMap((f) => (f.result && f.assetId ? [f.assetId] : [])));
    const closed = (entry: InterruptedUploadSummary) => this.closedAssets.has(entry.assetId) || uploaded.has(entry.assetId);
    for (const entry of stored.filter(closed)) await discardUpload(this.storage, entry.id);
    return stored.filter((entry) => !closed(entry));
  }

  /** The entries a run left (read as it ends, closed or not). */
  async of(upload: Upload): Promise<InterruptedUploadSummary[]> {
    return (await listInterruptedUploads(this.storage)).filter((entry) => upload.owns(entry));
  }

  /** No stored entry of the asset may be resumed any more (uploaded, cancelled or discarded). */
  close(assetId: string): void {
    this.closedAssets.add(assetId);
  }

  /** Drops an entry for good, with its paused mark. */
  async discard(entryId: string): Promise<void> {
    await discardUpload(this.storage, entryId);
    await this.unmarkPaused(entryId);
  }

  /** Whether a stored upload was paused by the user (rather than interrupted by a failure or a closed window). */
  isPaused(entryId: string): boolean {
    return this.paused.has(entryId);
  }

  markPaused(entryId: string): Promise<void> {
    return this.paused.mark(entryId);
  }

  async unmarkPaused(entryId: string): Promise<void> {
    const stored = (await listInterruptedUploads(this.storage)).map((entry) => entry.id);
    await this.paused.unmark(entryId, stored);
  }
}
