import * as vscode from 'vscode';
import type { PlaybackPolicy } from '../../api';
import { parseOrigins, policyEffects, policyProblem, policyToSend, setPlaybackAccess, type AccessEffect, type AccessType } from '../../operations/playbackAccess';
import { refusalSentence } from '../../tools/refusalWords';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { contentName, pickWebhook, policyWords, resolveContent, type AccessDeps, type Gated } from './accessContent';
import { testAccessWebhookCommand } from './webhookTestCommand';

// Loaded on first use (its own bundle): Playback Access… and Test Access Webhook….

/** What each choice means for a viewer, in one line. */
function meaning(type: AccessType): string {
  if (type === 'jwt') return vscode.l10n.t('Viewers need a token signed with one of your signing keys (?jwt= or the Livepeer-Jwt header).');
  if (type === 'webhook') return vscode.l10n.t('Viewers pass an access key; on every check Livepeer asks your webhook, and a 2xx answer lets them play.');
  return vscode.l10n.t('Anyone with the playback URL or an embed can play it.');
}

/** What a change breaks or opens, in one line each. */
function effectWords(effect: AccessEffect): string {
  switch (effect) {
    case 'needsToken':
      return vscode.l10n.t('Existing embeds and shared links stop playing until they pass a signed token.');
    case 'needsAccessKey':
      return vscode.l10n.t('Existing embeds and shared links stop playing until they pass an access key your webhook allows; if the webhook is down, nobody can play.');
    case 'opens':
      return vscode.l10n.t('Anyone with the playback URL can play it: tokens and access keys are no longer needed.');
    case 'tokensIgnored':
      return vscode.l10n.t('Signed tokens are no longer what opens it.');
    case 'keysIgnored':
      return vscode.l10n.t('Your access-control webhook is no longer asked.');
    case 'otherWebhook':
      return vscode.l10n.t('Another webhook or context decides: keys allowed until now may be refused.');
    case 'originsNarrowed':
      return vscode.l10n.t('Pages on origins not listed stop playing it (apps without an Origin header still play).');
    case 'originsOpened':
      return vscode.l10n.t('Pages on any origin may play it again.');
  }
}

async function askWebhookPolicy(deps: AccessDeps, content: Gated, title: string): Promise<PlaybackPolicy | undefined> {
  const current = content.policy?.type === 'webhook' ? content.policy : undefined;
  const webhook = await pickWebhook(deps, current?.webhookId, { title, placeHolder: vscode.l10n.t('Which webhook decides (its URL is your access-control handler)?') });
  if (!webhook) return undefined;
  const contextText = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('Context sent to the webhook on every check, as JSON (empty: none)'),
    value: current?.webhookContext ? JSON.stringify(current.webhookContext) : '',
    validateInput: (value) => (contextOf(value) === null ? vscode.l10n.t('A JSON object, e.g. {"plan": "pro"}') : undefined),
  });
  if (contextText === undefined) return undefined;
  const refresh = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('Seconds an allowed viewer plays before the webhook is asked again (empty: the service decides)'),
    value: current?.refreshInterval ? String(current.refreshInterval) : '',
    validateInput: (value) => (!value.trim() || /^[1-9]\d*$/.test(value.trim()) ? undefined : vscode.l10n.t('A whole number of seconds, 1 or more')),
  });
  if (refresh === undefined) return undefined;
  const webhookContext = contextOf(contextText) ?? undefined;
  return { type: 'webhook', webhookId: webhook.id, ...(webhookContext ? { webhookContext } : {}), ...(refresh.trim() ? { refreshInterval: Number(refresh.trim()) } : {}) };
}

/** The JSON object typed, undefined for none, null when it is not one. */
function contextOf(text: string): Record<string, unknown> | undefined | null {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Playback Access…: shows the policy, asks for the new one, says what it breaks, and changes it only when confirmed. */
export async function playbackAccessCommand(deps: AccessDeps, arg: unknown): Promise<void> {
  const content = await resolveContent(deps, arg, vscode.l10n.t('Select the stream or asset'));
  if (!content) return;
  const title = vscode.l10n.t('Livepeer: Playback Access of {0}', contentName(content));
  const from = content.policy?.type ?? 'public';
  const types: AccessType[] = ['public', 'jwt', 'webhook'];
  // An asset stays public or private for good (the service refuses the change): only what it can become is offered.
  const offered = types.filter((type) => !policyProblem({ ...content, policy: content.policy, phase: undefined }, { type, ...(type === 'webhook' ? { webhookId: '-' } : {}) }));
  const labels: Record<AccessType, string> = { public: vscode.l10n.t('Public'), jwt: vscode.l10n.t('Signed (JWT)'), webhook: vscode.l10n.t('Access-Control Webhook…') };
  const picked = await deps.prompts.pick(
    [
      ...offered.map((type) => ({ label: labels[type], description: type === from ? vscode.l10n.t('current') : undefined, detail: meaning(type), type })),
      { label: vscode.l10n.t('Allowed Origins Only…'), description: content.policy?.allowedOrigins?.join(', ') || vscode.l10n.t('any origin'), detail: vscode.l10n.t('Keep who may play it; change which web pages may embed it.'), type: undefined },
    ],
    { title, placeHolder: vscode.l10n.t('Now: {0}. Who may play it?', policyWords(content.policy)) },
  );
  if (!picked) return;
  const type = picked.type ?? from;
  let next: PlaybackPolicy | undefined = { ...(content.policy ?? {}), type };
  if (picked.type === 'webhook') next = await askWebhookPolicy(deps, content, title);
  if (!next) return;
  const originsText = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('Origins whose pages may play it, comma-separated (https://app.example.com); empty or *: any'),
    value: content.policy?.allowedOrigins?.join(', ') ?? '',
    validateInput: (value) => {
      const parsed = parseOrigins(value);
      return 'problem' in parsed ? refusalSentence(parsed.problem) : undefined;
    },
  });
  if (originsText === undefined) return;
  const parsed = parseOrigins(originsText);
  if ('problem' in parsed) return;
  next = { ...next, allowedOrigins: parsed.origins };
  const effects = policyEffects(content.policy, next);
  if (JSON.stringify(policyToSend(next)) === JSON.stringify(policyToSend(content.policy ?? { type: 'public' }))) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: {0} keeps its playback access ({1}).', contentName(content), policyWords(content.policy)));
    return;
  }
  const detail = [meaning(next.type), ...effects.map(effectWords)].join('\n');
  const change = { title: vscode.l10n.t('Change Access') };
  const answer = await deps.prompts.confirm(vscode.l10n.t('Make {0} {1}?', contentName(content), policyWords(next)), { detail }, change);
  if (answer !== change) return;
  await setPlaybackAccess(deps.session.client(), content, next);
  if (content.kind === 'stream') await deps.streams.refresh();
  else deps.assets.refresh();
  vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: {0} is now {1}', contentName(content), policyWords(next)), 4000);
}

export function registerAccessCommands(deps: AccessDeps): vscode.Disposable[] {
  return [
    registerCommand(COMMANDS.access.playbackAccess, (arg?: unknown) => playbackAccessCommand(deps, arg), { prompts: deps.prompts, failed: (reason) => vscode.l10n.t('Livepeer: changing playback access: {0}', reason) }),
    registerCommand(COMMANDS.access.testWebhook, (arg?: unknown) => testAccessWebhookCommand(deps, arg), { prompts: deps.prompts, failed: (reason) => vscode.l10n.t('Livepeer: testing the access webhook: {0}', reason) }),
  ];
}
