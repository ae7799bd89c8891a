import { StudioApiError, type Asset } from '../../api';
import { UNDO } from '../common/actions';
import type { Account } from '../account/account';
import { onProfileOf } from '../profiles/profileGuard';
import type { RestoreContext } from './assetRestore';
import type { AssetsView } from './assetsView';

// The calls Delete and Copy Playback URL make, for one row (assetCommands.ts) and for several (assetBulk.ts), and the Undo after a Delete.

/** A ready asset's HLS URL (from GET /playback/{playbackId}) or MP4 URL (its downloadUrl, else the playback sources). */
export async function playbackUrlOf(session: Account, asset: Asset, kind: 'hls' | 'mp4'): Promise<string | undefined> {
  if (kind === 'mp4' && asset.downloadUrl) return asset.downloadUrl;
  const sources = (await session.client().playback.get(asset.playbackId ?? '')).meta.source;
  return sources.find((source) => (kind === 'hls' ? source.hrn.startsWith('HLS') : source.hrn === 'MP4'))?.url;
}

/** Deletes the asset and its row; one deleted meanwhile (elsewhere, or a second click) counts as done, as the person asked. */
export async function deleteAsset(session: Account, view: AssetsView, asset: Asset): Promise<void> {
  try {
    await session.client().assets.delete(asset.id);
  } catch (error) {
    if (!(error instanceof StudioApiError && error.messages.includes('asset is already deleted'))) throw error;
  }
  view.remove(asset.id, asset);
}

/**
 * The notice after a Delete, with Undo while something was deleted: Undo restores those assets on
 * the profile that deleted them (loading the restore on its first use) and says what they hold.
 */
export function saidWithUndo(ctx: RestoreContext, severity: 'info' | 'warning', message: string, deleted: readonly Asset[]): void {
  const profileId = ctx.session.profile?.id;
  void ctx.prompts.message(severity, message, {}, ...(deleted.length ? [UNDO] : [])).then(async (choice) => {
    if (choice !== UNDO) return;
    await onProfileOf(ctx.session, ctx.prompts, profileId, async () => (await import('./assetRestore.js')).restoreDeleted(ctx, deleted));
  });
}

