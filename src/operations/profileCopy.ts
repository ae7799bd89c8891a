import { randomBytes } from 'node:crypto';
import { isLoopbackHost, type Asset, type ImportAnswer, type PlaybackPolicy, type SigningKey, type Stream, type StudioClient, type Webhook, type WebhookEventName } from '../api';
import { withPlaybackJwt } from '../api/playback/playerSource';
import { signPlaybackToken } from '../api/playback/token';
import { withoutStreamKey, type StreamWithoutKey } from './createStream';
import { importUrlProblem, normalImportUrl } from './importFromUrl';
import { Refused, type Refusal } from './refusal';
import { createWebhook } from './webhookChanges';

// Copy to Profile: an asset, stream or webhook of the current profile's project made again in
// another profile's. Each side is called with its own profile's client only: the target's service
// fetches the source's download address itself (signed with a playback token when the source is
// gated, never with an API token).

/** What can be copied, as a row of the source's views gives it. */
export type CopyItem = { kind: 'asset'; asset: Asset } | { kind: 'stream'; stream: Stream } | { kind: 'webhook'; webhook: Webhook };

/** What a copy of one item would do in the target: make it, find it there already, or refuse (why). */
export type CopyStep =
  | { action: 'create'; signed?: boolean; multistreamTargets?: number }
  | { action: 'exists'; id: string }
  | { action: 'refused'; refusal: Refusal };

/** How long the playback token in a signed download address holds: the target's service fetches it within this. */
const SIGNED_DOWNLOAD_SECONDS = 2 * 3600;

/** The asset's download address without its query: what a copy's `source.url` starts with, so a copy is found again by it. */
export function downloadAddress(asset: Pick<Asset, 'downloadUrl'>): string | undefined {
  if (!asset.downloadUrl) return undefined;
  const url = new URL(asset.downloadUrl);
  url.search = '';
  return url.href;
}

/** The copy of `asset` among `assets` of the target (one not failed, imported from its download address), if any. */
export function copyOf(asset: Asset, assets: readonly Asset[]): Asset | undefined {
  const address = downloadAddress(asset);
  if (!address) return undefined;
  return assets.find((candidate) => {
    const url = candidate.source?.type === 'url' ? candidate.source.url : undefined;
    return url !== undefined && candidate.status?.phase !== 'failed' && URL.canParse(url) && downloadAddress({ downloadUrl: url }) === address;
  });
}

/** The policy a copy keeps: public or signed with its origins; a webhook policy names a webhook of the source's project and cannot. */
function keptPolicy(policy: PlaybackPolicy | null | undefined): PlaybackPolicy | undefined {
  if (!policy || policy.type === 'public') return policy?.allowedOrigins?.length ? policy : undefined;
  const { webhookId: _id, webhookContext: _context, ...kept } = policy;
  return kept;
}

/** Why `asset` cannot be copied, or undefined. `canSign`: a private key of this project is kept here. */
export function assetCopyRefusal(asset: Asset, canSign: boolean): Refusal | undefined {
  if (asset.playbackPolicy?.type === 'webhook') return { code: 'copy-webhook-gated' };
  if (asset.status?.phase !== 'ready' || !asset.downloadUrl) return { code: 'copy-not-ready' };
  if (asset.playbackPolicy?.type === 'jwt' && !canSign) return { code: 'copy-no-kept-key' };
  return undefined;
}

function streamCopyRefusal(stream: Stream): Refusal | undefined {
  return stream.playbackPolicy?.type === 'webhook' ? { code: 'copy-webhook-gated' } : undefined;
}

/** Signs playback tokens with the first enabled key of the source whose private key is kept here; undefined when none is. */
export async function keptKeySigner(source: Pick<StudioClient, 'keys'>, keptKey: (key: SigningKey) => Promise<string | undefined>): Promise<((playbackId: string) => string) | undefined> {
  for (const key of (await source.keys.list()).filter((candidate) => !candidate.disabled)) {
    const privateKey = await keptKey(key);
    if (privateKey) return (playbackId) => signPlaybackToken({ playbackId, privateKey, publicKey: key.publicKey, expiresInSeconds: SIGNED_DOWNLOAD_SECONDS });
  }
  return undefined;
}

/** What the target holds that a copy compares with: only the lists the items need. */
async function targetLists(target: Pick<StudioClient, 'assets' | 'streams' | 'webhooks'>, items: readonly CopyItem[]) {
  const needs = (kind: CopyItem['kind']) => items.some((item) => item.kind === kind);
  const [assets, streams, webhooks] = await Promise.all([
    needs('asset') ? target.assets.list({}) : [],
    needs('stream') ? target.streams.list({ streamsOnly: true }) : [],
    needs('webhook') ? target.webhooks.list() : [],
  ]);
  return { assets, streams, webhooks };
}

/**
 * What copying `items` into the target would do, item by item, in their order (reads only): an
 * asset exists there when a copy of it was imported before; a stream when one has its name; a
 * webhook when one has its URL.
 */
export async function planCopy(target: Pick<StudioClient, 'assets' | 'streams' | 'webhooks'>, items: readonly CopyItem[], canSign: boolean): Promise<CopyStep[]> {
  const held = await targetLists(target, items);
  return items.map((item): CopyStep => {
    if (item.kind === 'asset') {
      const copy = copyOf(item.asset, held.assets);
      if (copy) return { action: 'exists', id: copy.id };
      const refusal = assetCopyRefusal(item.asset, canSign);
      return refusal ? { action: 'refused', refusal } : { action: 'create', signed: item.asset.playbackPolicy?.type === 'jwt' };
    }
    if (item.kind === 'stream') {
      const same = held.streams.find((stream) => stream.name === item.stream.name);
      if (same) return { action: 'exists', id: same.id };
      const refusal = streamCopyRefusal(item.stream);
      return refusal ? { action: 'refused', refusal } : { action: 'create', multistreamTargets: item.stream.multistream?.targets?.length ?? 0 };
    }
    const same = held.webhooks.find((webhook) => webhook.url === item.webhook.url);
    return same ? { action: 'exists', id: same.id } : { action: 'create' };
  });
}

/**
 * Imports `asset` into the target from its download address (signed with `sign` when it is gated),
 * under its name and with its playback policy. Answers the new asset at once; the target's service
 * fetches and processes it meanwhile.
 */
export async function copyAsset(target: Pick<StudioClient, 'assets' | 'http'>, asset: Asset, sign: ((playbackId: string) => string) | undefined): Promise<ImportAnswer> {
  const refusal = assetCopyRefusal(asset, !!sign);
  if (refusal) throw new Refused(refusal);
  const address = asset.downloadUrl ?? '';
  const url = asset.playbackPolicy?.type === 'jwt' && sign && asset.playbackId ? withPlaybackJwt(address, sign(asset.playbackId)) : address;
  const problem = importUrlProblem(url, isLoopbackHost(new URL(target.http.baseUrl).hostname));
  if (problem) throw new Refused(problem);
  const playbackPolicy = keptPolicy(asset.playbackPolicy);
  return target.assets.importFromUrl({ name: asset.name ?? asset.id, url: normalImportUrl(url), ...(playbackPolicy ? { playbackPolicy } : {}) });
}

/**
 * Creates a stream in the target with the settings of `stream` (name, renditions, recording and its
 * renditions, playback policy). Its multistream targets are not copied: their URLs hold stream keys
 * the service never gives back. Answers the new stream without its key.
 */
export async function copyStream(target: Pick<StudioClient, 'streams'>, stream: Stream): Promise<StreamWithoutKey> {
  const refusal = streamCopyRefusal(stream);
  if (refusal) throw new Refused(refusal);
  const playbackPolicy = keptPolicy(stream.playbackPolicy);
  const created = await target.streams.create({
    name: stream.name ?? stream.id,
    record: !!stream.record,
    ...(playbackPolicy ? { playbackPolicy } : {}),
    ...(stream.profiles ? { profiles: stream.profiles } : {}),
    ...(stream.record && stream.recordingSpec?.profiles ? { recordingSpec: { profiles: stream.recordingSpec.profiles } } : {}),
  });
  return withoutStreamKey(created);
}

/** The names of the multistream targets `stream` pushes to (read from the source), for the summary. */
export async function multistreamTargetNames(source: Pick<StudioClient, 'multistream'>, stream: Stream): Promise<string[]> {
  const refs = stream.multistream?.targets ?? [];
  return Promise.all(refs.map((ref) => source.multistream.get(ref.id).then((found) => found.name || ref.id, () => ref.id)));
}

/**
 * Creates a webhook in the target with the URL, name and events of `webhook`, and a new shared
 * secret (the source's is not carried over: each project signs with its own). The caller offers the
 * secret to copy and shows it nowhere else.
 */
export async function copyWebhook(target: Pick<StudioClient, 'webhooks'>, webhook: Webhook): Promise<{ webhook: Webhook; sharedSecret: string }> {
  const sharedSecret = randomBytes(32).toString('hex');
  // The events are the service's own names (it listed them), so the other project takes them.
  const created = await createWebhook(target, { name: webhook.name ?? webhook.id, url: webhook.url, events: webhook.events as WebhookEventName[], sharedSecret });
  return { webhook: created, sharedSecret };
}
