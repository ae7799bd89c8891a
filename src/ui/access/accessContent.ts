import * as vscode from 'vscode';
import type { PlaybackPolicy, Webhook } from '../../api';
import type { AccessContent } from '../../operations/playbackAccess';
import type { Account } from '../account/account';
import { quoted, shownName } from '../common/format';
import type { AssetsOffer, StreamsOffer } from '../common/feature';
import type { Prompts } from '../common/prompts';

export interface AccessDeps {
  session: Account;
  prompts: Prompts;
  /** The Streams and Assets features' offers: the content a row stands for, and their refresh after a change. */
  streams: StreamsOffer;
  assets: AssetsOffer;
}

/** A stream or an asset as Playback Access… acts on it: re-read, so the policy shown is the service's. */
export type Gated = AccessContent & { name: string; playbackId?: string; streamName?: string };

/** The content a row stands for, or one picked among the account's streams and newest ready assets. */
export async function resolveContent(deps: AccessDeps, arg: unknown, placeHolder: string): Promise<Gated | undefined> {
  const client = deps.session.client();
  const stream = deps.streams.streamOf(arg);
  if (stream) return streamContent(await client.streams.get((await deps.session.own(stream)).id));
  const asset = deps.assets.assetOf(arg);
  if (asset) return assetContent(await client.assets.get((await deps.session.own(asset)).id));
  const [streams, assets] = await Promise.all([client.streams.list({ streamsOnly: true }), client.assets.listPage({ phase: 'ready' }, undefined, 100)]);
  // Items carry ids only: a listed stream holds its stream key, which no prompt may carry.
  const items = [
    ...streams.map((s) => ({ label: `$(broadcast) ${shownName(s)}`, description: policyWords(s.playbackPolicy), detail: s.id, what: 'stream' as const })),
    ...assets.items.map((a) => ({ label: `$(file-media) ${shownName(a)}`, description: policyWords(a.playbackPolicy), detail: a.id, what: 'asset' as const })),
  ];
  const picked = await deps.prompts.pick(items, { placeHolder, matchOnDescription: true });
  if (!picked) return undefined;
  return picked.what === 'stream' ? streamContent(await client.streams.get(picked.detail)) : assetContent(await client.assets.get(picked.detail));
}

function streamContent(stream: { id: string; name?: string; playbackId?: string; playbackPolicy?: PlaybackPolicy | null }): Gated {
  return { kind: 'stream', id: stream.id, name: shownName(stream), streamName: stream.name, playbackId: stream.playbackId, policy: stream.playbackPolicy ?? null };
}

function assetContent(asset: { id: string; name?: string; playbackId?: string; playbackPolicy?: PlaybackPolicy | null; status?: { phase: string } }): Gated {
  return { kind: 'asset', id: asset.id, name: shownName(asset), streamName: asset.name, playbackId: asset.playbackId, policy: asset.playbackPolicy ?? null, phase: asset.status?.phase };
}

/** The policy in a few words, as rows and pickers say it. */
export function policyWords(policy: PlaybackPolicy | null | undefined): string {
  const origins = policy?.allowedOrigins?.length ? vscode.l10n.t(' · origins: {0}', policy.allowedOrigins.join(', ')) : '';
  if (policy?.type === 'jwt') return vscode.l10n.t('signed (JWT){0}', origins);
  if (policy?.type === 'webhook') return vscode.l10n.t('access-control webhook{0}', origins);
  return vscode.l10n.t('public{0}', origins);
}

export const contentName = (content: Gated): string => quoted(content.name);

/** One of the account's webhooks: the content's own when `preferred` is among them. Items carry ids only (a webhook holds its secret). */
export async function pickWebhook(deps: AccessDeps, preferred: string | undefined, words: { title: string; placeHolder: string }): Promise<Webhook | undefined> {
  const webhooks = await deps.session.client().webhooks.list();
  if (!webhooks.length) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: no webhooks yet. Create one with Create Webhook… (its URL is your access-control handler).'));
    return undefined;
  }
  const ordered = [...webhooks.filter((w) => w.id === preferred), ...webhooks.filter((w) => w.id !== preferred)];
  const picked = await deps.prompts.pick(
    ordered.map((w) => ({ label: shownName(w), description: w.id === preferred ? vscode.l10n.t('current · {0}', hostOf(w.url)) : hostOf(w.url), detail: w.id })),
    { ...words, matchOnDetail: true },
  );
  return webhooks.find((w) => w.id === picked?.detail);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
