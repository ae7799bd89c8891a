import { StudioApiError, type Stream, type StudioClient } from '../api';

type Streams = Pick<StudioClient, 'streams'>;

/** A stream's state as rows say it: what a change that did not take leaves. */
export type StreamState = 'suspended' | 'live' | 'idle';

const stateOf = (stream: Stream): StreamState => (stream.suspended ? 'suspended' : stream.isActive ? 'live' : 'idle');

/** `changed`, or `changed-despite-error`: the service answered 500 but the stream shows the change. */
export type StreamChangeOutcome = 'changed' | 'changed-despite-error';

/** The change did not take: the service's error, and the stream's state now (undefined: deleted). */
export class StreamChangeFailed extends StudioApiError {
  constructor(
    error: StudioApiError,
    readonly state: StreamState | undefined,
  ) {
    super(error.kind, error.message, { status: error.status, messages: error.messages }, { cause: error });
  }
}

/**
 * The service changes a stream before it calls its media server, and answers 500 when that call
 * fails although the change was made: after a 500 the stream is read again, and when it shows the
 * change (`took`; undefined: deleted) that is the answer instead of the error.
 */
async function changeStream(client: Streams, streamId: string, change: () => Promise<void>, took: (now: Stream | undefined) => boolean): Promise<StreamChangeOutcome> {
  try {
    await change();
    return 'changed';
  } catch (error) {
    if (!(error instanceof StudioApiError && error.status === 500)) throw error;
    const now = await client.streams.get(streamId).catch((readError: unknown) => {
      if (readError instanceof StudioApiError && readError.kind === 'not-found') return undefined;
      throw error;
    });
    if (!took(now)) throw new StreamChangeFailed(error, now && stateOf(now));
    return 'changed-despite-error';
  }
}

export function deleteStream(client: Streams, streamId: string): Promise<StreamChangeOutcome> {
  return changeStream(client, streamId, () => client.streams.delete(streamId), (now) => !now);
}

/** Suspended, the stream's key is refused (a live broadcast is cut) until unsuspended. */
export function setStreamSuspended(client: Streams, streamId: string, suspended: boolean): Promise<StreamChangeOutcome> {
  return changeStream(client, streamId, () => client.streams.setSuspended(streamId, suspended), (now) => !!now && !!now.suspended === suspended);
}

/** Ends the live session (the key stays); a repeat this soon is refused (429, `rate-limited`). */
export function stopLiveSession(client: Streams, streamId: string): Promise<StreamChangeOutcome> {
  return changeStream(client, streamId, () => client.streams.terminate(streamId), (now) => !!now && !now.isActive);
}

/** Recording on or off; `refused-while-live`: the service does not change it while the stream is live (400). */
export async function setStreamRecord(client: Streams, streamId: string, record: boolean): Promise<'changed' | 'refused-while-live'> {
  try {
    await client.streams.setRecord(streamId, record);
    return 'changed';
  } catch (error) {
    if (error instanceof StudioApiError && error.kind === 'validation' && error.messages.some((m) => /while stream is active/.test(m))) return 'refused-while-live';
    throw error;
  }
}
