import type * as vscode from 'vscode';
import { StudioApiError, isSettled, type Asset } from '../../api';
import type { Session } from '../account/session';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** Processing a long video takes a while; past this the item keeps its last known phase. */
const GIVE_UP_AFTER_MS = 2 * 3600_000;

/**
 * Follows an uploaded asset through the service's phases (waiting, processing…) until `ready` or
 * `failed`, polling `GET /asset/{id}` with a growing delay so a long transcode costs few calls.
 */
export class AssetStatusPoller {
  constructor(private readonly session: Session) {}

  /** `onGone` when the service no longer has the asset (deleted meanwhile). */
  watch(assetId: string, onUpdate: (asset: Asset) => void, onGone: () => void): vscode.Disposable {
    const stop = new AbortController();
    void this.run(assetId, onUpdate, onGone, stop.signal);
    return { dispose: () => stop.abort() };
  }

  private async run(assetId: string, onUpdate: (asset: Asset) => void, onGone: () => void, signal: AbortSignal): Promise<void> {
    const until = Date.now() + GIVE_UP_AFTER_MS;
    let delay = FIRST_DELAY_MS;
    while (!signal.aborted && Date.now() < until) {
      await sleep(delay, signal);
      if (signal.aborted) return;
      try {
        const asset = await this.session.client().getAsset(assetId, signal);
        if (signal.aborted) return;
        onUpdate(asset);
        if (isSettled(asset)) return;
      } catch (error) {
        // A deleted or foreign asset will not come back; a rejected token may be replaced meanwhile, so that keeps polling.
        if (error instanceof StudioApiError && error.kind === 'not-found' && !signal.aborted) onGone();
        if (error instanceof StudioApiError && ['forbidden', 'not-found', 'config', 'aborted'].includes(error.kind)) return;
      }
      delay = Math.min(MAX_DELAY_MS, delay * 1.5);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
