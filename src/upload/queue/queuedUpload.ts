import * as path from 'node:path';
import type { Leftover } from '../unfinishedAsset';
import type { UploadMethodChoice, UploadResult } from '../uploadVideo';
import type { UploadProgress } from '../progress';
import type { InterruptedUploadSummary } from '../store/interrupted';

export interface NewUploadRequest {
  filePath: string;
  /** Asset name. */
  name: string;
  method: UploadMethodChoice;
  /** Whose account (the extension's profile id): the upload keeps it whatever is current later. */
  account?: string;
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
  readonly id = globalThis.crypto.randomUUID();
  readonly filePath: string;
  readonly name: string;
  progress: UploadProgress;
  phase: 'queued' | 'running' | 'ended' = 'queued';
  /** Whose account it uploads to (see NewUploadRequest.account); a resume keeps its entry's. */
  readonly account: string | undefined;
  /** The asset it uploads to, once request-upload created it (at once for a resume). */
  assetId: string | undefined;
  /** How the run ended (also for `await`ing it from commands and tests). */
  readonly finished: Promise<UploadOutcome>;
  /** The same, once ended: read by what describes a batch without awaiting it. */
  outcome: UploadOutcome | undefined;
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
    this.account = 'entry' in origin ? origin.entry.account : origin.request.account;
    const done = 'entry' in origin ? origin.entry.bytesDone : 0;
    this.progress = { bytesSent: done, totalBytes: file.size, bytesPerSecond: 0, etaSeconds: undefined, fraction: file.size ? done / file.size : 0 };
    this.finished = new Promise((resolve) => (this.settle = resolve));
  }

  /** The run that continues a stored entry from its offset. */
  static resuming(entry: InterruptedUploadSummary): Upload {
    return new Upload({ entry }, 'tus', { size: entry.fileSize, mtimeMs: entry.fileMtimeMs });
  }

  get resumedEntry(): InterruptedUploadSummary | undefined {
    return 'entry' in this.origin ? this.origin.entry : undefined;
  }

  /** The request that starts this file again (Retry, or continuing a paused queue). */
  get request(): NewUploadRequest {
    return 'entry' in this.origin ? { filePath: this.filePath, name: this.name, method: 'tus', account: this.account } : this.origin.request;
  }

  /** Whether a stored entry is this run's: its resumed one, or one of its file (stored anew when the server lost the upload). */
  owns(entry: InterruptedUploadSummary): boolean {
    return entry.id === this.resumedEntry?.id || isEntryOf(entry, this.filePath, this.file);
  }

  /** A new run of the same file, for one held back before it started. */
  again(): Upload {
    return new Upload(this.origin, this.method, this.file);
  }

  end(outcome: UploadOutcome): void {
    this.phase = 'ended';
    this.outcome = outcome;
    this.settle(outcome);
  }
}

export function isEntryOf(entry: InterruptedUploadSummary, filePath: string, file: { size: number; mtimeMs: number }): boolean {
  return entry.filePath === filePath && entry.fileSize === file.size && entry.fileMtimeMs === file.mtimeMs;
}
