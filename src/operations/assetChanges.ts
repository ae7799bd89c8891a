import { StudioApiError, hlsSource, isAlreadyGone, type Asset, type StudioClient } from '../api';

/**
 * A new name. The service takes it only once the asset is ready (before: 422 `asset is not ready`),
 * so `not-ready` answers the asset read again, for the caller to say what it waits for.
 */
export async function renameAsset(client: Pick<StudioClient, 'assets'>, assetId: string, name: string, signal?: AbortSignal): Promise<{ outcome: 'renamed' | 'not-ready'; asset: Asset }> {
  try {
    return { outcome: 'renamed', asset: await client.assets.update(assetId, { name }, signal) };
  } catch (error) {
    if (!(error instanceof StudioApiError && error.messages.includes('asset is not ready'))) throw error;
    return { outcome: 'not-ready', asset: await client.assets.get(assetId, signal) };
  }
}

/**
 * Deletes an asset; one deleted meanwhile (elsewhere, or a second click: 404, or the service's 400
 * for an asset already deleted) is done as asked, said by the answer, not an error.
 */
export async function deleteAsset(client: Pick<StudioClient, 'assets'>, assetId: string, signal?: AbortSignal): Promise<'deleted' | 'already-gone'> {
  try {
    await client.assets.delete(assetId, signal);
    return 'deleted';
  } catch (error) {
    if (isAlreadyGone(error)) return 'already-gone';
    throw error;
  }
}

/** A ready asset's HLS address (from its playback answer) or MP4 address (its downloadUrl, else the playback answer's MP4). */
export async function assetPlaybackUrl(client: Pick<StudioClient, 'playback'>, asset: Pick<Asset, 'playbackId' | 'downloadUrl'>, kind: 'hls' | 'mp4'): Promise<string | undefined> {
  if (kind === 'mp4' && asset.downloadUrl) return asset.downloadUrl;
  const info = await client.playback.get(asset.playbackId ?? '');
  return kind === 'hls' ? hlsSource(info)?.url : info.meta.source.find((source) => source.hrn === 'MP4')?.url;
}
