import * as vscode from 'vscode';
import { bounded, withoutKnownSecrets } from '../../api';
import { accessWebhookRequest, checkAccessWebhook, type AccessVerdict } from '../../api/access/webhookCheck';
import { contentName, pickWebhook, resolveContent, type AccessDeps } from './accessContent';

const ANSWER_CHARS = 300;

/** The verdict in words: what the gate would answer the viewer, and why. */
function verdictWords(verdict: AccessVerdict): string {
  if (verdict.allowed) return vscode.l10n.t('allowed: the handler answered {0}, so the gate lets the viewer play.', verdict.status);
  if (verdict.failure === 'redirect') return vscode.l10n.t('denied: the handler redirects without a Location or more than 5 times, so the gate answers 502 and nobody plays.');
  if (verdict.gateStatus === 502) return vscode.l10n.t('denied: the handler did not answer, so the gate answers 502 and nobody plays.');
  if (verdict.status !== undefined && verdict.status >= 200 && verdict.status < 300) return vscode.l10n.t('denied: the handler answered {0} but its "ret" refuses, so the gate answers 403.', verdict.status);
  return vscode.l10n.t('denied: the handler answered {0} (not 2xx), so the gate answers 403.', verdict.status ?? 0);
}

/**
 * Test Access Webhook…: sends the gate's request for an access key (body, headers, signature) from
 * this machine to the handler's URL, localhost included, and says whether playback would be allowed.
 */
export async function testAccessWebhookCommand(deps: AccessDeps, arg: unknown): Promise<AccessVerdict | undefined> {
  const content = await resolveContent(deps, arg, vscode.l10n.t('Select the stream or asset whose access to test'));
  if (!content) return undefined;
  const policy = content.policy?.type === 'webhook' ? content.policy : undefined;
  const title = vscode.l10n.t('Livepeer: Test Access Webhook for {0}', contentName(content));
  const placeHolder = vscode.l10n.t('{0} is not webhook-gated: which webhook should answer?', contentName(content));
  const chosen = policy?.webhookId ? { id: policy.webhookId } : await pickWebhook(deps, undefined, { title, placeHolder });
  if (!chosen) return undefined;
  // Re-read: the URL and secret as they are now (the gate calls even a deleted webhook, which cannot be read here).
  const webhook = await deps.session.client().webhooks.get(chosen.id);
  const accessKey = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('The access key a viewer\'s player would pass'),
    password: true,
    validateInput: (value) => (value ? undefined : vscode.l10n.t('Type an access key')),
  });
  if (!accessKey) return undefined;
  const request = accessWebhookRequest({ accessKey, context: policy?.webhookContext, webhookPayload: { headers: {} }, streamName: content.streamName }, webhook.sharedSecret);
  const verdict = await deps.prompts.progress(vscode.l10n.t('Livepeer: asking the access webhook…'), () => checkAccessWebhook(webhook.url, request));
  const answer = verdict.answer ? withoutKnownSecrets(bounded(verdict.answer.body, ANSWER_CHARS).split(accessKey).join('…')) : '';
  const detail = answer ? vscode.l10n.t('Its answer: {0}', answer) : undefined;
  const message = vscode.l10n.t('Livepeer: access to {0} {1}', contentName(content), verdictWords(verdict));
  deps.prompts.notify(verdict.allowed ? 'info' : 'warning', message, { detail });
  return verdict;
}
