import type { Asset } from '../../api';
import { assetPlaybackUrl, deleteAsset as deleteAssetOperation } from '../../operations/assetChanges';
import { UNDO } from '../common/actions';
import type { Account } from '../account/account';
import { onProfileOf } from '../profiles/profileGuard';
import type { RestoreContext } from './assetRestore';
import type { AssetsView } from './assetsView';

// The calls Delete and Copy Playback URL make, for one row (assetCommands.ts) and for several (assetBulk.ts), and the Undo after a Delete.

/** A ready asset's HLS or MP4 URL. */
export function playbackUrlOf(session: Account, asset: Asset, kind: 'hls' | 'mp4'): Promise<string | undefined> {
  return assetPlaybackUrl(session.client(), asset, kind);
}

/** Deletes the asset and its row; one deleted meanwhile (elsewhere, or a second click) counts as done, as the person asked. */
export async function deleteAsset(session: Account, view: AssetsView, asset: Asset): Promise<void> {
  await deleteAssetOperation(session.client(), asset.id);
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

