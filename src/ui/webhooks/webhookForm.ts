import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Webhook, WebhookEventName, WebhookInput, WebhookUpdate } from '../../api';
import { webhookUrlProblem } from '../../api/webhooks/url';
import { createWebhook as createWebhookFor, updateWebhook as updateWebhookFor } from '../../operations/webhookChanges';
import { eventChoices } from './webhookEventChoices';
import { shownUrl } from './webhookItems';
import { nameOf, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';
import { tickWhenHeld } from '../common/walkthrough';
import { COMMANDS } from '../common/commandIds';
import { COPY_SECRET } from '../common/actions';
import { shownName } from '../common/format';

const TITLE_CREATE = vscode.l10n.t('Livepeer: Create Webhook');
const TITLE_EDIT = vscode.l10n.t('Livepeer: Edit Webhook');
/** A typed secret shorter than this is refused: a receiver's check is only as strong as the secret. */
const MIN_SECRET_LENGTH = 16;

/** 32 random bytes, hex: what Create Webhook uses unless the person types one. */
function generateSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The service's own check (api/webhooks/url.ts), so a URL it would refuse is corrected here, with the wrong part named. */
function urlProblem(value: string): string | undefined {
  const problem = webhookUrlProblem(value.trim());
  return problem && problem.charAt(0).toUpperCase() + problem.slice(1);
}

function askName(ctx: WebhookContext, title: string, value = ''): Thenable<string | undefined> {
  return ctx.prompts.input({ title, prompt: vscode.l10n.t('Webhook name'), value, validateInput: (text) => (text.trim() ? undefined : vscode.l10n.t('The name cannot be empty')) }).then((name) => name?.trim());
}

async function askUrl(ctx: WebhookContext, title: string, value = ''): Promise<string | undefined> {
  const url = await ctx.prompts.input({ title, prompt: vscode.l10n.t('The address Livepeer Studio POSTs events to (http:// or https://)'), placeHolder: vscode.l10n.t('https://example.com/webhooks/livepeer'), value, validateInput: urlProblem });
  return url?.trim();
}

async function askEvents(ctx: WebhookContext, title: string, current: readonly string[] = []): Promise<WebhookEventName[] | undefined> {
  let placeHolder = vscode.l10n.t('Events that trigger the webhook');
  for (;;) {
    const picked = await ctx.prompts.pickMany(eventChoices(current), { title, placeHolder, matchOnDescription: true });
    if (!picked) return undefined;
    const events = picked.flatMap((choice) => (choice.event ? [choice.event] : []));
    if (events.length) return events;
    // Enter with nothing ticked is not "cancel": the picker stays, so the name and URL asked before are not lost.
    placeHolder = vscode.l10n.t('Tick at least one event (Space ticks the selected one), then press Enter');
  }
}

/** `null`: all streams; undefined: dismissed. Items carry the id only (a listed stream holds its key). */
async function askStreamScope(ctx: WebhookContext, title: string, current?: string): Promise<string | null | undefined> {
  const streams = await ctx.session.client().streams.list({ streamsOnly: true });
  const all = { label: vscode.l10n.t('All streams'), description: current ? undefined : vscode.l10n.t('current'), detail: vscode.l10n.t('Stream events of every stream (asset and task events arrive whatever the scope)'), id: null };
  const picked = await ctx.prompts.pick(
    [all, ...streams.map((stream) => ({ label: shownName(stream), description: stream.id === current ? vscode.l10n.t('current') : undefined, detail: stream.id, id: stream.id }))],
    { title, placeHolder: vscode.l10n.t('Only the events of one stream?'), matchOnDetail: true },
  );
  return picked === undefined ? undefined : picked.id;
}

/** A new secret, generated unless the person chooses to type one; `keep` offers leaving it as it is. */
async function askSecret(ctx: WebhookContext, title: string, keep: boolean): Promise<string | undefined | 'keep'> {
  const choices = [
    ...(keep ? [{ label: vscode.l10n.t('Keep the current secret'), value: 'keep' as const }] : []),
    { label: vscode.l10n.t('Generate a strong random secret'), detail: vscode.l10n.t('32 random bytes; copy it for your handler with Copy Secret'), value: 'generate' as const },
    { label: vscode.l10n.t('Type a secret…'), detail: vscode.l10n.t('At least {0} characters', MIN_SECRET_LENGTH), value: 'type' as const },
  ];
  const choice = await ctx.prompts.pick(choices, { title, placeHolder: vscode.l10n.t('Shared secret: your handler checks the Livepeer-Signature with it') });
  if (!choice || choice.value === 'keep') return choice?.value;
  if (choice.value === 'generate') return generateSecret();
  return ctx.prompts.input({
    title,
    prompt: vscode.l10n.t('Shared secret'),
    password: true,
    validateInput: (value) => (value.length >= MIN_SECRET_LENGTH ? undefined : vscode.l10n.t('At least {0} characters', MIN_SECRET_LENGTH)),
  });
}

/** Offers Copy Secret once, after the webhook is saved with a new secret. */
export async function offerCopySecret(ctx: WebhookContext, webhook: Webhook, message: string): Promise<void> {
  if ((await ctx.prompts.message('info', message, {}, COPY_SECRET)) === COPY_SECRET) {
    await vscode.commands.executeCommand(COMMANDS.webhooks.copySecret, webhook.id);
  }
}

export async function createWebhook(ctx: WebhookContext): Promise<Webhook | undefined> {
  const name = await askName(ctx, TITLE_CREATE);
  if (!name) return undefined;
  const url = await askUrl(ctx, TITLE_CREATE);
  if (!url) return undefined;
  const events = await askEvents(ctx, TITLE_CREATE);
  if (!events) return undefined;
  const streamId = await askStreamScope(ctx, TITLE_CREATE);
  if (streamId === undefined) return undefined;
  const sharedSecret = await askSecret(ctx, TITLE_CREATE, false);
  if (!sharedSecret || sharedSecret === 'keep') return undefined;
  const input: WebhookInput = { name, url, events, sharedSecret, ...(streamId ? { streamId } : {}) };
  const webhook = await createWebhookFor(ctx.session.client(), input);
  tickWhenHeld('Webhook', 1);
  await ctx.view.addOrUpdate(webhook);
  void offerCopySecret(ctx, webhook, vscode.l10n.t('Livepeer: webhook {0} created for {1}.', nameOf(webhook), shownUrl(webhook.url)));
  return webhook;
}

const FIELDS = [
  { label: vscode.l10n.t('Name'), field: 'name' },
  { label: vscode.l10n.t('URL'), field: 'url' },
  { label: vscode.l10n.t('Events'), field: 'events' },
  { label: vscode.l10n.t('Stream scope'), field: 'streamId' },
  { label: vscode.l10n.t('Shared secret'), field: 'sharedSecret' },
] as const;

/** The change of one field, asked for; undefined when dismissed or unchanged. */
async function askChange(ctx: WebhookContext, webhook: Webhook, field: (typeof FIELDS)[number]['field']): Promise<WebhookUpdate | undefined> {
  switch (field) {
    case 'name': {
      const name = await askName(ctx, TITLE_EDIT, webhook.name);
      return name && name !== webhook.name ? { name } : undefined;
    }
    case 'url': {
      const url = await askUrl(ctx, TITLE_EDIT, webhook.url);
      return url && url !== webhook.url ? { url } : undefined;
    }
    case 'events': {
      const events = await askEvents(ctx, TITLE_EDIT, webhook.events);
      return events ? { events } : undefined;
    }
    case 'streamId': {
      const streamId = await askStreamScope(ctx, TITLE_EDIT, webhook.streamId);
      // The service has no way to clear a scope but an empty value, which it stores as none.
      return streamId === undefined || streamId === (webhook.streamId ?? null) ? undefined : { streamId: streamId ?? '' };
    }
    case 'sharedSecret': {
      const secret = await askSecret(ctx, TITLE_EDIT, true);
      return secret && secret !== 'keep' ? { sharedSecret: secret } : undefined;
    }
  }
}

export async function editWebhook(ctx: WebhookContext, arg: WebhookArgument): Promise<void> {
  const webhook = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook to edit'));
  if (!webhook) return;
  const picked = await ctx.prompts.pick(
    FIELDS.map(({ label, field }) => ({ label, field })),
    { title: vscode.l10n.t('Livepeer: Edit Webhook {0}', nameOf(webhook)), placeHolder: vscode.l10n.t('What to change') },
  );
  if (!picked) return;
  const change = await askChange(ctx, webhook, picked.field);
  if (!change) return;
  await updateWebhookFor(ctx.session.client(), webhook.id, change);
  if (change.sharedSecret) await ctx.secretChanges.record(webhook.id);
  await ctx.view.refreshWebhook(webhook.id);
  if (change.sharedSecret) void offerCopySecret(ctx, webhook, vscode.l10n.t('Livepeer: webhook {0} has a new shared secret: update your handler.', nameOf(webhook)));
}
