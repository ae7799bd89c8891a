import type { UploadProgress } from '../../upload';
import { rate } from '../common/format';

export { duration, transferSummary } from '../../upload/transferText';

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
