import { TEXT_LIMITS, bounded, isTaskActive, messageOf, redact, taskEtaMinutes, taskKind, type Asset, type StudioClient, type Task, type Webhook, type WebhookDelivery } from '../api';

/** A task's or asset's error as said here: blanked and bounded as every error is (the service may answer a whole HTML page). */
const errorText = (message: string): string => bounded(redact(message), TEXT_LIMITS.serviceMessage);

/** What the upload of the asset left on this machine (the caller knows its own uploads). */
export interface LocalUploadTrace {
  state: 'uploading' | 'paused' | 'interrupted' | 'cancelled' | 'finished';
  fileName?: string;
  bytesDone?: number;
  totalBytes?: number;
}

export interface WhyNotReadyInput {
  assetId: string;
  /** Undefined when this machine never uploaded the asset (or forgot it). */
  local?: LocalUploadTrace;
  /** False where this machine's uploads cannot be seen (the MCP server: VS Code holds them): nothing is said of them. */
  seesUploads?: boolean;
  /** Unix ms; default now (tests pass a clock). */
  now?: number;
}

/** The next thing to do, for buttons and tools; `next` says it in words. */
export type NextStep = 'play' | 'wait' | 'resume' | 'reupload' | 'retry' | 'fixUrl' | 'fixWebhook';

export interface NotReadyAnswer {
  assetId: string;
  name?: string;
  phase: string;
  /** One line: where the asset stands. */
  summary: string;
  /** What was found, one fact a line: the asset, its task, the upload here, webhook deliveries. */
  facts: string[];
  next: string;
  step: NextStep;
  /** Minutes left at the task's rate so far, while it runs. */
  etaMinutes?: number;
  /** The task's id, for a retry. */
  taskId?: string;
}

/** No progress for this long while running reads as stuck. */
export const STALLED_MS = 10 * 60_000;
const WEBHOOKS_ASKED = 3;
const EVENT_PREFIXES = ['asset.', 'task.'];

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));
const percent = (progress: number) => `${Math.round(progress * 100)} %`;

function taskFact(task: Task, now: number): string {
  const status = task.status;
  const parts = [`Task: ${taskKind(task)} ${task.id}, ${status?.phase ?? 'no phase'}`];
  if (status?.progress !== undefined && status.phase === 'running') parts.push(`at ${percent(status.progress)}`);
  if (status?.retries) parts.push(`tried ${status.retries + 1} times`);
  if (status?.updatedAt) parts.push(`last change ${minutes(now - status.updatedAt)} min ago`);
  if (status?.errorMessage) parts.push(`error: ${errorText(status.errorMessage)}`);
  return parts.join(', ');
}

function localFact(local: LocalUploadTrace | undefined, seesUploads: boolean): string {
  if (!seesUploads) return 'This machine: uploads made in VS Code are not visible here (its Uploads view shows them).';
  if (!local) return 'This machine: no upload of this asset here.';
  const file = local.fileName ? ` of ${local.fileName}` : '';
  const share = local.totalBytes ? ` (${Math.floor(((local.bytesDone ?? 0) / local.totalBytes) * 100)} % sent)` : '';
  return `This machine: the upload${file} is ${local.state}${share}.`;
}

/** Where a webhook delivers, without its path or query (they may carry a secret). */
const receiverOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'its URL';
  }
};

function deliveryFact(webhook: Webhook, delivery: WebhookDelivery | undefined, now: number): string {
  if (!delivery) return `Webhook "${webhook.name}": no delivery for this asset yet.`;
  const answer = delivery.response?.status ? `answered ${delivery.response.status}` : 'got no answer';
  return `Webhook "${webhook.name}": last ${delivery.event} ${minutes(now - delivery.createdAt)} min ago ${delivery.success ? 'delivered' : 'failed'} (${receiverOf(webhook.url)} ${answer}).`;
}

/** The asset's webhook deliveries: for each (of the first few) webhooks on asset or task events, its latest delivery naming the asset. */
async function webhookFacts(client: Pick<StudioClient, 'webhooks'>, assetId: string, now: number): Promise<{ facts: string[]; failing?: Webhook }> {
  const webhooks = (await client.webhooks.list()).filter((w) => w.events.some((e) => EVENT_PREFIXES.some((p) => e.startsWith(p)))).slice(0, WEBHOOKS_ASKED);
  if (!webhooks.length) return { facts: ['Webhooks: none listens to asset or task events.'] };
  const facts: string[] = [];
  let failing: Webhook | undefined;
  for (const webhook of webhooks) {
    const last = (await client.webhooks.listDeliveriesPage(webhook.id, { resourceId: assetId, limit: 1 })).items[0];
    facts.push(deliveryFact(webhook, last, now));
    if (last && !last.success) failing ??= webhook;
  }
  return { facts, failing };
}

type Verdict = Pick<NotReadyAnswer, 'summary' | 'next' | 'step' | 'etaMinutes'>;

function failedVerdict(asset: Asset, task: Task | undefined): Verdict {
  const said = asset.status?.errorMessage ?? task?.status?.errorMessage;
  const error = said ? errorText(said) : 'the service gave no reason';
  const summary = `Failed: ${error}`;
  if (/not accessible|import/i.test(error) && task && taskKind(task) === 'import') {
    return { summary, step: 'fixUrl', next: 'Check that the source URL answers with the video from the internet (not only from your network), then Retry, or import it again from a fixed URL.' };
  }
  if (/codec|container|probe|pixel format|invalid data/i.test(error)) {
    return { summary, step: 'reupload', next: 'The file itself is the problem: convert it to MP4 (H.264 video, AAC audio) and upload it again.' };
  }
  return { summary, step: 'retry', next: 'Retry: the service runs the task again. If it fails again, upload the file again.' };
}

function verdict(asset: Asset, task: Task | undefined, local: LocalUploadTrace | undefined, seesUploads: boolean, now: number): Verdict {
  const phase = asset.status?.phase ?? 'unknown';
  if (phase === 'ready') return { summary: 'Ready: it plays.', step: 'play', next: 'Play it, or copy its playback URL.' };
  if (phase === 'failed') return failedVerdict(asset, task);
  if (phase === 'uploading' || task?.status?.phase === 'pending') {
    if (local?.state === 'uploading') return { summary: 'Uploading from this machine.', step: 'wait', next: 'Wait for the upload to finish (Uploads view).' };
    if (local?.state === 'paused' || local?.state === 'interrupted') {
      return { summary: `Waiting for its bytes: the upload on this machine is ${local.state}.`, step: 'resume', next: 'Resume the upload in the Uploads view: it continues where it stopped.' };
    }
    if (!seesUploads) return { summary: 'Waiting for its bytes.', step: 'reupload', next: 'If VS Code is uploading it, its Uploads view shows how far; if no upload of it runs anywhere, upload the file again (or delete the asset).' };
    const why = local?.state === 'cancelled' ? 'the upload on this machine was cancelled' : 'no upload of it runs on this machine';
    return { summary: `Waiting for its bytes: ${why}.`, step: 'reupload', next: 'Upload the file again (or delete the asset). If another machine is uploading it, wait for that.' };
  }
  const updatedAt = task?.status?.updatedAt ?? asset.status?.updatedAt;
  const quiet = updatedAt ? now - updatedAt : 0;
  if (task && isTaskActive(task) && quiet > STALLED_MS) {
    return {
      summary: `Stuck: no progress for ${minutes(quiet)} min${task.status?.progress ? ` at ${percent(task.status.progress)}` : ''}.`,
      step: 'reupload',
      next: 'It may still move; if not, upload (or import) the video again. A retry is possible only once the service marks it failed.',
    };
  }
  if (task?.status?.phase === 'waiting' && task.status.retries) {
    return { summary: `Waiting: the service is trying again (attempt ${task.status.retries + 1}).`, step: 'wait', next: 'Wait a few minutes; if it fails, check the source.' };
  }
  const eta = task && taskEtaMinutes(task);
  const progress = task?.status?.progress ?? asset.status?.progress;
  if (phase === 'processing' || task?.status?.phase === 'running') {
    const at = progress !== undefined ? ` at ${percent(progress)}` : '';
    return { summary: `Processing${at}.`, step: 'wait', etaMinutes: eta, next: eta ? `Wait about ${eta} min at this rate.` : 'Wait: processing usually takes a few minutes.' };
  }
  return { summary: 'Waiting for the service to start processing.', step: 'wait', next: 'Wait a few minutes: the service queues its work.' };
}

/**
 * Why an asset is not ready, in one answer: its phase and error, its task (phase, progress,
 * retries, error), what its upload left on this machine, the last webhook deliveries about it, and
 * the next thing to do. Each part that cannot be read says so rather than failing the whole answer.
 */
export async function whyNotReady(client: Pick<StudioClient, 'assets' | 'tasks' | 'webhooks'>, input: WhyNotReadyInput): Promise<NotReadyAnswer> {
  const now = input.now ?? Date.now();
  const asset = await client.assets.get(input.assetId);
  const phase = asset.status?.phase ?? 'unknown';
  const facts = [`Asset: ${phase}${asset.status?.progress !== undefined && phase === 'processing' ? ` (${percent(asset.status.progress)})` : ''}${asset.status?.errorMessage ? `, error: ${errorText(asset.status.errorMessage)}` : ''}.`];
  const task = await client.tasks.ofAsset(asset.id).catch((error: unknown) => {
    facts.push(`Task: could not be read (${messageOf(error)}).`);
    return undefined;
  });
  if (task) facts.push(`${taskFact(task, now)}.`);
  else if (facts.length === 1) facts.push('Task: the service lists none for this asset.');
  if (asset.source?.type === 'url' && typeof asset.source.url === 'string') facts.push(`Source: ${receiverOf(asset.source.url)} (imported).`);
  const seesUploads = input.seesUploads !== false;
  if (asset.source?.type !== 'url') facts.push(localFact(input.local, seesUploads));
  let result = verdict(asset, task, input.local, seesUploads, now);
  const hooks = await webhookFacts(client, asset.id, now).catch((error: unknown) => ({ facts: [`Webhooks: could not be read (${messageOf(error)}).`], failing: undefined }));
  facts.push(...hooks.facts);
  if (hooks.failing) {
    const fix = `your webhook "${hooks.failing.name}" is failing: fix its receiver, then resend the delivery from the Webhooks view.`;
    result = result.step === 'play' ? { ...result, step: 'fixWebhook', next: `Ready, but ${fix}` } : { ...result, next: `${result.next} Also, ${fix}` };
  }
  return { assetId: asset.id, name: asset.name, phase, facts, taskId: task?.id, ...result };
}
