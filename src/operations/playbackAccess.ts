import type { PlaybackPolicy, StudioClient } from '../api';
import { Refused, type PolicyProblem } from './refusal';

// Playback Access…: who may play a stream or an asset. The service stores any policy it can parse
// (origins unchecked, a webhook policy without a webhook answers 500): the rules are checked here,
// before anything is sent, and each change is named by what it breaks.

export type AccessType = PlaybackPolicy['type'];

/** The content whose policy changes, as listed. */
export interface AccessContent {
  kind: 'stream' | 'asset';
  id: string;
  policy?: PlaybackPolicy | null;
  /** An asset's phase: the service changes the policy of a ready asset only. */
  phase?: string;
}

/** What changes for viewers and embeds, for the UI to say in words. */
export type AccessEffect =
  /** Players that play it today without a token stop: each needs a signed JWT. */
  | 'needsToken'
  /** Players without an access key stop; each check calls the webhook. */
  | 'needsAccessKey'
  /** Anyone with the playback URL can play it, embeds anywhere included. */
  | 'opens'
  /** Tokens signed for it stop being needed or asked for (their embeds keep playing). */
  | 'tokensIgnored'
  /** Access keys stop being checked by the old webhook. */
  | 'keysIgnored'
  /** Another webhook (or context) decides: keys the old one allowed may be refused. */
  | 'otherWebhook'
  /** Pages on origins not listed stop playing it. */
  | 'originsNarrowed'
  /** Pages on any origin may play it again. */
  | 'originsOpened';


/**
 * The origin as the gate compares it (exact, case-sensitive, one trailing "/" removed): the parsed
 * origin of `entry`, '*', or undefined when it is not one (a path, a query, no scheme).
 */
export function originOf(entry: string): string | undefined {
  const text = entry.trim();
  if (text === '*') return '*';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  if (text.replace(/\/$/, '').length > url.origin.length) return undefined;
  return url.origin;
}

/** Comma- or space-separated origins, each checked; empty text: no restriction. */
export function parseOrigins(text: string): { origins: string[] } | { problem: PolicyProblem } {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const origins: string[] = [];
  for (const entry of entries) {
    const origin = originOf(entry);
    if (!origin) return { problem: { code: 'policy-origin', entry } };
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins: origins.includes('*') ? ['*'] : origins };
}

/** Why the service would refuse (or break on) `next`; undefined when it may be sent. */
export function policyProblem(content: AccessContent, next: PlaybackPolicy): PolicyProblem | undefined {
  if (content.kind === 'asset' && content.phase !== undefined && content.phase !== 'ready') return { code: 'policy-not-ready' };
  const wasPublic = (content.policy?.type ?? 'public') === 'public';
  if (content.kind === 'asset' && wasPublic !== (next.type === 'public')) return { code: wasPublic ? 'policy-public-to-gated' : 'policy-gated-to-public' };
  if (next.type === 'webhook' && !next.webhookId) return { code: 'policy-no-webhook' };
  if (next.refreshInterval !== undefined && (!Number.isInteger(next.refreshInterval) || next.refreshInterval < 1)) return { code: 'policy-refresh-interval' };
  if (next.webhookContext !== undefined && (typeof next.webhookContext !== 'object' || next.webhookContext === null || Array.isArray(next.webhookContext))) {
    return { code: 'policy-context' };
  }
  const bad = (next.allowedOrigins ?? []).find((entry) => originOf(entry) !== entry);
  if (bad !== undefined) return { code: 'policy-origin', entry: bad };
  return undefined;
}

const restricted = (origins: string[] | undefined): boolean => !!origins?.length && !origins.includes('*');

/** What breaks or opens when `current` becomes `next`, most serious first. */
export function policyEffects(current: PlaybackPolicy | null | undefined, next: PlaybackPolicy): AccessEffect[] {
  const from = current?.type ?? 'public';
  const effects: AccessEffect[] = [];
  if (next.type !== from) {
    if (next.type === 'jwt') effects.push('needsToken');
    if (next.type === 'webhook') effects.push('needsAccessKey');
    if (next.type === 'public') effects.push('opens');
    if (from === 'jwt') effects.push('tokensIgnored');
    if (from === 'webhook') effects.push('keysIgnored');
  } else if (next.type === 'webhook' && (next.webhookId !== current?.webhookId || JSON.stringify(next.webhookContext ?? null) !== JSON.stringify(current?.webhookContext ?? null))) {
    effects.push('otherWebhook');
  }
  const before = current?.allowedOrigins;
  const after = next.allowedOrigins;
  if (restricted(after) && (!restricted(before) || before!.some((origin) => !after!.includes(origin)))) effects.push('originsNarrowed');
  if (restricted(before) && !restricted(after)) effects.push('originsOpened');
  return effects;
}

/** The policy as it is sent: only the fields its type uses, no empty ones. */
export function policyToSend(next: PlaybackPolicy): PlaybackPolicy {
  const webhook = next.type === 'webhook';
  return {
    type: next.type,
    ...(webhook && next.webhookId ? { webhookId: next.webhookId } : {}),
    ...(webhook && next.webhookContext ? { webhookContext: next.webhookContext } : {}),
    ...(webhook && next.refreshInterval ? { refreshInterval: next.refreshInterval } : {}),
    ...(next.allowedOrigins?.length ? { allowedOrigins: next.allowedOrigins } : {}),
  };
}

/** Sets the policy after the rules above; answers the policy as sent. */
export async function setPlaybackAccess(client: Pick<StudioClient, 'access'>, content: AccessContent, next: PlaybackPolicy): Promise<PlaybackPolicy> {
  const policy = policyToSend(next);
  const problem = policyProblem(content, policy);
  if (problem) throw new Refused(problem);
  await client.access.setPolicy({ kind: content.kind, id: content.id }, policy);
  return policy;
}
