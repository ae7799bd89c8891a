import type { Stream, StudioClient } from '../api';

export interface CreateStreamInput {
  name: string;
  /** Record each session for playback later. */
  record: boolean;
  /** Who may watch: anyone with the playback URL, or viewers with a token signed by one of the account's keys. */
  playback: 'public' | 'jwt';
}

/** A stream as handed on (to a view, a tool, an assistant): its stream key is read again only when a person copies it. */
export type StreamWithoutKey = Omit<Stream, 'streamKey'>;

/**
 * Creates a stream and answers it without its stream key: the service puts the key in the answer,
 * and whoever holds the key can broadcast to the stream.
 */
export async function createStream(client: Pick<StudioClient, 'streams'>, input: CreateStreamInput): Promise<StreamWithoutKey> {
  return withoutStreamKey(await client.streams.create({ name: input.name, record: input.record, playbackPolicy: { type: input.playback } }));
}

export function withoutStreamKey({ streamKey: _key, ...stream }: Stream): StreamWithoutKey {
  return stream;
}
