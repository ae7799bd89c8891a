import type { StudioClient } from '../api';

// Live multistream status: the service reports a target's push only as multistream.connected /
// error / disconnected webhook events, so the only place to read it back is the delivery log of a
// webhook subscribed to them.

export type PushEvent = 'multistream.connected' | 'multistream.error' | 'multistream.disconnected';

export interface PushStatus {
  event: PushEvent;
  /** When the event was delivered (Unix ms). */
  at: number;
}

export interface StreamPushes {
  /** Names of the webhooks that report this stream's pushes; none: nothing reports them. */
  reporters: string[];
  /** The last reported status by target id. */
  byTarget: Map<string, PushStatus>;
}

const PUSH_EVENTS: readonly string[] = ['multistream.connected', 'multistream.error', 'multistream.disconnected'];
/** The newest deliveries about the stream read per webhook: the last status of each target is among them. */
const DELIVERIES_READ = 50;

/** The last status of each of a stream's targets, from the delivery logs of the webhooks subscribed to push events. */
export async function multistreamStatus(client: Pick<StudioClient, 'webhooks'>, streamId: string): Promise<StreamPushes> {
  const reporting = (await client.webhooks.list()).filter((w) => w.events.some((e) => PUSH_EVENTS.includes(e)) && (!w.streamId || w.streamId === streamId));
  const byTarget = new Map<string, PushStatus>();
  for (const webhook of reporting) {
    const { items } = await client.webhooks.listDeliveriesPage(webhook.id, { resourceId: streamId, limit: DELIVERIES_READ });
    for (const delivery of items) {
      if (!PUSH_EVENTS.includes(delivery.event)) continue;
      const targetId = targetIdOf(delivery.request.body, streamId);
      const known = targetId ? byTarget.get(targetId) : undefined;
      if (targetId && (!known || known.at < delivery.createdAt)) byTarget.set(targetId, { event: delivery.event as PushEvent, at: delivery.createdAt });
    }
  }
  return { reporters: reporting.map((w) => w.name || w.id), byTarget };
}

/** The target an event body names, when the event is about this stream. */
function targetIdOf(body: string, streamId: string): string | undefined {
  try {
    const event = JSON.parse(body) as { stream?: { id?: unknown }; payload?: { target?: { id?: unknown } } };
    const id = event.payload?.target?.id;
    return event.stream?.id === streamId && typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
