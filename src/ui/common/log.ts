import * as vscode from 'vscode';
import { apiCallLine, type ApiCallRecord } from '../../api';

const recovered = new vscode.EventEmitter<void>();
/**
 * Fires when a call succeeds after one that failed: the service is back, so the views that could
 * not load (an outage, not a refusal) load again by themselves.
 */
export const onDidRecover = recovered.event;
let failing = false;

/** Logs one API call (method, path, status, duration) to the Livepeer output channel, redacted and bounded. */
export function logApiCall(log: vscode.LogOutputChannel, secrets: () => Iterable<string | undefined>) {
  return (call: ApiCallRecord): void => {
    const line = apiCallLine(call, secrets());
    if (call.error) log.warn(line);
    else log.info(line);
    if (call.error) failing = true;
    else if (failing) {
      failing = false;
      recovered.fire();
    }
  };
}
