import * as vscode from 'vscode';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../api';
import { nameOf, resolveWebhook, type WebhookArgument, type WebhookContext } from './webhookPicker';

const TITLE = vscode.l10n.t('Livepeer: Verify Webhook Signature');
/** How old a signature may be, as a receiver should allow (the service retries for up to an hour with new timestamps). */
const VERIFY_TOLERANCE_SECONDS = 300;

/** The raw body, pasted or read from a file, byte for byte (a signature covers the exact bytes). */
async function askBody(ctx: WebhookContext): Promise<string | Uint8Array | undefined> {
  const source = await ctx.prompts.pick(
    [
      { label: vscode.l10n.t('Paste the raw body'), detail: vscode.l10n.t('The request body exactly as your handler received it'), value: 'paste' as const },
      { label: vscode.l10n.t('Choose a file with the raw body…'), detail: vscode.l10n.t('Its bytes are used as they are (no trailing newline is removed)'), value: 'file' as const },
    ],
    { title: TITLE, placeHolder: vscode.l10n.t('Where is the raw request body?') },
  );
  if (source?.value === 'paste') return ctx.prompts.input({ title: TITLE, prompt: vscode.l10n.t('Raw request body'), placeHolder: vscode.l10n.t('{"id":"…","webhookId":"…","timestamp":…}') });
  if (source?.value !== 'file') return undefined;
  const [file] = (await ctx.prompts.openDialog({ title: vscode.l10n.t('Livepeer: Verify Webhook Signature: raw body'), canSelectMany: false, openLabel: vscode.l10n.t('Use This Body') })) ?? [];
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
  const chosen = await resolveWebhook(ctx, arg, vscode.l10n.t('Select the webhook that sent the request'));
  if (!chosen) return undefined;
  const body = await askBody(ctx);
  if (body === undefined) return undefined;
  const header = await ctx.prompts.input({ title: TITLE, prompt: vscode.l10n.t('The {0} header of the request', SIGNATURE_HEADER), placeHolder: 't=1700000000000,v1=5f0c…' });
  if (header === undefined) return undefined;
  const webhook = await ctx.session.client().webhooks.get(chosen.id);
  if (!webhook.sharedSecret) {
    ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: webhook {0} has no shared secret, so its requests are not signed. Set one with Edit Webhook….', nameOf(webhook)));
    return 'no secret';
  }
  const check = verifyWebhookSignature(body, headerValue(header), webhook.sharedSecret, {
    toleranceSeconds: VERIFY_TOLERANCE_SECONDS,
    secretChangedAt: ctx.secretChanges.changedAt(webhook.id),
  });
  if (check.valid) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: valid signature: the request was signed by webhook {0} within the last {1} minutes.', nameOf(webhook), VERIFY_TOLERANCE_SECONDS / 60));
    return 'valid';
  }
  ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: invalid signature: {0}.', check.message));
  return check.reason;
}
