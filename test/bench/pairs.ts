/**
 * Interleaved pairs of the upload benchmark: each pair is one of our uploads and the reference (curl)
 * right after it, on the same file; a figure is the median of the per-pair ratios, printed with its
 * spread (the lowest and highest pair), since on a shared 2-core machine single pairs scatter.
 */
const GiB = 1024 ** 3;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** One run of ours: rates in MiB/s, CPU time of the uploader process in ms, peak RSS over idle in bytes. */
export interface OurRun {
  mibps: number;
  endToEndMiBps: number;
  cpuMs: number;
  rssOverIdle: number;
}
/** One run of the reference: rate in MiB/s and the CPU time of curl in ms. */
export interface ReferenceRun {
  mibps: number;
  cpuMs: number;
}

export class PairSeries {
  private readonly ours: OurRun[] = [];
  private readonly refs: ReferenceRun[] = [];

  constructor(private readonly bytes: number) {}

  record(ours: OurRun, reference: ReferenceRun): void {
    this.ours.push(ours);
    this.refs.push(reference);
  }

  summary() {
    const ratio = this.ours.map((o, i) => o.mibps / this.refs[i].mibps);
    const cpuRatio = this.ours.map((o, i) => o.cpuMs / this.refs[i].cpuMs);
    const perGiB = (ms: number) => ms / 1000 / (this.bytes / GiB);
    return {
      oursMiBps: round(median(this.ours.map((o) => o.mibps))),
      refMiBps: round(median(this.refs.map((r) => r.mibps))),
      ratio: round(median(ratio), 3),
      ratioMin: round(Math.min(...ratio), 3),
      ratioMax: round(Math.max(...ratio), 3),
      pairRatios: ratio.map((r) => round(r, 3)),
      /** CPU seconds (user + sys) per GiB sent: the uploader process, and curl. */
      oursCpuSPerGiB: round(median(this.ours.map((o) => perGiB(o.cpuMs))), 3),
      refCpuSPerGiB: round(median(this.refs.map((r) => perGiB(r.cpuMs))), 3),
      /** Ours over curl's CPU time, per pair (lower is better). */
      cpuRatio: round(median(cpuRatio), 3),
      cpuRatioMin: round(Math.min(...cpuRatio), 3),
      cpuRatioMax: round(Math.max(...cpuRatio), 3),
      endToEndMiBps: round(median(this.ours.map((o) => o.endToEndMiBps))),
      endToEndRatio: round(median(this.ours.map((o, i) => o.endToEndMiBps / this.refs[i].mibps)), 3),
      peakRssOverIdleMiB: round(Math.max(...this.ours.map((o) => o.rssOverIdle)) / 2 ** 20),
    };
  }
}

export type PairFigures = ReturnType<PairSeries['summary']>;

/** "0.93 (0.81–1.12)": a median of pairs and its spread. */
export const withSpread = (median: number, min: number, max: number): string => `${median} (${min}–${max})`;
