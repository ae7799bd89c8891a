import type { UploadProgress } from '../../upload';
import { byteSize, rate } from '../common/format';

/** "850 ms", "2.3 s", "42 s", "3 min 5 s", "1 h 2 min". */
export function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min${whole % 60 ? ` ${whole % 60} s` : ''}`;
  const minutes = Math.round(whole / 60);
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** "sent 105 MB in 2.3 s (45.7 MB/s)", with the rate computed from the same bytes and time. */
export function transferSummary(bytesSent: number, ms: number): string {
  if (bytesSent <= 0) return 'nothing left to send';
  const speed = ms > 0 ? ` (${rate((bytesSent * 1000) / ms)})` : '';
  return `sent ${byteSize(bytesSent)} in ${duration(ms)}${speed}`;
}

export function timeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} s left`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min left`;
  return `${(seconds / 3600).toFixed(1)} h left`;
}

/** "42% · 12.3 MB/s · 5 s left" (rate and time once the meter has a rate). */
export function describeProgress(progress: UploadProgress): string {
  const parts = [`${Math.floor(progress.fraction * 100)}%`];
  if (progress.bytesPerSecond > 0) parts.push(rate(progress.bytesPerSecond));
  if (progress.etaSeconds !== undefined && progress.fraction < 1) parts.push(timeLeft(progress.etaSeconds));
  return parts.join(' · ');
}
