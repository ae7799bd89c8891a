// Shapes of the stream answers the extension uses.

import type { StreamTargetInput, StreamTargetRef } from '../multistream/types';
import type { PlaybackPolicy } from '../playback/types';

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
  /** The rendition ladder the service transcodes to (a default 240p–720p ladder when created without one). */
  profiles?: RenditionProfile[];
  recordingSpec?: RecordingSpec;
  /** Where the service pushes the stream; `{}` or absent when nowhere. */
  multistream?: { targets?: StreamTargetRef[] };
  /** When the last terminate stopped a live session. */
  lastTerminatedAt?: number;
}

/** One rung of a stream's ladder: the service needs all five fields (fps 0 keeps the source's rate). */
export interface RenditionProfile {
  name: string;
  width: number;
  height: number;
  bitrate: number;
  fps: number;
  [field: string]: unknown;
}

/** Which renditions a recording keeps (only with `record: true`). */
export interface RecordingSpec {
  profiles?: RenditionProfile[];
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
  profiles?: RenditionProfile[];
  recordingSpec?: RecordingSpec;
  multistream?: { targets: StreamTargetInput[] };
}

/** What PATCH /stream/{id} changes here (204); absent fields keep their value. */
export interface StreamUpdate {
  name?: string;
  record?: boolean;
  playbackPolicy?: PlaybackPolicy;
  /** Refused (400) while the stream is live. */
  profiles?: RenditionProfile[];
  recordingSpec?: RecordingSpec;
  /** `{}` clears; a target that no longer exists makes the whole change 400. */
  multistream?: { targets?: StreamTargetInput[] };
}

/** GET /ingest: where to broadcast (`ingest` is the RTMP base, the stream key is appended) and play. */
export interface IngestPoint {
  base: string;
  ingest: string;
  playback: string;
}
