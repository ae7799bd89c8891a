import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { StudioApiError, type Asset } from '../../api';
import {
  chooseMethod,
  discardUpload,
  listInterruptedUploads,
  resumeUpload,
  uploadVideo,
  type InterruptedUploadSummary,
  type KeyValueStore,
  type UploadMethodChoice,
  type UploadProgress,
  type UploadResult,
} from '../../upload';
import { messageOf } from '../errors';
import type { Session } from '../session';
import { isSettled, type AssetStatusPoller } from './assetStatusPoller';
import { megabytes } from './progressText';

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
  | { status: 'cancelled' }
  | { status: 'paused' };

type Origin = { request: NewUploadRequest } | { entry: InterruptedUploadSummary };

/** One run of an upload: a new one or the resume of a stored one. */
export class Upload {
  readonly id = randomUUID();
  readonly filePath: string;
  readonly name: string;
  progress: UploadProgress;
  phase: 'running' | 'done' | 'failed' = 'running';
  result: UploadResult | undefined;
  error: unknown;
  /** The asset's latest state while the service processes it. */
  asset: Asset | undefined;
  /** How the run ended (also for `await`ing it from commands and tests). */
  finished!: Promise<UploadOutcome>;
  /** Set by cancel/pause before aborting, so the abort error is read as the person's choice. */
  stopReason: 'cancel' | 'pause' | undefined;
  readonly controller = new AbortController();

  constructor(
    readonly origin: Origin,
    readonly method: 'direct' | 'tus',
    /** Size and mtime when started: with the path, the identity the engine stores a tus entry under. */
    readonly file: { size: number; mtimeMs: number },
  ) {
    this.filePath = 'entry' in origin ? origin.entry.filePath : path.resolve(origin.request.filePath);
    this.name = 'entry' in origin ? origin.entry.assetName : origin.request.name;
    const done = 'entry' in origin ? origin.entry.bytesDone : 0;
    this.progress = { bytesSent: done, totalBytes: file.size, bytesPerSecond: 0, etaSeconds: undefined, fraction: file.size ? done / file.size : 0 };
  }

  get resumedEntry(): InterruptedUploadSummary | undefined {
    return 'entry' in this.origin ? this.origin.entry : undefined;
  }

  /** Whether a stored interrupted upload is this run's (the engine continues a matching one). */
  owns(entry: InterruptedUploadSummary): boolean {
    return this.resumedEntry ? entry.id === this.resumedEntry.id : isEntryOf(entry, this.filePath, this.file);
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
  /** Waits between tus retries; the engine's defaults when absent. */
  retryDelaysMs?: readonly number[];
}

/** Finished uploads listed for this session. */
const RECENT_LIMIT = 20;

/**
 * Runs uploads through the engine and holds what the UI shows about them: the running ones, the
 * interrupted ones (the engine's entries in `storage`, which outlive the window), and the recent
 * finished ones with their asset's processing state. It shows nothing itself; views and
 * notifications follow its events.
 */
export class UploadManager implements vscode.Disposable {
  private readonly running = new Map<string, Upload>();
  private readonly recent: Upload[] = [];
  private readonly watches: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly started = new vscode.EventEmitter<Upload>();
  private readonly progressed = new vscode.EventEmitter<Upload>();
  private readonly ended = new vscode.EventEmitter<{ upload: Upload; outcome: UploadOutcome }>();
  private readonly settled = new vscode.EventEmitter<Upload>();
  readonly onDidChange = this.changed.event;
  readonly onDidStart = this.started.event;
  readonly onDidProgress = this.progressed.event;
  readonly onDidEnd = this.ended.event;
  /** The asset of a finished upload reached `ready` or `failed`. */
  readonly onDidSettle = this.settled.event;

  constructor(private readonly options: UploadManagerOptions) {}

  get runningUploads(): Upload[] {
    return [...this.running.values()];
  }

  get recentUploads(): Upload[] {
    return [...this.recent];
  }

  /** Stored tus uploads that are not running now, newest first. */
  async interrupted(): Promise<InterruptedUploadSummary[]> {
    const stored = await listInterruptedUploads(this.options.storage);
    return stored.filter((entry) => !this.runningUploads.some((upload) => upload.owns(entry)));
  }

  async start(request: NewUploadRequest): Promise<Upload> {
    const filePath = path.resolve(request.filePath);
    this.refuseIfRunning(filePath);
    // A file that cannot be read is left to the engine, which names the reason.
    const stat = await fs.promises.stat(filePath).catch(() => undefined);
    const file = { size: stat?.size ?? 0, mtimeMs: stat?.mtimeMs ?? 0 };
    const stored = (await listInterruptedUploads(this.options.storage)).some((entry) => isEntryOf(entry, filePath, file));
    const upload = new Upload({ request }, chooseMethod(request.method, file.size, stored), file);
    const chunkSizeMiB = this.options.chunkSizeMiB();
    this.log(upload, `started: ${filePath} (${megabytes(file.size)}, ${upload.method}${upload.method === 'tus' ? `, ${chunkSizeMiB} MiB chunks` : ''})`);
    return this.run(upload, (onProgress) =>
      uploadVideo({
        client: this.options.session.client(),
        filePath,
        name: request.name,
        method: upload.method,
        chunkSizeMiB,
        storage: this.options.storage,
        signal: upload.controller.signal,
        onProgress,
        retryDelaysMs: this.options.retryDelaysMs,
      }),
    );
  }

  resume(entry: InterruptedUploadSummary): Upload {
    this.refuseIfRunning(entry.filePath);
    const upload = new Upload({ entry }, 'tus', { size: entry.fileSize, mtimeMs: entry.fileMtimeMs });
    this.log(upload, `resuming at ${megabytes(entry.bytesDone)} of ${megabytes(entry.fileSize)}: ${entry.filePath}`);
    return this.run(upload, (onProgress) =>
      resumeUpload({
        client: this.options.session.client(),
        entry,
        storage: this.options.storage,
        chunkSizeMiB: this.options.chunkSizeMiB(),
        signal: upload.controller.signal,
        onProgress,
        retryDelaysMs: this.options.retryDelaysMs,
      }),
    );
  }

  /** Starts every interrupted upload again (each continues from its stored offset). */
  async resumeAll(): Promise<Upload[]> {
    const started: Upload[] = [];
    for (const entry of await this.interrupted()) {
      // Two entries of one path (the file changed between uploads) cannot run at once; the newest goes.
      if (!this.isRunning(entry.filePath)) started.push(this.resume(entry));
    }
    return started;
  }

  /** Runs a failed upload again: a resume continues its entry, a new upload continues a stored one of the same file. */
  retry(upload: Upload): Promise<Upload> {
    const { origin } = upload;
    return 'entry' in origin ? Promise.resolve(this.resume(origin.entry)) : this.start(origin.request);
  }

  /** Stops an upload for good; a tus upload's stored entry goes too. */
  cancel(upload: Upload): void {
    this.stop(upload, 'cancel');
  }

  /** Stops a tus upload so it can be resumed later. */
  pause(upload: Upload): void {
    if (upload.method !== 'tus') throw StudioApiError.config('only resumable (tus) uploads can be paused; cancel a direct upload instead');
    this.stop(upload, 'pause');
  }

  async discard(entry: InterruptedUploadSummary): Promise<void> {
    this.refuseIfRunning(entry.filePath);
    await discardUpload(this.options.storage, entry.id);
    this.options.log.info(`Upload of “${entry.assetName}” discarded (asset ${entry.assetId} stays without a video)`);
    this.changed.fire();
  }

  private isRunning(filePath: string): boolean {
    return this.runningUploads.some((upload) => upload.filePath === filePath);
  }

  private refuseIfRunning(filePath: string): void {
    if (this.isRunning(filePath)) throw StudioApiError.config(`${filePath} is already being uploaded`);
  }

  private stop(upload: Upload, reason: 'cancel' | 'pause'): void {
    if (upload.phase !== 'running') return;
    upload.stopReason ??= reason;
    upload.controller.abort();
  }

  private run(upload: Upload, work: (onProgress: (progress: UploadProgress) => void) => Promise<UploadResult>): Upload {
    this.running.set(upload.id, upload);
    upload.finished = (async () => {
      let outcome: UploadOutcome;
      try {
        outcome = { status: 'done', result: await work((progress) => this.onProgress(upload, progress)) };
      } catch (error) {
        outcome = await this.failed(upload, error);
      }
      this.finish(upload, outcome);
      return outcome;
    })();
    this.started.fire(upload);
    this.changed.fire();
    return upload;
  }

  private onProgress(upload: Upload, progress: UploadProgress): void {
    upload.progress = progress;
    this.progressed.fire(upload);
  }

  private async failed(upload: Upload, error: unknown): Promise<UploadOutcome> {
    const mine = async () => (await listInterruptedUploads(this.options.storage)).filter((entry) => upload.owns(entry));
    if (upload.stopReason === 'cancel') {
      for (const entry of await mine()) await discardUpload(this.options.storage, entry.id);
      return { status: 'cancelled' };
    }
    // Paused before the tus upload existed on the server, there is nothing to resume: it was cancelled.
    const stored = upload.method === 'tus' && (await mine()).length > 0;
    if (upload.stopReason === 'pause') return { status: stored ? 'paused' : 'cancelled' };
    return { status: 'failed', error, resumable: stored };
  }

  private finish(upload: Upload, outcome: UploadOutcome): void {
    this.running.delete(upload.id);
    if (outcome.status === 'done') {
      const { result } = outcome;
      upload.phase = 'done';
      upload.result = result;
      const resumed = result.resumed ? `, resumed (${megabytes(result.bytesTransferred)} sent now)` : '';
      this.log(upload, `finished: asset ${result.assetId}, ${megabytes(result.bytes)} in ${(result.durationMs / 1000).toFixed(1)} s at ${megabytes(result.bytesPerSecond)}/s${resumed}`);
      this.keep(upload);
      this.follow(upload, result.assetId);
    } else if (outcome.status === 'failed') {
      upload.phase = 'failed';
      upload.error = outcome.error;
      this.options.log.error(`Upload of “${upload.name}” failed: ${messageOf(outcome.error)}${outcome.resumable ? ' (kept, can be resumed)' : ''}`);
      // A resumable one is listed as interrupted (from storage) instead.
      if (!outcome.resumable) this.keep(upload);
    } else {
      this.log(upload, outcome.status === 'paused' ? 'paused (kept, can be resumed)' : 'cancelled');
    }
    this.ended.fire({ upload, outcome });
    this.changed.fire();
  }

  private keep(upload: Upload): void {
    this.recent.unshift(upload);
    this.recent.splice(RECENT_LIMIT);
  }

  private follow(upload: Upload, assetId: string): void {
    const watch = this.options.poller.watch(assetId, (asset) => {
      upload.asset = asset;
      this.changed.fire();
      if (!isSettled(asset)) return;
      const failure = asset.status?.errorMessage ? `: ${asset.status.errorMessage}` : '';
      if (asset.status?.phase === 'failed') this.options.log.warn(`Asset ${assetId} (“${upload.name}”) failed to process${failure}`);
      else this.options.log.info(`Asset ${assetId} (“${upload.name}”) is ready`);
      this.settled.fire(upload);
    });
    this.watches.push(watch);
  }

  private log(upload: Upload, what: string): void {
    this.options.log.info(`Upload of “${upload.name}” ${what}`);
  }

  /** Running tus uploads stay stored (the engine records their offset), so the next window can resume them. */
  dispose(): void {
    for (const upload of this.running.values()) this.stop(upload, upload.method === 'tus' ? 'pause' : 'cancel');
    this.watches.forEach((w) => w.dispose());
    [this.changed, this.started, this.progressed, this.ended, this.settled].forEach((e) => e.dispose());
  }
}
