import { EstimateGate } from './estimate';

/** What an upload reports while it runs. */
export interface UploadProgress {
  /** Bytes handed to the connection so far (for tus: the server offset plus the current request). */
  bytesSent: number;
  totalBytes: number;
  /** Smoothed rate in bytes per second (EWMA); 0 until there is a first sample. */
  bytesPerSecond: number;
  /** Seconds left at the smoothed rate; undefined while the rate is unknown or too early to tell (EstimateGate). */
  etaSeconds: number | undefined;
  /** 0..1 */
  fraction: number;
  /** Set while a transfer waits to try again after a failure: why ("server not answering"). No rate or time left then. */
  retrying?: string;
}

export type ProgressListener = (progress: UploadProgress) => void;

/** Time constant of the rate average: long enough to ride out chunk boundaries, short enough to follow a changing link. */
const RATE_TIME_CONSTANT_MS = 3_000;
/** Callbacks at most this often, so the UI is not flooded at hundreds of MiB/s. */
const REPORT_INTERVAL_MS = 200;

/**
 * Turns a stream of byte counts into rate and ETA. The average weights each sample by the time it
 * covers (alpha = 1 - e^(-dt/tau)), so irregular callback intervals do not skew it.
 */
export class ProgressMeter {
  private current: number;
  /** Bytes and time of the last rate sample. */
  private sampleBytes: number;
  private sampleTime: number;
  private lastReport = -Infinity;
  private rate = 0;
  private haveRate = false;
  private readonly startBytes: number;
  private readonly gate: EstimateGate;
  private retryReason: string | undefined;

  constructor(
    readonly totalBytes: number,
    private readonly listener?: ProgressListener,
    startBytes = 0,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.current = startBytes;
    this.startBytes = startBytes;
    this.gate = new EstimateGate(now);
    this.sampleBytes = startBytes;
    this.sampleTime = this.now();
  }

  get bytes(): number {
    return this.current;
  }

  /** Records the running byte count; reports at most every REPORT_INTERVAL_MS unless `force`. */
  update(bytesSent: number, force = false): void {
    const t = this.now();
    this.current = bytesSent;
    if (bytesSent < this.sampleBytes) {
      // A retry restarted from the server offset: take the new count, keep the rate.
      this.sampleBytes = bytesSent;
      this.sampleTime = t;
    } else {
      const dt = t - this.sampleTime;
      if (dt >= 100) {
        const instant = ((bytesSent - this.sampleBytes) * 1000) / dt;
        const alpha = this.haveRate ? 1 - Math.exp(-dt / RATE_TIME_CONSTANT_MS) : 1;
        this.rate += alpha * (instant - this.rate);
        this.haveRate = true;
        this.sampleBytes = bytesSent;
        this.sampleTime = t;
      }
    }
    if (this.listener && (force || t - this.lastReport >= REPORT_INTERVAL_MS)) {
      this.lastReport = t;
      this.listener(this.snapshot());
    }
  }

  /**
   * The transfer failed and will try again (`reason`), or the server answered again (undefined).
   * The rate of before the failure says nothing while nothing moves: it starts over.
   */
  retrying(reason: string | undefined): void {
    if (reason === this.retryReason) return;
    this.retryReason = reason;
    if (reason) {
      this.rate = 0;
      this.haveRate = false;
    }
    this.sampleBytes = this.current;
    this.sampleTime = this.now();
    this.lastReport = this.sampleTime;
    this.listener?.(this.snapshot());
  }

  snapshot(): UploadProgress {
    const left = Math.max(0, this.totalBytes - this.current);
    const known = !this.retryReason && this.haveRate && this.rate > 0 && this.gate.ready(this.current - this.startBytes, this.totalBytes - this.startBytes);
    const etaSeconds = left === 0 ? 0 : known ? left / this.rate : undefined;
    return {
      bytesSent: this.current,
      totalBytes: this.totalBytes,
      bytesPerSecond: this.haveRate ? this.rate : 0,
      etaSeconds,
      fraction: this.totalBytes > 0 ? Math.min(1, this.current / this.totalBytes) : 0,
      ...(this.retryReason ? { retrying: this.retryReason } : {}),
    };
  }
}
