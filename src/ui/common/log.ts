import * as vscode from 'vscode';
import { apiCallLine, type ApiCallRecord } from '../../api';

const recovered = new vscode.EventEmitter<string>();
/**
 * Fires with a service's base URL when a call to it succeeds after one that failed: that service is
 * back, so the views of a profile using it that could not load (an outage, not a refusal) load again
 * by themselves. Another service answering says nothing of this one.
 */
export const onDidRecover = recovered.event;
/** The base URLs whose last call failed. */
const failing = new Set<string>();

/** Logs one API call to `baseUrl` (method, path, status, duration) to the Livepeer output channel, redacted and bounded. */
export function logApiCall(log: vscode.LogOutputChannel, secrets: () => Iterable<string | undefined>, baseUrl: string) {
  return (call: ApiCallRecord): void => {
    const line = apiCallLine(call, secrets());
    if (call.error) log.warn(line);
    else log.info(line);
    if (call.error) failing.add(baseUrl);
    else if (failing.delete(baseUrl)) recovered.fire(baseUrl);
  };
}
