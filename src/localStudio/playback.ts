import type { PlaybackInfo, PlaybackSource } from '../api/playback/types';
import type { Store } from './store';

/** Where the CDN (the ingest origin here) serves a ready asset: HLS, MP4 and its thumbnail. */
export function assetPlaybackUrls(playbackId: string, cdnOrigin: string): { hls: string; mp4: string; thumbnail: string } {
  const base = `${cdnOrigin}/hls/${playbackId}`;
  return { hls: `${base}/index.m3u8`, mp4: `${base}/static720p0.mp4`, thumbnail: `${base}/thumbnails/keyframes_0.png` };
}

/**
 * What GET /playback/{id} answers for a stream or asset, in the real service's shape. Playback
 * addresses point at the ingest origin, which stands in for the playback CDN.
 */
export function playbackInfo(store: Store, playbackId: string, cdnOrigin: string): PlaybackInfo | undefined {
  const hls = (url: string): PlaybackSource => ({ hrn: 'HLS (TS)', type: 'html5/application/vnd.apple.mpegurl', url });
  const stream = store.streamByPlaybackId(playbackId);
  if (stream) {
    const base = `${cdnOrigin}/hls/${playbackId}`;
    return {
      type: 'live',
      meta: {
        live: stream.isActive ? 1 : 0,
        playbackPolicy: stream.playbackPolicy ?? null,
        source: [hls(`${base}/index.m3u8`), { hrn: 'WebRTC (H264)', type: 'html5/video/h264', url: `${cdnOrigin}/webrtc/${playbackId}` }],
      },
    };
  }
  const recorded = [...store.streams.values()].find((s) => s.parentId && s.playbackId === playbackId && s.recordingStatus === 'ready');
  if (recorded) {
    const base = `${cdnOrigin}/recordings/${recorded.id}`;
    return {
      type: 'recording',
      meta: {
        playbackPolicy: store.streams.get(recorded.parentId ?? '')?.playbackPolicy ?? null,
        source: [hls(`${base}/index.m3u8`), { hrn: 'MP4', type: 'html5/video/mp4', url: `${base}/source.mp4` }],
      },
    };
  }
  const asset = store.assetByPlaybackId(playbackId);
  if (!asset || asset.status.phase !== 'ready') return undefined;
  const urls = assetPlaybackUrls(playbackId, cdnOrigin);
  return {
    type: 'vod',
    meta: {
      playbackPolicy: asset.playbackPolicy ?? null,
      source: [
        hls(urls.hls),
        { hrn: 'MP4', type: 'html5/video/mp4', url: urls.mp4 },
        { hrn: 'Thumbnail (PNG)', type: 'image/png', url: urls.thumbnail },
      ],
    },
  };
}
