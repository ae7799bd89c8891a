/** How amounts and times of a transfer read, in the log and in the views. */
const kB = 1_000;
const MB = 1_000_000;
const GB = 1_000_000_000;

/** "512 kB", "3.4 MB", "105 MB", "1.2 GB": three significant figures at most, in the unit that reads best. */
export function byteSize(bytes: number): string {
  const [unit, name] = bytes >= GB ? [GB, 'GB'] : bytes >= MB ? [MB, 'MB'] : bytes >= kB ? [kB, 'kB'] : [1, 'B'];
  const value = bytes / unit;
  return `${value.toFixed(value < 10 && unit > 1 ? 1 : 0)} ${name}`;
}

/** "12.3 MB/s", "640 kB/s". */
export function rate(bytesPerSecond: number): string {
  return `${byteSize(bytesPerSecond)}/s`;
}

/**
 * How long something took or lasted: "850 ms", "2.3 s", "3 min 5 s", "1 h 2 min" in messages and the
 * log; for a tree row (`row`), "35s", "42m", "1h 05m".
 */
export function duration(ms: number, row = false): string {
  if (row) {
    const total = Math.round(ms / 1_000);
    if (total < 60) return `${total}s`;
    const minutes = Math.floor(total / 60);
    return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
  }
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
