import * as vscode from 'vscode';
import { redact, type ApiCallRecord } from '../../api';

/** Logs one API call (method, path, status, duration) to the Livepeer output channel. */
export function logApiCall(log: vscode.LogOutputChannel, secrets: () => Iterable<string | undefined>) {
  return (call: ApiCallRecord): void => {
    const retried = call.attempts > 1 ? `, ${call.attempts} attempts` : '';
    const line = `${call.method} ${call.path} → ${call.status ?? 'no response'} (${call.durationMs} ms${retried})${call.error ? `: ${call.error}` : ''}`;
    const safe = redact(line, secrets());
    if (call.error) log.warn(safe);
    else log.info(safe);
  };
}
