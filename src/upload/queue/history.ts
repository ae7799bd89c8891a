import { isSettled } from '../../api/assets/phase';
import type { AssetWatcher, Subscription } from '../../api/assets/watcher';
import type { Asset } from '../../api/assets/types';
import { Emitter } from '../emitter';
import { FinishedUploads, type FinishedUpload } from '../store/finished';
import type { Logger } from '../logger';
import { deleteUnfinishedAsset, type ClientSource, type Leftover, type UnfinishedAssetEnd } from '../unfinishedAsset';
import type { KeyValueStore } from '../store/keyValueStore';

/** Processing a long video takes a while; past this a finished row keeps its asset's last known phase. */
const FOLLOW_ASSET_MS = 2 * 3600_000;

export interface UploadHistoryOptions {
  session: ClientSource;
  storage: KeyValueStore;
  log: Logger;
  /** Follows the asset of a finished upload until it is ready or failed. */
  watcher: AssetWatcher;
}

/**
 * The finished uploads of the last days (stored, so the next window lists them too), their assets
 * followed until processed, and the assets uploads left without a video, deleted on request.
 */
export class UploadHistory {
  readonly finished: FinishedUploads;
  private readonly watches: Subscription[] = [];
  /** Uploads cancelled whose asset is being asked about (kept or deleted): not decided yet. */
  private readonly undecided = new Set<string>();
  private readonly changed = new Emitter<void>();
  private readonly settled = new Emitter<FinishedUpload>();
  private readonly assetDeleted = new Emitter<string>();
  readonly onDidChange = this.changed.event;
  /** The asset of a finished upload reached `ready` or `failed`. */
  readonly onDidSettle = this.settled.event;
  /** An unfinished asset was deleted here (or found already gone): the Assets view drops it. */
  readonly onDidDeleteAsset = this.assetDeleted.event;

  constructor(private readonly options: UploadHistoryOptions) {
    this.finished = new FinishedUploads(options.storage);
    // Uploads finished in an earlier window whose asset was still processing: keep following them.
    for (const record of this.finished.all) if (record.result && record.assetId && !isSettled({ id: record.assetId, status: record.assetStatus })) this.follow(record);
  }

  /** Lists an ended upload; an uploaded one's asset is followed until processed. */
  async add(record: FinishedUpload): Promise<void> {
    await this.finished.add(record);
    if (record.result) this.follow(record);
  }

  /** Removes a finished row; a failed upload's asset is deleted too when `deleteAsset`. */
  async remove(record: FinishedUpload, deleteAsset: boolean): Promise<void> {
    await this.finished.remove(record.id);
    this.changed.fire();
    if (deleteAsset && record.assetId && !record.result) {
      const asset = await this.deleteUnfinishedAsset(record.assetId, record.name, record.account);
      this.options.log.info(`Failed upload of “${record.name}” removed; asset ${record.assetId} ${asset}`);
    }
  }

  /** Marks the uploads (by id) whose asset is being asked about, until the returned function is called. */
  askingAbout(uploadIds: string[]): () => void {
    uploadIds.forEach((id) => this.undecided.add(id));
    this.changed.fire();
    return () => {
      uploadIds.forEach((id) => this.undecided.delete(id));
      this.changed.fire();
    };
  }

  /** Whether the asset of this finished upload is still being asked about (see askingAbout). */
  isUndecided(record: FinishedUpload): boolean {
    return this.undecided.has(record.id);
  }

  /** Deletes the assets a cancel left without a video (when the user chose to). */
  async deleteLeftovers(leftovers: Leftover[]): Promise<void> {
    const errors: unknown[] = [];
    for (const { assetId, name, account } of leftovers) {
      try {
        this.options.log.info(`Cancelled upload of “${name}”: asset ${assetId} ${await this.deleteUnfinishedAsset(assetId, name, account)}`);
        await this.finished.removeCancelled(assetId);
        this.changed.fire();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw errors[0];
  }

  async clearFinished(): Promise<void> {
    await this.finished.clearUploaded();
    this.changed.fire();
  }

  /** Deletes an asset still waiting for its file (never one with a video); announces an asset that is gone. */
  async deleteUnfinishedAsset(assetId: string, name: string, account?: string): Promise<UnfinishedAssetEnd> {
    const end = await deleteUnfinishedAsset(this.options.session.client(account), assetId, name);
    if (end !== 'kept (it has its video)') this.assetDeleted.fire(assetId);
    return end;
  }

  /** An asset was deleted (from the Assets view, or found gone) for profile `account`, or restored (`deleted` false): its finished rows of that profile say so. */
  async markAssetDeleted(assetId: string, account: string | undefined, deleted = true): Promise<void> {
    if (await this.finished.markDeleted(assetId, account, deleted)) this.changed.fire();
  }

  private follow(record: FinishedUpload): void {
    const { assetId } = record;
    if (!assetId) return;
    const onUpdate = (asset: Asset) => {
      void this.finished.update(record.id, { assetStatus: asset.status });
      this.changed.fire();
      if (!isSettled(asset)) return;
      const failure = asset.status?.errorMessage ? `: ${asset.status.errorMessage}` : '';
      if (asset.status?.phase === 'failed') this.options.log.warn(`Asset ${assetId} (“${record.name}”) failed to process${failure}`);
      else this.options.log.info(`Asset ${assetId} (“${record.name}”) is ready`);
      this.settled.fire({ ...record, assetStatus: asset.status });
    };
    const onGone = () => void this.markAssetDeleted(assetId, record.account);
    this.watches.push(this.options.watcher.subscribe(assetId, { account: record.account, onUpdate, onGone, giveUpAfterMs: FOLLOW_ASSET_MS }));
  }

  dispose(): void {
    this.watches.forEach((w) => w.dispose());
    [this.changed, this.settled, this.assetDeleted].forEach((e) => e.dispose());
  }
}
