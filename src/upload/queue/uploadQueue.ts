import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StudioApiError, messageOf } from '../../api/core/errors';
import type { Asset } from '../../api/assets/types';
import { Emitter, type Subscription } from '../emitter';
import type { FinishedUpload } from '../store/finished';
import { Upload, isEntryOf, type NewUploadRequest, type UploadOutcome } from './queuedUpload';
import { StoredUploads } from '../store/stored';
import type { Leftover } from '../unfinishedAsset';
import { UploadHistory, type UploadHistoryOptions } from './history';
import { finishedRecord, runUpload, terminateQuietly } from './run';
import { chooseMethod } from '../uploadVideo';
import type { InterruptedUploadSummary } from '../store/interrupted';

export interface UploadQueueOptions extends UploadHistoryOptions {
  chunkSizeMiB: () => number;
  /** How many uploads run at once; the rest wait in the queue. */
  concurrency: () => number;
  /** Waits between tus retries; the engine's defaults when absent. */
  retryDelaysMs?: readonly number[];
}

export interface UploadEnd {
  upload: Upload;
  outcome: UploadOutcome;
  /** The row it left in the finished list (uploaded, or failed without a resumable entry). */
  finished?: FinishedUpload;
}

/**
 * Runs uploads through the engine and holds their state: the queue, the running ones, paused files
 * that never started, the interrupted ones (the engine's entries in `storage`, which outlive the
 * window) and the finished ones of the last days with their asset's processing state. It shows
 * nothing and asks nothing itself; views, notifications and commands follow its events.
 */
export class UploadQueue {
  private readonly queue: Upload[] = [];
  private readonly running = new Map<string, Upload>();
  /** Queued files stopped by Pause All before they started; Resume All queues them again. */
  private held: Upload[] = [];
  /** The finished uploads, and the assets uploads left behind. */
  readonly history: UploadHistory;
  private readonly stored: StoredUploads;
  private readonly changed = new Emitter<void>();
  private readonly queued = new Emitter<Upload>();
  private readonly progressed = new Emitter<Upload>();
  private readonly ended = new Emitter<UploadEnd>();
  private readonly assetCreated = new Emitter<Asset>();
  readonly onDidChange = this.changed.event;
  /** An upload joined the queue (every upload does, before it starts). */
  readonly onDidQueue = this.queued.event;
  readonly onDidProgress = this.progressed.event;
  readonly onDidEnd = this.ended.event;
  /** request-upload created an asset for a new upload (fired at once, before any byte is sent). */
  readonly onDidCreateAsset = this.assetCreated.event;
  private readonly historyChanged: Subscription;

  constructor(private readonly options: UploadQueueOptions) {
    this.history = new UploadHistory(options);
    this.historyChanged = this.history.onDidChange(() => this.changed.fire());
    this.stored = new StoredUploads(options.storage, this.history.finished);
  }

  get queuedUploads(): Upload[] {
    return [...this.queue];
  }

  get runningUploads(): Upload[] {
    return [...this.running.values()];
  }

  get heldUploads(): Upload[] {
    return [...this.held];
  }

  get finishedUploads(): FinishedUpload[] {
    return this.history.finished.all;
  }

  /** Stored tus uploads that are not queued or running now, newest first. */
  async interrupted(): Promise<InterruptedUploadSummary[]> {
    const stored = await this.stored.entries();
    const active = [...this.queue, ...this.running.values()];
    return stored.filter((entry) => !active.some((upload) => upload.owns(entry)));
  }

  /** Whether a stored upload was paused by the user (rather than interrupted by a failure or a closed window). */
  isPaused(entry: InterruptedUploadSummary): boolean {
    return this.stored.isPaused(entry.id);
  }

  /** Queues new uploads; at most `concurrency` run at once. Refuses a file that is already queued or running. */
  async enqueue(requests: NewUploadRequest[]): Promise<Upload[]> {
    const stored = await this.stored.entries();
    const uploads: Upload[] = [];
    for (const request of requests) {
      const filePath = path.resolve(request.filePath);
      this.refuseIfActive(filePath);
      // A file that cannot be read is left to the engine, which names the reason.
      const stat = await fs.promises.stat(filePath).catch(() => undefined);
      const file = { size: stat?.size ?? 0, mtimeMs: stat?.mtimeMs ?? 0 };
      const method = chooseMethod(request.method, file.size, stored.some((entry) => isEntryOf(entry, filePath, file)));
      uploads.push(this.add(new Upload({ request }, method, file)));
    }
    this.pump();
    return uploads;
  }

  /** Queues a stored interrupted upload to continue from its offset. */
  resume(entry: InterruptedUploadSummary): Upload {
    this.refuseIfActive(entry.filePath);
    const upload = this.add(Upload.resuming(entry));
    this.pump();
    return upload;
  }

  /** Continues everything that was stopped: held files and interrupted or paused uploads (the newest entry per file). */
  async resumeAll(): Promise<Upload[]> {
    const started: Upload[] = [];
    const held = this.held;
    this.held = [];
    for (const upload of held) if (!this.isActive(upload.filePath)) started.push(this.add(upload.again()));
    for (const entry of await this.interrupted()) {
      // Two entries of one path (the file changed between uploads) cannot run at once; the newest goes.
      if (!this.isActive(entry.filePath)) started.push(this.add(Upload.resuming(entry)));
    }
    this.pump();
    this.changed.fire();
    return started;
  }

  /** Queues a held (paused before it started) file again. */
  continueHeld(upload: Upload): Upload {
    this.held = this.held.filter((u) => u !== upload);
    this.refuseIfActive(upload.filePath);
    const again = this.add(upload.again());
    this.pump();
    return again;
  }

  dropHeld(upload: Upload): void {
    this.held = this.held.filter((u) => u !== upload);
    this.changed.fire();
  }

  /**
   * Runs a failed upload again as a new upload. The asset of the failed run is deleted first when
   * it is still waiting for its file (it can never get it now), so a retry leaves no empty asset.
   */
  async retry(record: FinishedUpload): Promise<Upload[]> {
    this.refuseIfActive(path.resolve(record.filePath));
    await this.history.finished.remove(record.id);
    if (record.assetId && !record.result) await this.history.deleteUnfinishedAsset(record.assetId, record.name, record.account).catch((error: unknown) => this.options.log.warn(`Upload of “${record.name}”: ${messageOf(error)}`));
    this.changed.fire();
    return this.enqueue([{ filePath: record.filePath, name: record.name, method: record.method, account: record.account }]);
  }

  /** Continues the stored entry a failed resumable upload left (its Retry). */
  async resumeLeftEntry(upload: Upload): Promise<Upload> {
    const entry = (await this.interrupted()).find((e) => upload.owns(e));
    if (!entry) throw StudioApiError.config(l10n.t('the upload of “{0}” is no longer stored: upload the file again', upload.name));
    return this.resume(entry);
  }

  /**
   * Stops uploads for good (queued ones just leave the queue). A stopped tus upload is terminated
   * on the upload server and its stored entry dropped; resolves with the assets left without a
   * video, for the caller to ask about.
   */
  async cancel(uploads: Upload[]): Promise<Leftover[]> {
    for (const upload of uploads) {
      if (upload.phase === 'queued') this.dequeue(upload, { status: 'cancelled' });
      else this.stop(upload, 'cancel');
    }
    const outcomes = await Promise.all(uploads.map((upload) => upload.finished));
    return outcomes.flatMap((outcome) => (outcome.status === 'cancelled' && outcome.leftover ? [outcome.leftover] : []));
  }

  /** Stops a tus upload so it can be resumed later; a queued one is held back. */
  pause(upload: Upload): void {
    if (upload.phase === 'queued') {
      this.dequeue(upload, { status: 'paused' });
      this.held.push(upload);
      this.changed.fire();
      return;
    }
    if (upload.method !== 'tus') throw StudioApiError.config(l10n.t('only resumable (tus) uploads can be paused; cancel a direct upload instead'));
    this.stop(upload, 'pause');
  }

  /** Stops the batch so it can be continued: running tus uploads pause, queued files are held; running direct uploads finish. */
  async pauseAll(): Promise<void> {
    const running = this.runningUploads.filter((u) => u.method === 'tus');
    for (const upload of [...this.queue]) this.pause(upload);
    running.forEach((upload) => this.pause(upload));
    await Promise.all(running.map((upload) => upload.finished));
  }

  /** Forgets an interrupted upload: its stored entry goes and its tus upload is terminated; its asset too when `deleteAsset`. */
  async discard(entry: InterruptedUploadSummary, deleteAsset: boolean): Promise<void> {
    this.refuseIfActive(entry.filePath);
    this.stored.close(entry.assetId);
    await this.stored.discard(entry.id);
    this.changed.fire();
    await terminateQuietly(entry.uploadUrl, entry.assetName, this.options.log);
    const asset = deleteAsset ? await this.history.deleteUnfinishedAsset(entry.assetId, entry.assetName, entry.account) : 'kept';
    this.options.log.info(`Upload of “${entry.assetName}” discarded; asset ${entry.assetId} ${asset}`);
  }

  private isActive(filePath: string): boolean {
    return [...this.queue, ...this.running.values()].some((upload) => upload.filePath === filePath);
  }

  private refuseIfActive(filePath: string): void {
    if (this.isActive(filePath)) throw StudioApiError.config(l10n.t('{0} is already being uploaded', path.basename(filePath)));
  }

  private add(upload: Upload): Upload {
    this.queue.push(upload);
    const entry = upload.resumedEntry;
    if (entry) void this.stored.unmarkPaused(entry.id);
    this.queued.fire(upload);
    this.changed.fire();
    return upload;
  }

  private dequeue(upload: Upload, outcome: UploadOutcome): void {
    const at = this.queue.indexOf(upload);
    if (at < 0) return;
    this.queue.splice(at, 1);
    upload.end(outcome);
    this.ended.fire({ upload, outcome });
    this.changed.fire();
  }

  private pump(): void {
    while (this.running.size < Math.max(1, this.options.concurrency()) && this.queue.length) this.run(this.queue.shift()!);
  }

  private stop(upload: Upload, reason: 'cancel' | 'pause' | 'shutdown'): void {
    if (upload.phase !== 'running') return;
    upload.stopReason ??= reason;
    upload.controller.abort();
  }

  private run(upload: Upload): void {
    upload.phase = 'running';
    this.running.set(upload.id, upload);
    const { session, storage, log, retryDelaysMs } = this.options;
    void runUpload(upload, {
      session,
      storage,
      stored: this.stored,
      log,
      retryDelaysMs,
      chunkSizeMiB: this.options.chunkSizeMiB(),
      onProgress: (progress) => {
        upload.progress = progress;
        this.progressed.fire(upload);
      },
      onAssetCreated: (asset) => this.assetCreated.fire(asset),
    }).then((outcome) => this.finish(upload, outcome));
    this.changed.fire();
  }

  private async finish(upload: Upload, outcome: UploadOutcome): Promise<void> {
    if (outcome.status === 'done') this.stored.close(outcome.result.assetId);
    const record = finishedRecord(upload, outcome, this.options.log);
    if (record) await this.history.add(record);
    this.running.delete(upload.id);
    upload.end(outcome);
    this.ended.fire({ upload, outcome, finished: record });
    this.changed.fire();
    this.pump();
  }

  /** Running tus uploads stay stored (the engine records their offset), so the next window can resume them. */
  dispose(): void {
    for (const upload of [...this.queue]) this.dequeue(upload, { status: 'cancelled' });
    for (const upload of this.running.values()) this.stop(upload, upload.method === 'tus' ? 'shutdown' : 'cancel');
    this.historyChanged.dispose();
    this.history.dispose();
    [this.changed, this.queued, this.progressed, this.ended, this.assetCreated].forEach((e) => e.dispose());
  }
}
