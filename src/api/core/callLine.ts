import { TEXT_LIMITS, bounded } from './bounded';
import type { ApiCallRecord } from './http';
import { redact } from './redact';

/**
 * One API call as a log line (method, path, status, duration, error), secrets redacted first and
 * then every part bounded: cutting first could split a secret so that redaction no longer finds it.
 */
export function apiCallLine(call: ApiCallRecord, secrets: Iterable<string | undefined>): string {
  const known = [...secrets];
  const path = bounded(redact(call.path, known), TEXT_LIMITS.path);
  const retried = call.attempts > 1 ? `, ${call.attempts} attempts` : '';
  const error = call.error ? `: ${redact(call.error, known)}` : '';
  return bounded(`${call.method} ${path} → ${call.status ?? 'no response'} (${call.durationMs} ms${retried})${error}`, TEXT_LIMITS.logLine);
}
