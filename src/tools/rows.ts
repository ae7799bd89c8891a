import type { Asset, Session, SigningKey, Stream, Webhook, WebhookDelivery } from '../api';

/** Rows as tools answer them: the fields a model needs to talk about a resource, dates as ISO texts, nothing secret picked. */
export function when(ms: number | undefined): string | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : undefined;
}

export function streamRow(stream: Stream) {
  return {
    id: stream.id,
    name: stream.name,
    isActive: !!stream.isActive,
    ...(stream.isActive ? { isHealthy: stream.isHealthy ?? undefined, issues: stream.issues } : {}),
    suspended: !!stream.suspended,
    record: !!stream.record,
    playbackId: stream.playbackId,
    playback: stream.playbackPolicy?.type ?? 'public',
    createdAt: when(stream.createdAt),
    lastSeen: when(stream.lastSeen),
  };
}

export function sessionRow(session: Session) {
  return {
    id: session.id,
    createdAt: when(session.createdAt),
    lastSeen: when(session.lastSeen),
    durationSeconds: session.sourceSegmentsDuration,
    recording: session.recordingStatus ?? 'none',
    recordingUrl: session.recordingUrl,
    mp4Url: session.mp4Url,
  };
}

export function assetRow(asset: Asset) {
  return {
    id: asset.id,
    name: asset.name,
    phase: asset.status?.phase ?? 'unknown',
    ...(typeof asset.status?.progress === 'number' && asset.status.phase === 'processing' ? { progress: Math.round(asset.status.progress * 100) } : {}),
    playbackId: asset.playbackId,
    playback: asset.playbackPolicy?.type ?? 'public',
    createdAt: when(asset.createdAt),
    durationSeconds: asset.videoSpec?.duration,
  };
}

export function keyRow(key: SigningKey) {
  return { id: key.id, name: key.name, disabled: !!key.disabled, createdAt: when(key.createdAt), lastSeen: when(key.lastSeen), publicKey: key.publicKey };
}

export function webhookRow(webhook: Webhook) {
  const failure = webhook.status?.lastFailure;
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    streamId: webhook.streamId,
    lastTriggeredAt: when(webhook.status?.lastTriggeredAt),
    ...(failure ? { lastFailure: { at: when(failure.timestamp), statusCode: failure.statusCode, error: failure.error } } : {}),
  };
}

export function deliveryRow(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event: delivery.event,
    createdAt: when(delivery.createdAt),
    success: delivery.success,
    statusCode: delivery.response?.status,
    ...(delivery.response?.status === undefined && !delivery.success ? { problem: 'the receiver could not be reached' } : {}),
    durationSeconds: delivery.duration,
  };
}
