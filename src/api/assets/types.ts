// Shapes of the asset answers the extension uses. The service sends more fields than these;
// only what the product reads is typed.

import type { PlaybackPolicy } from '../playback/types';

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

export interface UploadRequest {
  url: string;
  tusEndpoint: string;
  asset: Asset;
  task: { id: string };
}

/** POST /asset/upload/url. */
export interface ImportRequest {
  name: string;
  /** http(s), `ipfs://` or `ar://`. */
  url: string;
  playbackPolicy?: PlaybackPolicy;
  /** Also make an MP4 (the service stores the choice; it does not show it in the answer). */
  staticMp4?: boolean;
}

export interface ImportAnswer {
  asset: Asset;
  task: { id: string };
  /** The same URL was imported within the last 15 minutes: this is that import (its name, not the one sent). */
  existing: boolean;
}
