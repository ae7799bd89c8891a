import * as vscode from 'vscode';
import { StudioApiError } from '../../api';
import type { Session } from '../account/session';
import type { AssetsView } from './assetsView';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const GROWTH = 1.5;

/**
 * While the Assets view is visible, re-reads the assets that are still uploading, waiting or
 * processing (GET /asset/{id}) with a growing delay, until each is ready or failed. A new
 * unsettled asset, or one whose state moved, starts the delay over, so a fresh upload is followed closely.
 */
export class ProcessingRefresh implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  private delay = FIRST_DELAY_MS;
  private watched = new Set<string>();
  private running = false;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: Session,
    private readonly view: AssetsView,
    private readonly treeView: vscode.TreeView<unknown>,
  ) {
    this.subscriptions = [
      view.onDidChangeTreeData(() => this.schedule()),
      view.onDidLoad(() => this.schedule()),
      treeView.onDidChangeVisibility(() => this.schedule()),
    ];
    this.schedule();
  }

  private schedule(): void {
    // A tick still awaiting the service when the view was disposed must not arm a new timer.
    if (this.running || this.disposed) return;
    const ids = new Set(this.view.unsettled().map((asset) => asset.id));
    if (!this.treeView.visible || !ids.size) {
      // Shown again (or reloaded) later, every asset counts as new and is followed closely at first.
      this.watched.clear();
      this.stop();
      return;
    }
    if ([...ids].some((id) => !this.watched.has(id))) {
      this.delay = FIRST_DELAY_MS;
      this.stop();
    }
    this.watched = ids;
    this.timer ??= setTimeout(() => void this.tick(), this.delay);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.running = true;
    let moved = false;
    try {
      const client = this.session.client();
      await Promise.all(
        this.view.unsettled().map(async (asset) => {
          try {
            const fresh = await client.getAsset(asset.id);
            if (JSON.stringify(fresh) === JSON.stringify(asset)) return;
            moved = true;
            this.view.addOrUpdate(fresh);
          } catch (error) {
            // Deleted elsewhere: drop the row. Other failures are retried at the next tick.
            if (error instanceof StudioApiError && error.kind === 'not-found') this.view.remove(asset.id);
          }
        }),
      );
    } catch {
      // No client (an invalid base URL): the view shows that on its next load; keep trying meanwhile.
    } finally {
      this.running = false;
      // Backoff while nothing moves; an asset that moved on (waiting → processing, progress) is followed closely again.
      this.delay = moved ? FIRST_DELAY_MS : Math.min(MAX_DELAY_MS, this.delay * GROWTH);
      this.schedule();
    }
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
