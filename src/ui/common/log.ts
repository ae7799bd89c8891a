import * as vscode from 'vscode';
import { apiCallLine, type ApiCallRecord } from '../../api';

/** Logs one API call (method, path, status, duration) to the Livepeer output channel, redacted and bounded. */
export function logApiCall(log: vscode.LogOutputChannel, secrets: () => Iterable<string | undefined>) {
  return (call: ApiCallRecord): void => {
    const line = apiCallLine(call, secrets());
    if (call.error) log.warn(line);
    else log.info(line);
  };
}
