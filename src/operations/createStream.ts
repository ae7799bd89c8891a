import type { RenditionProfile, Stream, StudioClient } from '../api';
import { Refused } from './refusal';
import { ladderProblem } from './renditionLadder';

export interface CreateStreamInput {
  name: string;
  /** Record each session for playback later. */
  record: boolean;
  /** Who may watch: anyone with the playback URL, or viewers with a token signed by one of the account's keys. */
  playback: 'public' | 'jwt';
  /** The rendition ladder; the service's default 240p–720p when absent. */
  profiles?: RenditionProfile[];
  /** Renditions recordings keep (only with `record`); all when absent. */
  recordingProfiles?: RenditionProfile[];
}

/** A stream as handed on (to a view, a tool, an assistant): its stream key is read again only when a person copies it. */
export type StreamWithoutKey = Omit<Stream, 'streamKey'>;

/**
 * Creates a stream and answers it without its stream key: the service puts the key in the answer,
 * and whoever holds the key can broadcast to the stream.
 */
export async function createStream(client: Pick<StudioClient, 'streams'>, input: CreateStreamInput): Promise<StreamWithoutKey> {
  const problem = input.profiles && ladderProblem(input.profiles);
  if (problem) throw new Refused(problem);
  if (input.recordingProfiles && !input.record) throw new Refused({ code: 'recording-needs-record' });
  return withoutStreamKey(
    await client.streams.create({
      name: input.name,
      record: input.record,
      playbackPolicy: { type: input.playback },
      ...(input.profiles ? { profiles: input.profiles } : {}),
      ...(input.recordingProfiles ? { recordingSpec: { profiles: input.recordingProfiles } } : {}),
    }),
  );
}

export function withoutStreamKey({ streamKey: _key, ...stream }: Stream): StreamWithoutKey {
  return stream;
}
