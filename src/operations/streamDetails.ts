import { withoutSecrets, type StudioClient } from '../api';
import { withoutStreamKey, type StreamWithoutKey } from './createStream';

/** A stream as the service has it now, for reading (its details document): without its stream key or any other secret. */
export async function streamDetails(client: Pick<StudioClient, 'streams'>, streamId: string): Promise<StreamWithoutKey> {
  return withoutSecrets(withoutStreamKey(await client.streams.get(streamId)));
}
