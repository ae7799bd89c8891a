import type { Asset, Session, Stream, StudioClient } from '../api';
import { Refused } from './refusal';

export { clipTimeWords, parseClipTime } from './clipTime';

/** A clip longer than this is most likely a typo (the service would take 10 hours). */
export const MAX_CLIP_MS = 2 * 60 * 60_000;

/** How long a session has run (or ran), in ms: its recorded duration, or wall time while live. */
export function sessionLengthMs(session: Pick<Session, 'createdAt' | 'lastSeen' | 'sourceSegmentsDuration' | 'isActive'>, now = Date.now()): number {
  if (session.isActive && session.createdAt) return now - session.createdAt;
  return Math.round((session.sourceSegmentsDuration ?? ((session.lastSeen ?? 0) - (session.createdAt ?? 0)) / 1000) * 1000);
}

/** Sessions searched for a session named by its id (the latest first). */
export const SESSIONS_SEARCHED = 50;

/** The session to clip: the one named (among the stream's latest sessions), else the stream's latest; undefined when there is none. */
export async function sessionToClip(client: Pick<StudioClient, 'streams'>, streamId: string, sessionId?: string, signal?: AbortSignal): Promise<Session | undefined> {
  const { items } = await client.streams.listSessionsPage(streamId, { limit: sessionId ? SESSIONS_SEARCHED : 1 }, signal);
  return sessionId ? items.find((candidate) => candidate.id === sessionId) : items[0];
}

/** The last `ms` before `endMs` (an offset into the session), never before the session's start. */
export function lastPart(endMs: number, ms: number): { fromMs: number; toMs: number } {
  return { fromMs: Math.max(0, endMs - ms), toMs: endMs };
}

export interface CreateClipInput {
  stream: Pick<Stream, 'playbackId' | 'name' | 'id'>;
  session: Pick<Session, 'id' | 'createdAt' | 'lastSeen' | 'sourceSegmentsDuration' | 'isActive'>;
  /** From the session's start, in ms. */
  fromMs: number;
  toMs: number;
  name?: string;
}

/**
 * Cuts a clip from a session (live or recorded): times are offsets into the session, turned into
 * the Unix ms the service expects. Refused unsent: an end before the start, times past the session,
 * clips over 2 hours. The answer is the new asset (processing, then ready like an upload).
 */
export async function createClip(client: Pick<StudioClient, 'clips'>, input: CreateClipInput, now = Date.now()): Promise<Asset> {
  const { stream, session, fromMs, toMs } = input;
  if (!stream.playbackId) throw new Refused({ code: 'clip-no-playback-id' });
  if (!session.createdAt) throw new Refused({ code: 'clip-no-start-time' });
  if (toMs <= fromMs) throw new Refused({ code: 'clip-ends-before-start' });
  const length = sessionLengthMs(session, now);
  if (fromMs < 0 || toMs > length + 1000) throw new Refused({ code: 'clip-past-session', lengthMs: length });
  if (toMs - fromMs > MAX_CLIP_MS) throw new Refused({ code: 'clip-too-long' });
  const { asset } = await client.clips.create({
    playbackId: stream.playbackId,
    sessionId: session.id,
    startTime: session.createdAt + fromMs,
    endTime: session.createdAt + toMs,
    name: input.name,
  });
  return asset;
}
