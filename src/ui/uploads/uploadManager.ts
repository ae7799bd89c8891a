import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StudioApiError, isSettled, messageOf, type Asset } from '../../api';
import {
  chooseMethod,
  discardUpload,
  listInterruptedUploads,
  resumeUpload,
  terminateTusUpload,
  uploadVideo,
  type InterruptedUploadSummary,
  type KeyValueStore,
  type UploadMethodChoice,
  type UploadProgress,
  type UploadRequester,
  type UploadResult,
} from '../../upload';
import type { Session } from '../account/session';
import type { AssetStatusPoller } from './assetStatusPoller';
import { FinishedUploads, type FinishedUpload } from './finishedUploads';
import { PausedUploads } from './pausedUploads';
import { byteSize } from '../common/format';
import { transferSummary } from './progressText';
import { deleteUnfinishedAsset, type Leftover, type UnfinishedAssetEnd } from './unfinishedAsset';

export interface NewUploadRequest {
  filePath: string;
  /** Asset name. */
  name: string;
  method: UploadMethodChoice;
}

export type UploadOutcome =
  | { status: 'done'; result: UploadResult }
  /** `resumable`: a tus upload that stays stored, listed as interrupted. */
  | { status: 'failed'; error: unknown; resumable: boolean }
  | { status: 'cancelled'; leftover?: Leftover }
  | { status: 'paused' };

type Origin = { request: NewUploadRequest } | { entry: InterruptedUploadSummary };

/** One run of an upload, from the queue to its end: a new one or the resume of a stored one. */
export class Upload {
  readonly id = randomUUID();
  readonly filePath: string;
  readonly name: string;
  progress: UploadProgress;
  phase: 'queued' | 'running' | 'ended' = 'queued';
  /** The asset it uploads to, once request-upload created it (at once for a resume). */
  assetId: string | undefined;
  /** How the run ended (also for `await`ing it from commands and tests). */
  readonly finished: Promise<UploadOutcome>;
  /** Set by cancel/pause before aborting, so the abort error is read as that choice. */
  stopReason: 'cancel' | 'pause' | 'shutdown' | undefined;
  readonly controller = new AbortController();
  private settle!: (outcome: UploadOutcome) => void;

  constructor(
    readonly origin: Origin,
    readonly method: 'direct' | 'tus',
    /** Size and mtime when queued: with the path, the identity the engine stores a tus entry under. */
    readonly file: { size: number; mtimeMs: number },
  ) {
    this.filePath = 'entry' in origin ? origin.entry.filePath : path.resolve(origin.request.filePath);
    this.name = 'entry' in origin ? origin.entry.assetName : origin.request.name;
    this.assetId = 'entry' in origin ? origin.entry.assetId : undefined;
    const done = 'entry' in origin ? origin.entry.bytesDone : 0;
    this.progress = { bytesSent: done, totalBytes: file.size, bytesPerSecond: 0, etaSeconds: undefined, fraction: file.size ? done / file.size : 0 };
    this.finished = new Promise((resolve) => (this.settle = resolve));
  }

  get resumedEntry(): InterruptedUploadSummary | undefined {
    return 'entry' in this.origin ? this.origin.entry : undefined;
  }

  /** The request that starts this file again (Retry, or continuing a paused queue). */
  get request(): NewUploadRequest {
    return 'entry' in this.origin ? { filePath: this.filePath, name: this.name, method: 'tus' } : this.origin.request;
  }

  /** Whether a stored entry is this run's: its resumed one, or one of its file (stored anew when the server lost the upload). */
  owns(entry: InterruptedUploadSummary): boolean {
    return entry.id === this.resumedEntry?.id || isEntryOf(entry, this.filePath, this.file);
  }

  end(outcome: UploadOutcome): void {
    this.phase = 'ended';
    this.settle(outcome);
  }
}

function isEntryOf(entry: InterruptedUploadSummary, filePath: string, file: { size: number; mtimeMs: number }): boolean {
  return entry.filePath === filePath && entry.fileSize === file.size && entry.fileMtimeMs === file.mtimeMs;
}

export interface UploadManagerOptions {
  session: Session;
  storage: KeyValueStore;
  log: vscode.LogOutputChannel;
  poller: AssetStatusPoller;
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
 * Runs uploads through the engine and holds what the UI shows about them: the queue, the running
 * ones, paused files that never started, the interrupted ones (the engine's entries in `storage`,
 * which outlive the window) and the finished ones of the last days with their asset's processing
 * state. It shows nothing and asks nothing itself; views, notifications and commands follow its events.
 */
export class UploadManager implements vscode.Disposable {
  private readonly queue: Upload[] = [];
  private readonly running = new Map<string, Upload>();
  /** Queued files stopped by Pause All before they started; Resume All queues them again. */
  private held: Upload[] = [];
  readonly finished: FinishedUploads;
  private readonly paused: PausedUploads;
  /** Assets uploaded, cancelled or discarded in this window: no stored entry of theirs may be resumed. */
  private readonly closedAssets = new Set<string>();
  private readonly watches: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly queued = new vscode.EventEmitter<Upload>();
  private readonly progressed = new vscode.EventEmitter<Upload>();
  private readonly ended = new vscode.EventEmitter<UploadEnd>();
  private readonly settled = new vscode.EventEmitter<FinishedUpload>();
  private readonly assetCreated = new vscode.EventEmitter<Asset>();
  private readonly assetDeleted = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;
  /** An upload joined the queue (every upload does, before it starts). */
  readonly onDidQueue = this.queued.event;
  readonly onDidProgress = this.progressed.event;
  readonly onDidEnd = this.ended.event;
  /** The asset of a finished upload reached `ready` or `failed`. */
  readonly onDidSettle = this.settled.event;
  /** request-upload created an asset for a new upload (fired at once, before any byte is sent). */
  readonly onDidCreateAsset = this.assetCreated.event;
  /** An unfinished asset was deleted here (or found already gone): the Assets view drops it. */
  readonly onDidDeleteAsset = this.assetDeleted.event;

  constructor(private readonly options: UploadManagerOptions) {
    this.finished = new FinishedUploads(options.storage);
    this.paused = new PausedUploads(options.storage);
    // Uploads finished in an earlier window whose asset was still processing: keep following them.
    for (const record of this.finished.all) if (record.result && record.assetId && !isSettled({ id: record.assetId, status: record.assetStatus })) this.follow(record);
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
    return this.finished.all;
  }

  /** Stored tus uploads that are not queued or running now, newest first. */
  async interrupted(): Promise<InterruptedUploadSummary[]> {
    const stored = await this.storedEntries();
    const active = [...this.queue, ...this.running.values()];
    return stored.filter((entry) => !active.some((upload) => upload.owns(entry)));
  }

  /**
   * The stored entries, without those of closed assets. globalState can apply a write echoed late
   * after a newer one, which brings back an entry just removed; resuming it would "finish" the old
   * asset again (or one the user deleted), so such entries are dropped here.
   */
  private async storedEntries(): Promise<InterruptedUploadSummary[]> {
    const stored = await listInterruptedUploads(this.options.storage);
    const uploaded = new Set(this.finished.all.flatMap((f) => (f.result && f.assetId ? [f.assetId] : [])));
    const closed = (entry: InterruptedUploadSummary) => this.closedAssets.has(entry.assetId) || uploaded.has(entry.assetId);
    for (const entry of stored.filter(closed)) await discardUpload(this.options.storage, entry.id);
    return stored.filter((entry) => !closed(entry));
  }

  /** Whether a stored upload was paused by the user (rather than interrupted by a failure or a closed window). */
  isPaused(entry: InterruptedUploadSummary): boolean {
    return this.paused.has(entry.id);
  }

  /** Queues new uploads; at most `concurrency` run at once. Refuses a file that is already queued or running. */
  async enqueue(requests: NewUploadRequest[]): Promise<Upload[]> {
    const stored = await this.storedEntries();
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
    const upload = this.add(new Upload({ entry }, 'tus', { size: entry.fileSize, mtimeMs: entry.fileMtimeMs }));
    this.pump();
    return upload;
  }

  /** Continues everything that was stopped: held files and interrupted or paused uploads (the newest entry per file). */
  async resumeAll(): Promise<Upload[]> {
    const started: Upload[] = [];
    const held = this.held;
    this.held = [];
    for (const upload of held) if (!this.isActive(upload.filePath)) started.push(this.add(new Upload(upload.origin, upload.method, upload.file)));
    for (const entry of await this.interrupted()) {
      // Two entries of one path (the file changed between uploads) cannot run at once; the newest goes.
      if (!this.isActive(entry.filePath)) started.push(this.add(new Upload({ entry }, 'tus', { size: entry.fileSize, mtimeMs: entry.fileMtimeMs })));
    }
    this.pump();
    this.changed.fire();
    return started;
  }

  /** Queues a held (paused before it started) file again. */
  continueHeld(upload: Upload): Upload {
    this.held = this.held.filter((u) => u !== upload);
    this.refuseIfActive(upload.filePath);
    const again = this.add(new Upload(upload.origin, upload.method, upload.file));
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
    await this.finished.remove(record.id);
    if (record.assetId && !record.result) await this.deleteUnfinishedAsset(record.assetId, record.name).catch((error: unknown) => this.warn(record.name, error));
    this.changed.fire();
    return this.enqueue([{ filePath: record.filePath, name: record.name, method: record.method }]);
  }

  /** Continues the stored entry a failed resumable upload left (its Retry). */
  async resumeLeftEntry(upload: Upload): Promise<Upload> {
    const entry = (await this.interrupted()).find((e) => upload.owns(e));
    if (!entry) throw StudioApiError.config(`the upload of “${upload.name}” is no longer stored: upload the file again`);
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
    if (upload.method !== 'tus') throw StudioApiError.config('only resumable (tus) uploads can be paused; cancel a direct upload instead');
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
    this.closedAssets.add(entry.assetId);
    await discardUpload(this.options.storage, entry.id);
    await this.unmarkPaused(entry.id);
    this.changed.fire();
    await this.terminate(entry.uploadUrl, entry.assetName);
    const asset = deleteAsset ? await this.deleteUnfinishedAsset(entry.assetId, entry.assetName) : 'kept';
    this.options.log.info(`Upload of “${entry.assetName}” discarded; asset ${entry.assetId} ${asset}`);
  }

  /** Removes a finished row; a failed upload's asset is deleted too when `deleteAsset`. */
  async remove(record: FinishedUpload, deleteAsset: boolean): Promise<void> {
    await this.finished.remove(record.id);
    this.changed.fire();
    if (deleteAsset && record.assetId && !record.result) {
      const asset = await this.deleteUnfinishedAsset(record.assetId, record.name);
      this.options.log.info(`Failed upload of “${record.name}” removed; asset ${record.assetId} ${asset}`);
    }
  }

  /** Deletes the assets a cancel left without a video (when the user chose to). */
  async deleteLeftovers(leftovers: Leftover[]): Promise<void> {
    const errors: unknown[] = [];
    for (const { assetId, name } of leftovers) {
      try {
        this.options.log.info(`Cancelled upload of “${name}”: asset ${assetId} ${await this.deleteUnfinishedAsset(assetId, name)}`);
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
  private async deleteUnfinishedAsset(assetId: string, name: string): Promise<UnfinishedAssetEnd> {
    const end = await deleteUnfinishedAsset(this.options.session.client(), assetId, name);
    if (end !== 'kept (it has its video)') this.assetDeleted.fire(assetId);
    return end;
  }

  /** An asset was deleted (from the Assets view, or found gone): its finished rows say so. */
  async markAssetDeleted(assetId: string): Promise<void> {
    if (await this.finished.markDeleted(assetId)) this.changed.fire();
  }

  /** Ends the tus upload on the server; a failure only costs server space until it expires, so it is logged. */
  private async terminate(uploadUrl: string | null | undefined, name: string): Promise<void> {
    if (!uploadUrl) return;
    await terminateTusUpload(uploadUrl).catch((error: unknown) => this.warn(name, error));
  }

  private warn(name: string, error: unknown): void {
    this.options.log.warn(`Upload of “${name}”: ${messageOf(error)}`);
  }

  private isActive(filePath: string): boolean {
    return [...this.queue, ...this.running.values()].some((upload) => upload.filePath === filePath);
  }

  private refuseIfActive(filePath: string): void {
    if (this.isActive(filePath)) throw StudioApiError.config(`${path.basename(filePath)} is already being uploaded`);
  }

  private add(upload: Upload): Upload {
    this.queue.push(upload);
    const entry = upload.resumedEntry;
    if (entry) void this.unmarkPaused(entry.id);
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
    const onProgress = (progress: UploadProgress) => this.onProgress(upload, progress);
    const chunkSizeMiB = this.options.chunkSizeMiB();
    const { storage, retryDelaysMs } = this.options;
    const signal = upload.controller.signal;
    const entry = upload.resumedEntry;
    const tus = upload.method === 'tus' ? `, ${chunkSizeMiB} MiB chunks` : '';
    if (entry) this.log(upload, `resuming at ${byteSize(entry.bytesDone)} of ${byteSize(entry.fileSize)}: ${entry.filePath}`);
    else this.log(upload, `started: ${upload.filePath} (${byteSize(upload.file.size)}, ${upload.method}${tus})`);
    void (async () => {
      let outcome: UploadOutcome;
      try {
        const result = entry
          ? await resumeUpload({ client: this.options.session.client(), entry, storage, chunkSizeMiB, signal, onProgress, retryDelaysMs })
          : await uploadVideo({ client: this.requester(upload), filePath: upload.filePath, name: upload.name, method: upload.method, chunkSizeMiB, storage, signal, onProgress, retryDelaysMs });
        outcome = { status: 'done', result };
      } catch (error) {
        outcome = await this.failed(upload, error);
      }
      await this.finish(upload, outcome);
    })();
    this.changed.fire();
  }

  /** The API client as the engine sees it, announcing the asset request-upload creates. */
  private requester(upload: Upload): UploadRequester {
    const client = this.options.session.client();
    return {
      // Not aborted by a cancel: only the answer names the asset it created, to offer it for deletion (the engine stops next).
      requestUpload: async (name) => {
        const ticket = await client.requestUpload(name);
        upload.assetId = ticket.asset.id;
        this.assetCreated.fire(ticket.asset);
        return ticket;
      },
      getAsset: (id, signal) => client.getAsset(id, signal),
    };
  }

  private onProgress(upload: Upload, progress: UploadProgress): void {
    upload.progress = progress;
    this.progressed.fire(upload);
  }

  private async failed(upload: Upload, error: unknown): Promise<UploadOutcome> {
    const mine = (await listInterruptedUploads(this.options.storage)).filter((entry) => upload.owns(entry));
    const assetId = upload.assetId ?? mine[0]?.assetId;
    if (upload.stopReason === 'cancel') {
      if (assetId) this.closedAssets.add(assetId);
      for (const entry of mine) {
        await discardUpload(this.options.storage, entry.id);
        await this.terminate(entry.uploadUrl, upload.name);
      }
      return { status: 'cancelled', leftover: assetId ? { assetId, name: upload.name } : undefined };
    }
    // Stopped before the tus upload existed on the server, there is nothing to resume: it was cancelled.
    const stored = upload.method === 'tus' && mine.length > 0;
    if (upload.stopReason) {
      if (!stored) return { status: 'cancelled', leftover: assetId ? { assetId, name: upload.name } : undefined };
      if (upload.stopReason === 'pause') await this.paused.mark(mine[0].id);
      return { status: 'paused' };
    }
    return { status: 'failed', error, resumable: stored };
  }

  private async finish(upload: Upload, outcome: UploadOutcome): Promise<void> {
    let record: FinishedUpload | undefined;
    const base = { id: upload.id, name: upload.name, filePath: upload.filePath, method: upload.request.method, finishedAt: Date.now() };
    if (outcome.status === 'done') {
      const { result } = outcome;
      this.closedAssets.add(result.assetId);
      record = {
        ...base,
        assetId: result.assetId,
        playbackId: result.playbackId,
        result: { method: result.method, bytes: result.bytes, bytesTransferred: result.bytesTransferred, resumed: result.resumed, transferMs: result.transferMs },
      };
      const resumed = result.resumed ? ', resumed' : '';
      this.log(upload, `finished: asset ${result.assetId}, ${byteSize(result.bytes)}${resumed}; ${transferSummary(result.bytesTransferred, result.transferMs)}`);
    } else if (outcome.status === 'failed') {
      this.options.log.error(`Upload of “${upload.name}” failed: ${messageOf(outcome.error)}${outcome.resumable ? ' (kept, can be resumed)' : ''}`);
      // A resumable one is listed as interrupted (from storage) instead.
      if (!outcome.resumable) record = { ...base, assetId: upload.assetId, error: messageOf(outcome.error) };
    } else {
      this.log(upload, outcome.status === 'paused' ? 'paused (kept, can be resumed)' : 'cancelled');
      if (outcome.status === 'cancelled' && outcome.leftover) record = { ...base, assetId: outcome.leftover.assetId, cancelled: true };
    }
    if (record) await this.finished.add(record);
    this.running.delete(upload.id);
    upload.end(outcome);
    if (record?.result) this.follow(record);
    this.ended.fire({ upload, outcome, finished: record });
    this.changed.fire();
    this.pump();
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
    this.watches.push(this.options.poller.watch(assetId, onUpdate, () => void this.markAssetDeleted(assetId)));
  }

  private async unmarkPaused(entryId: string): Promise<void> {
    const stored = (await listInterruptedUploads(this.options.storage)).map((entry) => entry.id);
    await this.paused.unmark(entryId, stored);
  }

  private log(upload: Upload, what: string): void {
    this.options.log.info(`Upload of “${upload.name}” ${what}`);
  }

  /** Running tus uploads stay stored (the engine records their offset), so the next window can resume them. */
  dispose(): void {
    for (const upload of [...this.queue]) this.dequeue(upload, { status: 'cancelled' });
    for (const upload of this.running.values()) this.stop(upload, upload.method === 'tus' ? 'shutdown' : 'cancel');
    this.watches.forEach((w) => w.dispose());
    [this.changed, this.queued, this.progressed, this.ended, this.settled, this.assetCreated, this.assetDeleted].forEach((e) => e.dispose());
  }
}
