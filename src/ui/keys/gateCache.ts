import * as vscode from 'vscode';
import type { Prompts } from '../common/prompts';
import type { AccessResult } from '../../operations/checkAccess';

/** How long the service's gate answers from a cached key lookup (its `Cache-Control: max-age=120`). */
export const GATE_CACHE_MS = 120_000;
/** Beyond the cache time, for the clocks and the request that filled the cache. */
const MARGIN_MS = 5_000;
const ASK_EVERY_MS = 5_000;

/** The words for the cache, shared by every place that waits for it. */
export const CACHE_WORDS = vscode.l10n.t('the service’s playback gate remembers a key’s state for up to 2 minutes after a change');

/**
 * What this window knows of recent key changes: when it disabled or enabled each key (the gate may
 * answer as before until its cache expires), and which keys are being waited for.
 */
export class KeyChanges {
  private readonly changedAt = new Map<string, number>();
  private readonly waiting = new Set<string>();

  changed(keyId: string): void {
    this.changedAt.set(keyId, Date.now());
  }

  /** Until when the gate may still answer from before the key's last change (a full cache time from now when the change was not made here). */
  cacheEndsAt(keyId: string): number {
    return (this.changedAt.get(keyId) ?? Date.now()) + GATE_CACHE_MS + MARGIN_MS;
  }

  isWaiting(keyId: string): boolean {
    return this.waiting.has(keyId);
  }

  /** Marks the key as waited for while `task` runs. */
  async waitingFor<T>(keyId: string, task: () => Promise<T>): Promise<T> {
    this.waiting.add(keyId);
    try {
      return await task();
    } finally {
      this.waiting.delete(keyId);
    }
  }
}

export interface CacheWait {
  result: AccessResult;
  /** `agrees`: the gate's answer fits the key's state; `expired`: it still does not after the cache time; `cancelled`: the person stopped waiting. */
  outcome: 'agrees' | 'expired' | 'cancelled';
}

/**
 * When `first` does not fit the key's state (`agrees`), the gate may still be answering from its
 * cache: asks again every few seconds until it fits or `until` has passed, with a countdown in a
 * cancellable notification.
 */
export async function waitOutGateCache(
  prompts: Prompts,
  title: string,
  until: number,
  first: AccessResult,
  ask: () => Promise<AccessResult>,
  agrees: (result: AccessResult) => boolean,
): Promise<CacheWait> {
  if (agrees(first)) return { result: first, outcome: 'agrees' };
  if (until <= Date.now()) return { result: first, outcome: 'expired' };
  return prompts.progress(title, async (report, cancelled) => {
    let result = first;
    let askAt = Date.now() + ASK_EVERY_MS;
    for (;;) {
      const left = until - Date.now();
      if (left <= 0) return { result, outcome: 'expired' };
      report(vscode.l10n.t('asking again until it changes, at most {0} s more', Math.ceil(left / 1000)));
      if (await stopped(Math.min(1000, left), cancelled)) return { result, outcome: 'cancelled' };
      if (Date.now() >= Math.min(askAt, until)) {
        result = await ask();
        if (agrees(result)) return { result, outcome: 'agrees' };
        askAt = Date.now() + ASK_EVERY_MS;
      }
    }
  });
}

/** Waits `ms`; resolves true at once when cancelled. */
function stopped(ms: number, cancelled: vscode.CancellationToken): Promise<boolean> {
  if (cancelled.isCancellationRequested) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      resolve(false);
    }, ms);
    const subscription = cancelled.onCancellationRequested(() => {
      clearTimeout(timer);
      subscription.dispose();
      resolve(true);
    });
  });
}
