import type * as vscode from 'vscode';
import type { Shown } from './retryWhileShown';

/**
 * A view's first read, started when VS Code first shows the view. VS Code says a view shows as it
 * opens the container, and asks for its rows only once it has laid the container out (~80 ms later
 * in `npm run bench:ui`), so the service's answer is on its way meanwhile. The read starts once
 * `ready` says there is an account to read (the window's first read of the tokens, which reloads
 * every view, is over by then); the first ask takes it, its answer or its failure, instead of
 * starting another. A view asked before that reads as it always did, and nothing is read early after.
 */
export class ReadWhenShown<T> implements vscode.Disposable {
  private early: Promise<T> | undefined;
  /** The view showed once already, or was asked: nothing more starts early. */
  private shown = false;
  private asked = false;
  private visibility: vscode.Disposable | undefined;

  constructor(
    private readonly ready: () => Promise<boolean>,
    private readonly read: () => Promise<T>,
  ) {}

  /** The tree that shows the view (made from the view, so it comes after). */
  showIn(view: Shown): void {
    this.visibility?.dispose();
    const start = () => {
      if (this.shown || this.asked || !view.visible) return;
      this.shown = true;
      void this.ready().then((ready) => {
        if (!ready || this.asked) return;
        const early = this.read();
        // Its failure is for the first ask to show (as the view's error row), not an unhandled rejection meanwhile.
        early.catch(() => undefined);
        this.early = early;
      });
    };
    this.visibility = view.onDidChangeVisibility(start);
    start();
  }

  /** The read started as the view showed, once; undefined when none is left to take (the caller reads). */
  take(): Promise<T> | undefined {
    this.asked = true;
    const early = this.early;
    this.early = undefined;
    return early;
  }

  /** The view loads anew (another profile, a refresh): a read started before is no answer for it. */
  reset(): void {
    this.early = undefined;
  }

  dispose(): void {
    this.visibility?.dispose();
  }
}
