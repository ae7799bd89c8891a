import type { Asset } from '../../api';
import type { Account } from '../account/account';

/** A ready asset's HLS URL (from GET /playback/{playbackId}) or MP4 URL (its downloadUrl, else the playback sources). */
export async function playbackUrlOf(session: Account, asset: Asset, kind: 'hls' | 'mp4'): Promise<string | undefined> {
  if (kind === 'mp4' && asset.downloadUrl) return asset.downloadUrl;
  const sources = (await session.client().playback.get(asset.playbackId ?? '')).meta.source;
  return sources.find((source) => (kind === 'hls' ? source.hrn.startsWith('HLS') : source.hrn === 'MP4'))?.url;
}
