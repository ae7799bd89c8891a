import { randomBytes, randomUUID } from 'node:crypto';
import type { Asset } from '../assets/types';
import type { Stream } from '../streams/types';
import type { WebhookEventBody, WebhookEventName } from './types';

/** What a test event is about: the account's own stream and asset where it has them. */
export interface TestEventContext {
  webhookId: string;
  stream?: Stream;
  asset?: Asset;
  /** Milliseconds; default Date.now(). */
  now?: number;
}

/** The body of `playback.accessControl`: the access-control gate POSTs this shape, not an event. */
export interface AccessControlBody {
  context: Record<string, unknown>;
  accessKey: string;
  timestamp: number;
}

function sampleStream(now: number): Stream {
  return { id: randomUUID(), name: 'Test stream', playbackId: randomBytes(8).toString('hex'), createdAt: now - 3_600_000, isActive: true, record: true, lastSeen: now };
}

function sampleAsset(now: number): Asset {
  return { id: randomUUID(), name: 'Test asset', playbackId: randomBytes(8).toString('hex'), createdAt: now - 60_000, status: { phase: 'ready', updatedAt: now } };
}

/** A stream as the service puts it in an event: never with its stream key. */
function publicStream(stream: Stream): Record<string, unknown> {
  const { streamKey: _secret, ...rest } = stream;
  return rest;
}

function streamPayload(event: WebhookEventName, stream: Stream, now: number): Record<string, unknown> | undefined {
  const session = { id: randomUUID(), parentId: stream.id, name: stream.name, createdAt: now - 600_000, lastSeen: now, sourceSegmentsDuration: 600 };
  switch (event) {
    case 'stream.detection':
      return { seqNo: 1, sceneClassification: [{ name: 'soccer', probability: 0.91 }] };
    case 'recording.ready':
      return {
        recordingUrl: `https://livepeercdn.studio/recordings/${session.id}/index.m3u8`,
        mp4Url: `https://livepeercdn.studio/recordings/${session.id}/source.mp4`,
        session: { ...session, recordingStatus: 'ready', assetId: session.id },
      };
    case 'recording.started':
    case 'recording.waiting':
      return { session: { ...session, recordingStatus: 'waiting' } };
    case 'multistream.connected':
    case 'multistream.error':
    case 'multistream.disconnected':
      return { target: { id: randomUUID(), profile: 'source' } };
    case 'playback.user.new':
      return { playbackId: stream.playbackId };
    default:
      return undefined;
  }
}

/** The phase an asset is in when the service sends these events: a real asset picked for the test takes it. */
const PHASE_AT: Partial<Record<WebhookEventName, Record<string, unknown>>> = {
  'asset.created': { phase: 'waiting' },
  'asset.ready': { phase: 'ready' },
  'asset.failed': { phase: 'failed', errorMessage: 'failed to probe or open file, check your input file against the input codec and container support matrix' },
};

function assetPayload(event: WebhookEventName, asset: Asset, now: number): Record<string, unknown> {
  const phase = PHASE_AT[event];
  const snapshot = { id: asset.id, snapshot: phase ? { ...asset, status: { ...phase, updatedAt: now } } : asset };
  // The service nests the asset one level deeper for these two.
  return event === 'asset.updated' || event === 'asset.deleted' ? { asset: snapshot } : snapshot;
}

function taskPayload(event: WebhookEventName, asset: Asset, now: number): Record<string, unknown> {
  const phase = event === 'task.completed' ? 'completed' : event === 'task.failed' ? 'failed' : event === 'task.spawned' ? 'pending' : 'running';
  const id = randomUUID();
  const task = { id, type: 'upload', snapshot: { id, type: 'upload', createdAt: now - 60_000, outputAssetId: asset.id, status: { phase, updatedAt: now } } };
  return event === 'task.completed' || event === 'task.failed' ? { success: event === 'task.completed', task } : { task };
}

/**
 * A realistic body of `event` as the service would send it to the webhook now: stream events carry
 * the stream (without its key), asset and task events their snapshots, in the service's shapes.
 */
export function buildWebhookTestEvent(event: WebhookEventName, context: TestEventContext): WebhookEventBody | AccessControlBody {
  const now = context.now ?? Date.now();
  if (event === 'playback.accessControl') return { context: { test: true }, accessKey: `test-${randomBytes(6).toString('hex')}`, timestamp: now };
  const body: WebhookEventBody = { id: randomUUID(), webhookId: context.webhookId, createdAt: now, timestamp: now, event };
  const group = event.split('.')[0];
  if (group === 'asset' || group === 'task') {
    const asset = context.asset ?? sampleAsset(now);
    body.payload = group === 'asset' ? assetPayload(event, asset, now) : taskPayload(event, asset, now);
    return body;
  }
  const stream = context.stream ?? sampleStream(now);
  body.stream = publicStream(stream);
  const payload = streamPayload(event, stream, now);
  if (payload) body.payload = payload;
  return body;
}
