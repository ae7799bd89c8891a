// Shapes of the playback answers the extension uses.

export interface PlaybackPolicy {
  type: 'public' | 'jwt' | 'webhook';
  webhookId?: string;
  /** Sent to the access-control webhook on every check, as `context`. */
  webhookContext?: Record<string, unknown>;
  /** Seconds a webhook's "allowed" holds before the edge asks again. */
  refreshInterval?: number;
  /** Origins (`https://app.example`) whose pages may play it; none or `*`: any. Any policy type. */
  allowedOrigins?: string[];
}

/** One way to play: `hrn` names it ("HLS (TS)", "MP4", "WebRTC (H264)", "Thumbnail (PNG)", ...). */
export interface PlaybackSource {
  hrn: string;
  type: string;
  url: string;
  width?: number;
  height?: number;
  bitrate?: number;
  /** An MP4 rendition's size in bytes, when the service says it. */
  size?: number;
}

/** GET /playback/{playbackId}: how a stream, recording or asset can be played. */
export interface PlaybackInfo {
  type: 'live' | 'vod' | 'recording';
  meta: {
    live?: 0 | 1;
    playbackPolicy?: PlaybackPolicy | null;
    source: PlaybackSource[];
    dvrPlayback?: PlaybackSource[];
  };
}

/** What POST /access-control/gate answered: 200 allowed, or 403/404 with the service's message. */
export type GateAnswer = { allowed: true; status: number } | { allowed: false; status: number; message: string };
