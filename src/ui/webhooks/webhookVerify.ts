import * as vscode from 'vscode';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../api';
import { nameOf, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';

const TITLE = 'Livepeer: Verify Webhook Signature';
/** How old a signature may be, as a receiver should allow (the service retries for up to an hour with new timestamps). */
const VERIFY_TOLERANCE_SECONDS = 300;

/** The raw body, pasted or read from a file, byte for byte (a signature covers the exact bytes). */
async function askBody(ctx: WebhookContext): Promise<string | Uint8Array | undefined> {
  const source = await ctx.prompts.pick(
    [
      { label: 'Paste the raw body', detail: 'The request body exactly as your handler received it', value: 'paste' as const },
      { label: 'Choose a file with the raw body…', detail: 'Its bytes are used as they are (no trailing newline is removed)', value: 'file' as const },
    ],
    { title: TITLE, placeHolder: 'Where is the raw request body?' },
  );
  if (source?.value === 'paste') return ctx.prompts.input({ title: TITLE, prompt: 'Raw request body', placeHolder: '{"id":"…","webhookId":"…","timestamp":…}' });
  if (source?.value !== 'file') return undefined;
  const [file] = (await ctx.prompts.openDialog({ title: `${TITLE}: raw body`, canSelectMany: false, openLabel: 'Use This Body' })) ?? [];
  return file ? vscode.workspace.fs.readFile(file) : undefined;
}

/** The header value, with or without its name in front. */
function headerValue(text: string): string {
  return text.replace(new RegExp(`^\\s*${SIGNATURE_HEADER}\\s*:`, 'i'), '').trim();
}

/**
 * Checks a request a handler got against the webhook's secret, read from the service for this check
 * and kept in memory only. Says valid, or why not; resolves the outcome for callers (tests).
 */
export async function verifySignature(ctx: WebhookContext, arg: WebhookArgument): Promise<string | undefined> {
  const chosen = await resolveWebhook(ctx, arg, 'Select the webhook that sent the request');
  if (!chosen) return undefined;
  const body = await askBody(ctx);
  if (body === undefined) return undefined;
  const header = await ctx.prompts.input({ title: TITLE, prompt: `The ${SIGNATURE_HEADER} header of the request`, placeHolder: 't=1700000000000,v1=5f0c…' });
  if (header === undefined) return undefined;
  const webhook = await ctx.session.client().webhooks.get(chosen.id);
  if (!webhook.sharedSecret) {
    void ctx.prompts.message('warning', `Livepeer: webhook ${nameOf(webhook)} has no shared secret, so its requests are not signed. Set one with Edit Webhook….`, {});
    return 'no secret';
  }
  const check = verifyWebhookSignature(body, headerValue(header), webhook.sharedSecret, {
    toleranceSeconds: VERIFY_TOLERANCE_SECONDS,
    secretChangedAt: ctx.secretChanges.changedAt(webhook.id),
  });
  if (check.valid) {
    void ctx.prompts.message('info', `Livepeer: valid signature: the request was signed by webhook ${nameOf(webhook)} within the last ${VERIFY_TOLERANCE_SECONDS / 60} minutes.`, {});
    return 'valid';
  }
  void ctx.prompts.message('warning', `Livepeer: invalid signature: ${check.message}.`, {});
  return check.reason;
}
