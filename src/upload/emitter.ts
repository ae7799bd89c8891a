/** Ends a listener's subscription (the shape of a VS Code Disposable, so it can join one's subscriptions). */
export interface Subscription {
  dispose(): void;
}

/** Subscribes a listener; the same call shape as a VS Code event. */
export type Event<T> = (listener: (value: T) => unknown) => Subscription;

/** A minimal typed event emitter (the engine cannot use VS Code's). */
export class Emitter<T> {
  private listeners = new Set<(value: T) => unknown>();

  readonly event: Event<T> = (listener) => {
    // Wrapped, so one listener subscribed twice is called twice and disposed once each, as in VS Code.
    const wrapped = (value: T) => listener(value);
    this.listeners.add(wrapped);
    return { dispose: () => this.listeners.delete(wrapped) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // One failing listener must not keep the others (or the queue) from going on, as in VS Code.
        console.error(error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
