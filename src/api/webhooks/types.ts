// Shapes of the webhook API (see studio-api.md, Webhooks). Every webhook answer carries the
// shared secret: never log or show one without redacting `sharedSecret`.

/** The event names the service accepts in `events`, in the service's own order. */
export const WEBHOOK_EVENTS = [
  'stream.started',
  'stream.detection',
  'stream.idle',
  'recording.ready',
  'recording.started',
  'recording.waiting',
  'multistream.connected',
  'multistream.error',
  'multistream.disconnected',
  'playback.user.new',
  'playback.accessControl',
  'asset.created',
  'asset.updated',
  'asset.failed',
  'asset.ready',
  'asset.deleted',
  'task.spawned',
  'task.updated',
  'task.completed',
  'task.failed',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The service writes this about a minute after a delivery; it is kept when later deliveries succeed. */
export interface WebhookFailure {
  timestamp: number;
  /** Absent when the receiver answered (then `statusCode` says how). */
  error?: string;
  /** Base64 of the receiver's answer. */
  response?: string;
  /** Absent when the receiver could not be reached. */
  statusCode?: number;
}

export interface Webhook {
  id: string;
  name: string;
  url: string;
  events: string[];
  /** Secret: the service returns it with every webhook answer. */
  sharedSecret?: string;
  /** Only this stream's events (asset and task events still arrive). */
  streamId?: string;
  projectId?: string;
  userId?: string;
  kind?: string;
  createdAt?: number;
  status?: { lastTriggeredAt?: number; lastFailure?: WebhookFailure };
}

export interface WebhookInput {
  name: string;
  url: string;
  events: WebhookEventName[];
  sharedSecret?: string;
  streamId?: string;
}

export type WebhookUpdate = Partial<WebhookInput>;

/** One delivery attempt (an entry of the webhook's log). */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  /** The event's id: the same on every attempt and resend of one event. */
  eventId?: string;
  event: string;
  userId?: string;
  projectId?: string;
  createdAt: number;
  /** Seconds. */
  duration?: number;
  success: boolean;
  request: { url: string; method: string; headers: Record<string, string>; body: string };
  /** `status` is absent when the receiver could not be reached; `body` is base64 of its first 1024 characters. */
  response?: { status?: number; statusText?: string; body?: string; redirected?: boolean };
}

/** Server-side filters of the delivery log. */
export interface DeliveryQuery {
  event?: string;
  success?: boolean;
  /** Deliveries whose body names this id (an asset's, a task's, a stream's). */
  resourceId?: string;
}

/** The JSON body the service POSTs to a webhook. */
export interface WebhookEventBody {
  /** Event id: the same on retries, so a receiver can drop repeats. */
  id: string;
  webhookId: string;
  /** When the event happened. */
  createdAt: number;
  /** When this request was sent; equals the signature header's `t`. */
  timestamp: number;
  event: string;
  stream?: Record<string, unknown>;
  payload?: Record<string, unknown>;
}
