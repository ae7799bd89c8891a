// Shapes of the multistream answers the extension uses.

/**
 * A multistream target: where the service pushes a stream (YouTube, Twitch…). It belongs to the
 * user, not to a project. Its URL holds the platform's stream key: the service never returns it,
 * and the extension keeps it nowhere.
 */
export interface MultistreamTarget {
  id: string;
  /** The service defaults it to the URL's `host:port`. */
  name?: string;
  userId?: string;
  disabled?: boolean;
  createdAt?: number;
}

export interface MultistreamTargetInput {
  /** Secret: `rtmp://`, `rtmps://` or `srt://` with the platform's key. Sent once, never kept. */
  url: string;
  name?: string;
  disabled?: boolean;
}

export interface MultistreamTargetUpdate {
  name?: string;
  /** Secret, as on create. */
  url?: string;
  disabled?: boolean;
}

/** A target on a stream as the stream shows it: no status, no URL. */
export interface StreamTargetRef {
  id: string;
  /** A rendition profile of the stream, or `source`. */
  profile: string;
  videoOnly?: boolean;
}

/** What attaches a target to a stream: an existing one by id, or a new one from a spec (created by the service). */
export type StreamTargetInput = { profile: string; videoOnly?: boolean } & ({ id: string } | { spec: { name?: string; url: string } });
