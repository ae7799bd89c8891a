/** The first seconds of a transfer (connection set-up, a first chunk) say little about its rate. */
export const ESTIMATE_AFTER_MS = 2_000;
/** …nor do its first bytes: this share of them, or ESTIMATE_AFTER_BYTES when that is less. */
export const ESTIMATE_AFTER_FRACTION = 0.05;
export const ESTIMATE_AFTER_BYTES = 8 * 2 ** 20;

/**
 * When a time-left estimate is worth showing: only once the transfer has run ESTIMATE_AFTER_MS
 * since its first byte and sent enough bytes. Before that the rate is mostly set-up time, and an
 * estimate said "14 s left" of a batch that took 3 s.
 */
export class EstimateGate {
  private firstByteAt: number | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** `sent`: bytes this transfer sent so far (not counting a resumed offset); `total`: bytes it has to send. */
  ready(sent: number, total: number): boolean {
    if (sent <= 0) return false;
    const t = this.now();
    this.firstByteAt ??= t;
    return t - this.firstByteAt >= ESTIMATE_AFTER_MS && sent >= Math.min(ESTIMATE_AFTER_BYTES, ESTIMATE_AFTER_FRACTION * total);
  }
}
