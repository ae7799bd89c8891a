import { along, codeOf, isTunnelCode, proxyTagOf, type ProxyTag, type TunnelCode } from './networkErrors';

// What a failure through a proxy or with a certificate means: static here (no lazy load of the proxy's
// bundle, which imports networkErrors.ts too), since an error's message is made synchronously.

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNRESET']);

/** Certificate failures of TLS (Node's and OpenSSL's codes). */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** What to tell when a request failed at or because of a certificate: which host, and what to do. */
function certificateText(code: string, host: string, proxy: ProxyTag | undefined): string {
  const through = proxy ? ` (through the proxy ${proxy.shown}, which may inspect TLS with a certificate of its own)` : '';
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return `the certificate of ${host} is not valid now (${code})${through}: check the machine's clock, or tell the host's administrator`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the certificate of ${host} is for another host name (${code})${through}: check the address`;
  return (
    `the certificate of ${host} is not trusted (${code})${through}: if a private or company certificate authority signs it, ` +
    'set NODE_EXTRA_CA_CERTS to its PEM file or add it to the system certificates (http.systemCertificates on), then restart VS Code'
  );
}

/**
 * The message for a failure below HTTP caused by a proxy (refused with 407 or another status,
 * unreachable, its TLS, a tunnel closed or not opened in time) or a certificate, naming the proxy and
 * the setting to change, or the host and what to trust; undefined for other failures.
 */
export function networkFailureText(error: unknown, host: string): string | undefined {
  const proxy = proxyTagOf(error);
  const code = along(error, codeOf);
  if (!proxy && !/CERT|UNABLE_TO_/.test(code ?? '')) return undefined;
  const said = proxy && along(error, (e) => /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(String((e as Error).message)) ?? undefined);
  const status = said && Number(said[1] ?? said[2]);
  if (proxy && status === 407) {
    return `the proxy ${proxy.shown} asks for credentials (407 Proxy Authentication Required): set http.proxyAuthorization, or user:password in ${proxy.setting}`;
  }
  if (proxy && status) return `the proxy ${proxy.shown} refused to connect to ${host} (${status}): check ${proxy.setting}, or add ${host} to http.noProxy / NO_PROXY if it is reached directly`;
  if (!code) return undefined;
  const tunnel = proxy && along(error, (e) => (isTunnelCode(codeOf(e)) ? (e as { code: TunnelCode; timeoutMs: number }) : undefined));
  const direct = `check ${proxy?.setting}, or add ${host} to http.noProxy / NO_PROXY if it is reached directly`;
  if (tunnel?.code === 'PROXY_TUNNEL_CLOSED') return `the proxy ${proxy!.shown} closed the connection instead of opening a tunnel to ${host}: ${direct}`;
  if (tunnel) return `no connection to ${host} through the proxy ${proxy.shown} within ${Math.ceil(tunnel.timeoutMs / 1000)} s: ${direct}`;
  if (proxy?.atProxy && CERTIFICATE_CODES.has(code)) {
    return `the certificate of the proxy ${proxy.shown} is not trusted (${code}): trust its certificate authority (NODE_EXTRA_CA_CERTS, or the system certificates), or turn http.proxyStrictSSL off`;
  }
  if (proxy?.atProxy && UNREACHABLE.has(code)) return `cannot reach the proxy ${proxy.shown} (${code}): check ${proxy.setting}`;
  return CERTIFICATE_CODES.has(code) ? certificateText(code, host, proxy) : undefined;
}
