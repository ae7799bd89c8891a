import { isSettled } from './phase';
import { StudioApiError } from '../core/errors';
import type { AssetApi } from './client';
import type { Asset } from './types';

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const GROWTH = 1.5;

/** The timers the watcher uses; tests pass their own to run ticks on demand. */
export interface Clock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  now(): number;
}

export const systemClock: Clock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  now: () => Date.now(),
};

/** Where the watcher gets its API client at each tick (the token or base URL may change meanwhile). */
export interface ClientSource {
  /** The client of `account` (an upload's), else the current one's. */
  client(account?: string): { assets: Pick<AssetApi, 'get'> };
}

export interface AssetSubscriber {
  /** Every fresh read of the asset, the settling one (`ready` or `failed`) last. */
  onUpdate(asset: Asset): void;
  /** The service no longer has the asset (deleted meanwhile); nothing follows. */
  onGone?(): void;
  /** Whose asset it is (an upload's account); the current account's when absent. */
  account?: string;
  /** Past this long the subscriber hears no more (it keeps the last known state); without it, until settled. */
  giveUpAfterMs?: number;
}

export interface Subscription {
  dispose(): void;
}

interface Follower {
  subscriber: AssetSubscriber;
  until: number;
}

interface Watch {
  assetId: string;
  /** Whose asset (its first subscriber's account): read with that account's client. */
  account?: string;
  followers: Set<Follower>;
  delay: number;
  timer?: unknown;
  inFlight?: AbortController;
  /** The last read, to tell whether the asset moved on (which starts the delay over). */
  last?: string;
}

/**
 * Follows assets through the service's phases (waiting, processing…) until `ready` or `failed`,
 * polling `GET /asset/{id}` with a growing delay so a long transcode costs few calls. Every view
 * that shows an asset subscribes to it; however many do, each asset is read once per tick.
 * A new subscriber, or an asset that moved on, starts the delay over, so it is followed closely.
 */
export class AssetWatcher {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly source: ClientSource,
    private readonly clock: Clock = systemClock,
  ) {}

  subscribe(assetId: string, subscriber: AssetSubscriber): Subscription {
    let watch = this.watches.get(assetId);
    if (!watch) this.watches.set(assetId, (watch = { assetId, account: subscriber.account, followers: new Set(), delay: FIRST_DELAY_MS }));
    const follower = { subscriber, until: subscriber.giveUpAfterMs === undefined ? Infinity : this.clock.now() + subscriber.giveUpAfterMs };
    watch.followers.add(follower);
    watch.delay = FIRST_DELAY_MS;
    if (!watch.inFlight) this.arm(watch);
    const followed = watch;
    return {
      dispose: () => {
        followed.followers.delete(follower);
        if (!followed.followers.size) this.close(followed);
      },
    };
  }

  /** Whether anyone follows the asset now (the views follow only what they show while visible). */
  isFollowed(assetId: string): boolean {
    return this.watches.has(assetId);
  }

  private arm(watch: Watch): void {
    this.clock.clearTimeout(watch.timer);
    watch.timer = this.clock.setTimeout(() => void this.tick(watch), watch.delay);
  }

  private async tick(watch: Watch): Promise<void> {
    watch.timer = undefined;
    const now = this.clock.now();
    for (const follower of watch.followers) if (now >= follower.until) watch.followers.delete(follower);
    if (!watch.followers.size) return this.close(watch);
    const controller = (watch.inFlight = new AbortController());
    let moved = false;
    try {
      const asset = await this.source.client(watch.account).assets.get(watch.assetId, controller.signal);
      if (controller.signal.aborted) return;
      const read = JSON.stringify(asset);
      moved = read !== watch.last;
      watch.last = read;
      for (const { subscriber } of [...watch.followers]) subscriber.onUpdate(asset);
      if (isSettled(asset)) return this.close(watch);
    } catch (error) {
      if (controller.signal.aborted) return;
      // A deleted asset will not come back, nor will a foreign one; a rejected token may be replaced
      // meanwhile, and a network failure pass, so those are retried at the next tick.
      if (error instanceof StudioApiError && error.kind === 'not-found') {
        this.close(watch);
        for (const { subscriber } of watch.followers) subscriber.onGone?.();
        return;
      }
      if (error instanceof StudioApiError && error.kind === 'forbidden') return this.close(watch);
    } finally {
      if (watch.inFlight === controller) watch.inFlight = undefined;
    }
    watch.delay = moved ? FIRST_DELAY_MS : Math.min(MAX_DELAY_MS, watch.delay * GROWTH);
    if (this.watches.get(watch.assetId) === watch) this.arm(watch);
  }

  private close(watch: Watch): void {
    if (this.watches.get(watch.assetId) === watch) this.watches.delete(watch.assetId);
    this.clock.clearTimeout(watch.timer);
    watch.timer = undefined;
    watch.inFlight?.abort();
  }

  dispose(): void {
    [...this.watches.values()].forEach((watch) => this.close(watch));
  }
}
