import type { Asset } from './types';

/** Whether the service is done with an asset: `ready` or `failed` stay; every other phase moves on. */
export function isSettled(asset: Asset | undefined): boolean {
  const phase = asset?.status?.phase;
  return phase === 'ready' || phase === 'failed';
}
