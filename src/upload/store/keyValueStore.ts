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
export interface SharedKeyValueStore extends KeyValueStore {
  modify<T>(key: string, change: (current: T | undefined) => T | undefined): Promise<void>;
}

/** Whether changes must go through `modify` so other processes' writes are kept (JsonFileStore). */
export function isShared(store: KeyValueStore): store is SharedKeyValueStore {
  return typeof (store as Partial<SharedKeyValueStore>).modify === 'function';
}
