import type { EstimateGate, Upload, UploadProgress } from '../../upload';
import { byteSize, quoted, rate } from '../common/format';
import * as l10n from '@vscode/l10n';

export { duration, transferSummary } from '../../upload/transferText';

export function timeLeft(seconds: number): string {
  if (seconds < 60) return l10n.t('{0} s left', Math.max(1, Math.ceil(seconds)));
  if (seconds < 3600) return l10n.t('{0} min left', Math.ceil(seconds / 60));
  return l10n.t('{0} h left', (seconds / 3600).toFixed(1));
}

/** "42% · 12.3 MB/s · 5 s left" (rate and time once the meter has a rate), or "77% · retrying (server not answering)". */
export function describeProgress(progress: UploadProgress): string {
  const parts = [`${Math.floor(progress.fraction * 100)}%`];
  // A frozen rate of before the failure would say the upload still moves.
  if (progress.retrying) return [...parts, l10n.t('retrying ({0})', progress.retrying)].join(' · ');
  if (progress.bytesPerSecond > 0) parts.push(rate(progress.bytesPerSecond));
  if (progress.etaSeconds !== undefined && progress.fraction < 1) parts.push(timeLeft(progress.etaSeconds));
  return parts.join(' · ');
}

/**
 * One file: "“name” · 42% · 12.3 MB/s · 5 s left"; several: "2 of 5 files done · 1 paused · 120 MB of 400 MB · 12.3 MB/s · 30 s left",
 * the time left once `gate` says enough of this batch's bytes went to tell. A paused file is neither done
 * nor waited for: its bytes are not in the time left.
 */
export function describeBatch(uploads: Upload[], gate: EstimateGate): { text: string; percent: number } {
  const total = uploads.reduce((sum, u) => sum + u.progress.totalBytes, 0);
  const sent = uploads.reduce((sum, u) => sum + u.progress.bytesSent, 0);
  const percent = total ? (sent / total) * 100 : 0;
  if (uploads.length === 1) {
    const [upload] = uploads;
    return { text: `${quoted(upload.name)} · ${upload.phase === 'queued' ? l10n.t('queued') : describeProgress(upload.progress)}`, percent };
  }
  const paused = uploads.filter((u) => u.outcome?.status === 'paused').length;
  const ended = uploads.filter((u) => u.phase === 'ended').length - paused;
  const speed = uploads.filter((u) => u.phase === 'running').reduce((sum, u) => sum + u.progress.bytesPerSecond, 0);
  const parts = [l10n.t('{0} of {1} files done', ended, uploads.length), ...(paused ? [l10n.t('{0} paused', paused)] : []), l10n.t('{0} of {1}', byteSize(sent), byteSize(total))];
  // Bytes this batch sends, without what resumed uploads had sent before.
  const before = uploads.reduce((sum, u) => sum + (u.resumedEntry?.bytesDone ?? 0), 0);
  const waitedFor = uploads.filter((u) => u.phase !== 'ended');
  const left = waitedFor.reduce((sum, u) => sum + u.progress.totalBytes - u.progress.bytesSent, 0);
  if (speed > 0) parts.push(rate(speed));
  if (speed > 0 && left > 0 && gate.ready(sent - before, total - before)) parts.push(timeLeft(left / speed));
  return { text: parts.join(' · '), percent };
}
