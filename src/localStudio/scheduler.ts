// Every timer the emulator starts goes through here so close() can cancel them all and
// leave nothing that keeps the Node process (e.g. a mocha run) alive.
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();

  after(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  /** Resolves after ms, or early (with false) when the scheduler is disposed. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = (): void => {
        this.sleepers.delete(wake);
        resolve(false);
      };
      this.sleepers.add(wake);
      this.after(ms, () => {
        this.sleepers.delete(wake);
        resolve(true);
      });
    });
  }

  /** Resolves with true once `event` happened, or early (with false) when the scheduler is disposed. */
  until(event: Promise<void>): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = (): void => {
        this.sleepers.delete(wake);
        resolve(false);
      };
      this.sleepers.add(wake);
      void event.then(() => {
        this.sleepers.delete(wake);
        resolve(true);
      });
    });
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
  }
}
