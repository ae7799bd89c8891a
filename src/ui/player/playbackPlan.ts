import { StudioApiError, choosePlayerSource, messageOf, probePlayback, withPlaybackJwt, type PlaybackInfo, type StudioClient } from '../../api';
import { keptSigner } from '../keys/keptSigner';
import type { PrivateKeys } from '../keys/privateKeys';
import type { PlayerLoad } from './playerMessages';
import type { ClipSource } from '../common/feature';
import { quoted } from '../common/format';
import * as l10n from '@vscode/l10n';

/** What Play acts on: a playback id, with a name to say and what kind of content it is, when known. */
export interface PlayTarget {
  playbackId: string;
  name?: string;
  /** A stream (its live session) or one of its recorded sessions: what Clip… in the player cuts from. */
  clipOf?: ClipSource;
}

/**
 * A playback token the player gets lives this long: long enough to start and play a while (the
 * panel signs a fresh one before it runs out), short enough that a token leaked from the webview is
 * soon worthless.
 */
export const PLAYER_TOKEN_SECONDS = 10 * 60;

export type PlaybackPlan =
  | {
      kind: 'play';
      source: PlayerLoad;
      /** Origins of the source played (and its MP4 fallback): the only places the webview may load media from. */
      origins: string[];
      /** Signs a fresh token for the same content (signed content only). */
      resign?: () => string;
    }
  /** Not playable yet; the panel asks again by itself (processing asset, offline stream). */
  | { kind: 'wait'; text: string }
  /** Not playable; `noKey` when signed content has no kept private key to sign with. */
  | { kind: 'stop'; text: string; noKey?: boolean };

export interface PlanDeps {
  client: StudioClient;
  privateKeys: PrivateKeys;
  /** The access key for webhook-gated content (from the setting, or typed); undefined when none is given. */
  accessKey?: (target: PlayTarget) => Promise<string | undefined>;
}

/** The origins of the addresses the player loads: not of every source listed (an answer may list thousands). */
function originsOf(source: PlayerLoad): string[] {
  return [...new Set([source.url, source.fallbackMp4].flatMap((url) => (url ? [new URL(url).origin] : [])))];
}

/**
 * Decides what the player does for a playback id, asking the service (GET /playback) and the
 * playback edge itself (so a refusal is said in the edge's words), and says in words why it cannot play.
 */
export async function planPlayback(deps: PlanDeps, target: PlayTarget): Promise<PlaybackPlan> {
  const what = target.name ? `${quoted(target.name)}` : target.playbackId;
  const offline: PlaybackPlan = { kind: 'wait', text: l10n.t('{0} is offline: the player starts when it goes live.', what) };
  let info: PlaybackInfo;
  try {
    info = await deps.client.playback.get(target.playbackId);
  } catch (error) {
    if (error instanceof StudioApiError && error.status === 422) return { kind: 'wait', text: l10n.t('{0} is still processing: it plays here once it is ready.', what) };
    if (error instanceof StudioApiError && error.status === 404) {
      return { kind: 'stop', text: l10n.t('{0} was not found: no asset or stream of this project has playback id {1} (deleted, or of another project).', what, target.playbackId) };
    }
    return { kind: 'stop', text: l10n.t('Cannot ask the service how to play {0}: {1}', what, messageOf(error)) };
  }
  const chosen = choosePlayerSource(info);
  if (!chosen) return { kind: 'stop', text: l10n.t('The service offers no HLS or MP4 address for {0}.', what) };
  if (chosen.live && info.meta.live === 0) return offline;
  let resign: (() => string) | undefined;
  if (chosen.signed) {
    resign = await keptSigner(deps, target.playbackId, PLAYER_TOKEN_SECONDS);
    if (!resign) {
      return {
        kind: 'stop',
        noKey: true,
        text: l10n.t('{0} has signed playback, and no private key of an enabled signing key is kept in VS Code to sign a token for it.', what),
      };
    }
  }
  const accessKey = chosen.keyed ? await deps.accessKey?.(target) : undefined;
  if (chosen.keyed && !accessKey) {
    return { kind: 'stop', text: l10n.t('{0} is gated by an access-control webhook: it plays with an access key (typed, or in the livepeer.player.accessKeys setting).', what) };
  }
  const token = resign?.();
  const signedUrl = (url: string) => (token ? withPlaybackJwt(url, token) : accessKey ? withPlaybackJwt(url, accessKey, 'accessKey') : url);
  const source: PlayerLoad = {
    kind: chosen.kind,
    url: signedUrl(chosen.url),
    live: chosen.live,
    title: target.name ?? target.playbackId,
    ...(chosen.fallbackMp4 ? { fallbackMp4: signedUrl(chosen.fallbackMp4) } : {}),
  };
  if (chosen.kind === 'hls') {
    const edge = await probePlayback(source.url).catch((error: unknown) => ({ status: 0, reason: messageOf(error) }));
    if (edge.status === 404 && chosen.live) return offline;
    const reason = edge.reason ?? `HTTP ${edge.status}`;
    if (edge.status === 401 || edge.status === 403) return { kind: 'stop', text: l10n.t('The playback edge refused {0}: {1}', what, reason) };
    if (edge.status === 404) return { kind: 'stop', text: l10n.t('{0} was not found at the playback edge ({1}).', what, reason) };
    if (edge.status !== 200) return { kind: 'stop', text: l10n.t('The playback edge did not serve {0}: {1}', what, reason) };
  }
  return { kind: 'play', source, origins: originsOf(source), ...(resign ? { resign } : {}) };
}
