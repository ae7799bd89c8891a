import * as vscode from 'vscode';
import type { ApiCallRecord } from '../api';
import { redactUrl } from '../upload';

/** Removes every secret the extension knows of from a log line (upload tokens in addresses included). */
function redact(text: string, secrets: Iterable<string | undefined>): string {
  let clean = redactUrl(text);
  for (const secret of secrets) {
    if (secret && secret.length >= 4) clean = clean.split(secret).join('***');
  }
  return clean;
}

/** Logs one API call (method, path, status, duration) to the Livepeer output channel. */
export function logApiCall(log: vscode.LogOutputChannel, secrets: () => Iterable<string | undefined>) {
  return (call: ApiCallRecord): void => {
    const line = `${call.method} ${call.path} → ${call.status ?? 'no response'} (${call.durationMs} ms)${call.error ? `: ${call.error}` : ''}`;
    const safe = redact(line, secrets());
    if (call.error) log.warn(safe);
    else log.info(safe);
  };
}
