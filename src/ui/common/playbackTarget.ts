import type { PlaybackPolicy } from '../../api';

/**
 * What a stream or asset row carries as its `playback` property (the tree element VS Code passes
 * to `view/item/context` commands) and what the playback commands (sign a token, check access) act on.
 */
export interface PlaybackTarget {
  playbackId: string;
  name?: string;
  policy?: PlaybackPolicy | null;
}
