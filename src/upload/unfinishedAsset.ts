import * as l10n from '@vscode/l10n';
import { StudioApiError, isAlreadyGone, messageOf } from '../api/core/errors';
import type { StudioClient } from '../api/studioClient';

/** Where the upload queue gets an account's API client (an upload keeps the account it started with). */
export interface ClientSource {
  /** The client of `account`, else the current one's. */
  client(account?: string): StudioClient;
}

/** What a stopped upload leaves in Studio: the asset request-upload created, without a video. */
export interface Leftover {
  assetId: string;
  name: string;
  /** The profile the upload was for: its account is asked to delete the asset. */
  account?: string;
}

export type UnfinishedAssetEnd = 'deleted' | 'kept (it has its video)' | 'already gone';

/**
 * Deletes an asset that is still waiting for its file. One that got its video after all (an
 * answer lost after the last byte) is kept: this never deletes a video.
 */
export async function deleteUnfinishedAsset(client: StudioClient, assetId: string, name: string): Promise<UnfinishedAssetEnd> {
  try {
    const asset = await client.assets.get(assetId);
    if (asset.status?.phase !== 'uploading') return 'kept (it has its video)';
    await client.assets.delete(assetId);
    return 'deleted';
  } catch (error) {
    if (isAlreadyGone(error)) return 'already gone';
    throw new StudioApiError(error instanceof StudioApiError ? error.kind : 'network', l10n.t('could not delete the unfinished asset of “{0}” ({1}): {2}', name, assetId, messageOf(error)), {}, { cause: error });
  }
}
