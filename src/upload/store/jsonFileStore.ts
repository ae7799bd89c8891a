import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { withFileLock } from './fileLock';
import type { SharedKeyValueStore } from './keyValueStore';

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
    await withFileLock(`${this.filePath}.lock`, l10n.t('the interrupted-uploads file {0}', this.filePath), work, this.options.lockWaitMs);
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
