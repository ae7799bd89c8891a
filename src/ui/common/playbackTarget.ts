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

/** The playback target a command was given: a row's `playback`, or a playback id as text. */
export function playbackTargetOf(arg: unknown): PlaybackTarget | undefined {
  if (typeof arg === 'string' && arg) return { playbackId: arg };
  const playback = (arg as { playback?: Partial<PlaybackTarget> } | undefined)?.playback;
  return typeof playback?.playbackId === 'string' && playback.playbackId ? (playback as PlaybackTarget) : undefined;
}
