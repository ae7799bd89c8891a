import type { Asset, AssetStatus } from '../api/assets/types';
import type { SigningKey } from '../api/keys/types';
import type { RecordingStatus, Stream } from '../api/streams/types';
import type { TaskEvent } from './tasks';

// The records the store keeps and the changes it reports, apart from the Store itself so that the
// modules working on them (the asset pipeline, webhook deliveries) need not import the store.

// Stored shapes carry the extra fields the real service sends beyond what src/api/types names.
export interface EmulatorSigningKey extends SigningKey {
  name: string;
  userId: string;
  createdAt: number;
  disabled: boolean;
  projectId: string;
}

export interface EmulatorStream extends Stream {
  userId: string;
  projectId: string;
  /** Deleted streams are only marked, as the real service does; lists and GET leave them out. */
  deleted?: boolean;
  /** When the last terminate was asked for: the service refuses another one soon after (429). */
  lastTerminatedAt?: number;
  /** Sessions only (children with parentId). */
  recordingStatus?: RecordingStatus;
}

export interface EmulatorAsset extends Asset {
  userId: string;
  createdAt: number;
  playbackId: string;
  status: AssetStatus;
  source: NonNullable<Asset['source']>;
  createdByTokenName: string;
  projectId: string;
  /** A clip's part of its session, in ms from the session's start: its media is cut to it. */
  clipWindow?: [number, number];
}

/** A state change the service reports to webhooks. */
export type StoreEvent =
  | { event: 'stream.started' | 'stream.idle'; stream: EmulatorStream }
  | { event: 'recording.ready'; stream: EmulatorStream; session: EmulatorStream }
  | { event: 'asset.created' | 'asset.updated' | 'asset.ready' | 'asset.failed' | 'asset.deleted'; asset: EmulatorAsset }
  | TaskEvent
  | { event: 'multistream.connected' | 'multistream.error' | 'multistream.disconnected'; stream: EmulatorStream; target: { id: string; name: string; profile: string; videoOnly?: boolean } };
