import { StudioApiError, type RenditionProfile, type Stream, type StudioClient } from '../api';
import { ladderProblem } from './renditionLadder';

export interface StreamEdit {
  name?: string;
  /** A new ladder: refused while the stream is live (the service answers 400). */
  profiles?: RenditionProfile[];
  /** Renditions recordings keep; needs recording on. */
  recordingProfiles?: RenditionProfile[];
}

/**
 * Changes a stream's name, ladder or recording renditions, with the service's rules checked first
 * in words: no ladder change while live, recording renditions only with recording on, a ladder the
 * service would take. Multistream targets that push a rendition the new ladder drops are refused,
 * since they would stop.
 */
export async function editStream(client: Pick<StudioClient, 'streams'>, stream: Stream, edit: StreamEdit): Promise<void> {
  if (edit.profiles) {
    if (stream.isActive) throw StudioApiError.config('renditions cannot change while the stream is live: stop its live session first');
    const problem = ladderProblem(edit.profiles);
    if (problem) throw StudioApiError.config(problem);
    const names = new Set([...edit.profiles.map((profile) => profile.name), 'source']);
    const pushed = (stream.multistream?.targets ?? []).filter((target) => !names.has(target.profile)).map((target) => target.profile);
    if (pushed.length) throw StudioApiError.config(`multistream targets push ${[...new Set(pushed)].join(', ')}: keep those renditions, or remove the targets first`);
  }
  if (edit.recordingProfiles && !stream.record) throw StudioApiError.config('recording renditions need recording on: turn recording on first');
  const update = {
    ...(edit.name !== undefined ? { name: edit.name.trim() } : {}),
    ...(edit.profiles ? { profiles: edit.profiles } : {}),
    ...(edit.recordingProfiles ? { recordingSpec: { profiles: edit.recordingProfiles } } : {}),
  };
  await client.streams.update(stream.id, update);
}
