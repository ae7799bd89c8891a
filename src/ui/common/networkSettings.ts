import * as vscode from 'vscode';
import { configureNetwork } from '../../api';
import { userValue } from './settings';

/**
 * Keeps every request of the extension on the way VS Code's own requests take: `http.proxy`,
 * `http.noProxy`, `http.proxyAuthorization`, `http.proxyStrictSSL`, `http.proxySupport` and
 * `http.systemCertificates`, as the user set them (a folder's value never counts: it could send the
 * API token through a proxy of its choosing), and the proxy environment variables.
 */
export function followNetworkSettings(): vscode.Disposable {
  // Read by the next request, not now: activation does not wait for VS Code's settings.
  const apply = () =>
    configureNetwork(() => ({
      proxy: userValue<string>('http', 'proxy'),
      noProxy: userValue<string[]>('http', 'noProxy'),
      proxyAuthorization: userValue<string | null>('http', 'proxyAuthorization') ?? undefined,
      proxyStrictSSL: userValue<boolean>('http', 'proxyStrictSSL'),
      proxySupport: userValue<string>('http', 'proxySupport'),
      systemCertificates: userValue<boolean>('http', 'systemCertificates'),
      env: process.env,
    }));
  apply();
  return vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('http') && apply());
}
