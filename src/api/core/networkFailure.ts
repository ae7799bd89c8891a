import { along, codeOf, proxyTagOf } from './networkErrors';

/**
 * The message for a failure below HTTP caused by a proxy (refused with 407 or another status,
 * unreachable, its TLS) or a certificate, naming the proxy and the setting to change, or the host
 * and what to trust; undefined for other failures. Apart from networkErrors.ts, which the proxy's
 * bundle imports: this module loads that bundle, so no two modules load each other.
 */
export function networkFailureText(error: unknown, host: string): string | undefined {
  const proxy = proxyTagOf(error);
  const code = along(error, codeOf);
  if (!proxy && !/CERT|UNABLE_TO_/.test(code ?? '')) return undefined;
  // Their words live in the proxy's bundle (loaded already for a proxied request; on a certificate error, for it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./proxyAgent') as typeof import('./proxyAgent')).failureText(error, host, code, proxy);
}
