import type { RenditionProfile, Stream, StudioClient } from '../api';
import { Refused } from './refusal';
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
 * as refusals: no ladder change while live, recording renditions only with recording on, a ladder the
 * service would take. Multistream targets that push a rendition the new ladder drops are refused,
 * since they would stop.
 */
export async function editStream(client: Pick<StudioClient, 'streams'>, stream: Stream, edit: StreamEdit): Promise<void> {
  if (edit.profiles) {
    if (stream.isActive) throw new Refused({ code: 'ladder-while-live' });
    const problem = ladderProblem(edit.profiles);
    if (problem) throw new Refused(problem);
    const names = new Set([...edit.profiles.map((profile) => profile.name), 'source']);
    const pushed = (stream.multistream?.targets ?? []).filter((target) => !names.has(target.profile)).map((target) => target.profile);
    if (pushed.length) throw new Refused({ code: 'ladder-drops-pushed', profiles: [...new Set(pushed)] });
  }
  if (edit.recordingProfiles && !stream.record) throw new Refused({ code: 'recording-needs-record' });
  const update = {
    ...(edit.name !== undefined ? { name: edit.name.trim() } : {}),
    ...(edit.profiles ? { profiles: edit.profiles } : {}),
    ...(edit.recordingProfiles ? { recordingSpec: { profiles: edit.recordingProfiles } } : {}),
  };
  await client.streams.update(stream.id, update);
}
