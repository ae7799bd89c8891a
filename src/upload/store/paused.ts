import type { KeyValueStore } from './keyValueStore';

const STORAGE_KEY = 'livepeer.uploads.paused.v1';

/**
 * Which stored resumable uploads the user paused, so the view says "paused" for those and
 * "interrupted" only for uploads stopped by a failure or a closed window.
 */
export class PausedUploads {
  /**
   * The marks of this window, also kept here: globalState can apply an older write echoed late
   * (several uploads pausing at once write in quick succession), which drops a mark just stored.
   */
  private readonly marked = new Set<string>();

  constructor(private readonly storage: KeyValueStore) {}

  has(entryId: string): boolean {
    return this.marked.has(entryId) || this.ids().includes(entryId);
  }

  async mark(entryId: string): Promise<void> {
    this.marked.add(entryId);
    if (!this.ids().includes(entryId)) await this.storage.update(STORAGE_KEY, [...this.ids(), entryId]);
  }

  /** Forgets the mark (resumed, discarded, finished); marks of entries no longer stored go too. */
  async unmark(entryId: string, stored: readonly string[]): Promise<void> {
    this.marked.delete(entryId);
    const kept = this.ids().filter((id) => id !== entryId && stored.includes(id));
    await this.storage.update(STORAGE_KEY, kept.length ? kept : undefined);
  }

  private ids(): string[] {
    return this.storage.get<string[]>(STORAGE_KEY) ?? [];
  }
}
