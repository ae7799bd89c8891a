import type * as vscode from 'vscode';

/** Writes of one key tried at most this often before the last one is left to stand. */
const MAX_WRITES = 3;
/** The longest a write waits for the others on their way before it reads itself back. */
const SETTLE_MS = 1_000;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * VS Code's globalState keeps an extension's keys as one object, which the echo of an earlier write
 * replaces whole: a write made while that echo is on its way is lost (a new profile, a kept key's
 * entry). Each write here is read back once it resolves and made again when it did not hold; until
 * it holds, this window reads what it wrote.
 */
export class VerifiedState implements vscode.Memento {
  /** Values this window wrote that globalState has not yet been seen to hold. */
  private readonly unconfirmed = new Map<string, unknown>();
  /** Writes of any key not yet answered: each may still bring back an echo older than a later write. */
  private inFlight = 0;
  private settledWaiters: Array<() => void> = [];

  constructor(private readonly inner: vscode.Memento) {}

  keys(): readonly string[] {
    return [...new Set([...this.inner.keys(), ...this.unconfirmed.keys()])];
  }

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    const value = this.unconfirmed.has(key) ? (this.unconfirmed.get(key) as T | undefined) : this.inner.get<T>(key);
    return value === undefined ? defaultValue : value;
  }

  async update(key: string, value: unknown): Promise<void> {
    // A copy, as globalState stores one: the caller may change its object afterwards.
    const written = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
    this.unconfirmed.set(key, written);
    try {
      for (let write = 1; write <= MAX_WRITES && this.unconfirmed.get(key) === written; write++) {
        await this.write(key, written);
        // Read back only once no write is on its way: an echo still to come would undo this one
        // again, and a write made again before it arrives would be lost the same way.
        await this.settled();
        if (same(this.inner.get(key), written)) break;
      }
    } finally {
      // A later write of the key confirms itself.
      if (this.unconfirmed.get(key) === written) this.unconfirmed.delete(key);
    }
  }

  private async write(key: string, value: unknown): Promise<void> {
    this.inFlight++;
    try {
      await this.inner.update(key, value);
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.settledWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  /**
   * Resolves once every write of this window has been answered (at once when none is), or after
   * SETTLE_MS while writes keep overlapping: a caller awaiting its write is never held longer.
   */
  private settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, SETTLE_MS);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.settledWaiters.push(done);
    });
  }
}
