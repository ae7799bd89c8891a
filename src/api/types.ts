// Shapes of the Studio API resources the extension uses. The service sends more fields than these;
// only what the product reads is typed.

export interface SigningKey {
  id: string;
  name?: string;
  publicKey: string;
  userId?: string;
  createdAt?: number;
  lastSeen?: number;
  disabled?: boolean;
  projectId?: string;
}

/** The create response: the only time the service hands out the private key (base64 PEM). */
export interface CreatedSigningKey extends SigningKey {
  privateKey?: string;
}

export interface SigningKeyUpdate {
  name?: string;
  disabled?: boolean;
}

export interface AssetStatus {
  phase: string;
  updatedAt?: number;
  progress?: number;
  errorMessage?: string;
}

export interface Asset {
  id: string;
  name?: string;
  playbackId?: string;
  userId?: string;
  createdAt?: number;
  /** Bytes, once processed. */
  size?: number;
  status?: AssetStatus;
  playbackPolicy?: PlaybackPolicy | null;
  videoSpec?: VideoSpec;
  /** HLS address, when ready. */
  playbackUrl?: string;
  /** MP4 address, when ready. */
  downloadUrl?: string;
  source?: { type: string; url?: string; [field: string]: unknown };
  createdByTokenName?: string;
  projectId?: string;
}

/** One track of a processed asset; video tracks carry the picture fields, audio tracks the sound ones. */
export interface AssetTrack {
  type: 'video' | 'audio' | string;
  codec?: string;
  /** Bits per second. */
  bitrate?: number;
  /** Seconds. */
  duration?: number;
  width?: number;
  height?: number;
  fps?: number;
  pixelFormat?: string;
  sampleRate?: number;
  channels?: number;
}

export interface VideoSpec {
  format?: string;
  /** Seconds. */
  duration?: number;
  bitrate?: number;
  tracks?: AssetTrack[];
}

/** Server-side filters of the asset list. */
export interface AssetQuery {
  /** Assets whose name contains this text (any case), matched literally. */
  name?: string;
  /** Exact phase: `ready`, `processing`, `failed`, ... */
  phase?: string;
}

export interface AssetUpdate {
  name: string;
}

export interface PlaybackPolicy {
  type: 'public' | 'jwt' | 'webhook';
  webhookId?: string;
  webhookContext?: Record<string, unknown>;
}

/** One way to play: `hrn` names it ("HLS (TS)", "MP4", "WebRTC (H264)", "Thumbnail (PNG)", ...). */
export interface PlaybackSource {
  hrn: string;
  type: string;
  url: string;
  width?: number;
  height?: number;
  bitrate?: number;
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

export interface UploadRequest {
  url: string;
  tusEndpoint: string;
  asset: Asset;
  task: { id: string };
}

export interface Stream {
  id: string;
  name?: string;
  playbackId?: string;
  createdAt?: number;
  lastSeen?: number;
  isActive?: boolean;
  record?: boolean;
  parentId?: string;
  /** Secret: never log or display it. */
  streamKey?: string;
  isHealthy?: boolean | null;
  suspended?: boolean;
  sourceSegments?: number;
  sourceSegmentsDuration?: number;
  playbackPolicy?: PlaybackPolicy | null;
  /** What the service found wrong with a live stream's input (with `isHealthy: false`). */
  issues?: string[];
  projectId?: string;
}

export interface StreamQuery {
  /** Exclude historic child session objects (streamsonly=1). */
  streamsOnly?: boolean;
  /** true = active only, false = idle only, absent = both. */
  isActive?: boolean;
  /** true = recording on only. */
  record?: boolean;
  /** Streams whose name contains this text (any case), matched literally. */
  name?: string;
}

/** Recording of a session: `waiting` while the service processes it, then `ready` with its URLs. */
export type RecordingStatus = 'waiting' | 'ready' | 'none';

/** One broadcast of a stream (GET /stream/{id}/sessions): a child stream object with recording details. */
export interface Session extends Stream {
  parentId: string;
  recordingStatus?: RecordingStatus;
  /** HLS address of the recording, when ready. */
  recordingUrl?: string;
  mp4Url?: string;
}

export interface CreateStream {
  name: string;
  record?: boolean;
  playbackPolicy?: PlaybackPolicy;
}

/** GET /ingest: where to broadcast (`ingest` is the RTMP base, the stream key is appended) and play. */
export interface IngestPoint {
  base: string;
  ingest: string;
  playback: string;
}
/** What POST /access-control/gate answered: 200 allowed, or 403/404 with the service's message. */
export type GateAnswer = { allowed: true; status: number } | { allowed: false; status: number; message: string };

/** A project of the user (GET /project); an API key belongs to exactly one. */
export interface Project {
  id: string;
  name: string;
  userId?: string;
  createdAt?: number;
}
