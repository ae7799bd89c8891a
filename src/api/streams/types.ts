// Shapes of the stream answers the extension uses.

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
