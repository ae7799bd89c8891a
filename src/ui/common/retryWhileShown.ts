import type * as vscode from 'vscode';

/** Whether a view shows now, and when that changes. */
export type Shown = Pick<vscode.TreeView<unknown>, 'visible' | 'onDidChangeVisibility'>;

/** The first wait after a view could not load, doubled at each failed retry up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 2_000;
export const MAX_DELAY_MS = 60_000;

/**
 * Loads a view again by itself after it could not load for a passing reason (an outage), while it is
 * visible: after 2 s, then 4, 8… up to 60 s, until a load succeeds, since nothing else may call the
 * service meanwhile (its answer then reloads every view that could not load, see onDidRecover).
 * Hidden, it waits; shown again, it starts over at 2 s. No timer is left once the view loads anew
 * for another reason (a switch of profile, a refresh) or is disposed.
 */
export class RetryWhileShown implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = FIRST_DELAY_MS;
  private failing = false;
  /** The reload is this retry's own: the wait keeps growing. */
  private retrying = false;
  private view: Shown | undefined;
  private visibility: vscode.Disposable | undefined;

  constructor(private readonly reload: () => void) {}

  /** The tree that shows the view (it is made from the view, so it comes after). */
  showIn(view: Shown): void {
    this.visibility?.dispose();
    this.view = view;
    this.visibility = view.onDidChangeVisibility(() => {
      this.delayMs = FIRST_DELAY_MS;
      this.schedule();
    });
    this.schedule();
  }

  /** The view could not load for a passing reason: a retry is due. */
  failed(): void {
    this.failing = true;
    this.schedule();
  }

  /** The view loads anew: nothing is due until it fails again, and then after a first wait unless this retry reloaded it. */
  reset(): void {
    this.failing = false;
    if (!this.retrying) this.delayMs = FIRST_DELAY_MS;
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.failing || !this.view?.visible) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.delayMs = Math.min(this.delayMs * 2, MAX_DELAY_MS);
      this.retrying = true;
      try {
        this.reload();
      } finally {
        this.retrying = false;
      }
    }, this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.failing = false;
    this.visibility?.dispose();
  }
}
