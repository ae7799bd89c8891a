import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../api/core/errors';
import type { AssetApi } from '../api/assets/client';
import type { Asset } from '../api/assets/types';
import { sentButUnconfirmedError } from './uploadErrors';

/**
 * Waits before each GET /asset/{id} that checks an upload arrived (about 19 s in all). The service
 * moves the asset out of `uploading` once the last byte is stored; a store that lost bytes never
 * completes the upload (see the facts file), and the asset stays `uploading`.
 */
const DEFAULT_ARRIVAL_CHECK_DELAYS_MS: readonly number[] = [0, 500, 1_000, 2_000, 4_000, 4_000, 8_000];

export interface ArrivalCheck {
  client: { assets: Pick<AssetApi, 'get'> };
  assetId: string;
  delaysMs?: readonly number[];
  signal?: AbortSignal;
}

/**
 * Confirms with the service that the asset left `uploading` after the last byte was sent. Throws,
 * never reporting success, when it stays `uploading` through the whole schedule (the service did
 * not receive the whole file) or when the service could not be asked.
 */
export async function confirmArrival(check: ArrivalCheck): Promise<Asset> {
  const { client, assetId, signal } = check;
  const delays = check.delaysMs ?? DEFAULT_ARRIVAL_CHECK_DELAYS_MS;
  const started = Date.now();
  let lastError: StudioApiError | undefined;
  for (const delay of delays.length ? delays : [0]) {
    await sleep(delay, signal);
    if (signal?.aborted) throw sentButUnconfirmedError(assetId);
    try {
      const asset = await client.assets.get(assetId, signal);
      lastError = undefined;
      const phase = asset.status?.phase;
      if (phase && phase !== 'uploading') return asset;
    } catch (err) {
      if (signal?.aborted) throw sentButUnconfirmedError(assetId);
      if (!(err instanceof StudioApiError)) throw err;
      lastError = err;
      // The token or the asset is gone: asking again will not change the answer.
      if (err.kind === 'auth' || err.kind === 'forbidden' || err.kind === 'not-found') break;
    }
  }
  if (lastError) {
    throw new StudioApiError(lastError.kind, l10n.t('the file was sent, but the service could not confirm it arrived ({0}): check asset {1} before uploading again', lastError.message, assetId), {}, { cause: lastError });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  throw new StudioApiError('server', l10n.t('the service did not receive the whole file: asset {0} is still "uploading" {1} s after the last byte was sent; upload the file again as a new asset', assetId, seconds));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
