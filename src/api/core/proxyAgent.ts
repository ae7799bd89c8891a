import type { ConnectionOptions } from 'node:tls';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent';
import Pool from 'undici/lib/dispatcher/pool';
import type { Dispatcher } from 'undici';
import { along, tagProxyError, type ProxyTag } from './networkErrors';
import type { AgentOptions } from './network';

// Requests through a proxy, in a bundle of their own (dist/proxyAgent.js), loaded only when a proxy is
// configured, so extension.js stays within its budget: which requests go through it (proxyRoute),
// undici's ProxyAgent (CONNECT tunnels, Basic auth, https and socks proxies), and what its refusals and
// certificate failures mean (loaded for those too: they are rare, and extension.js has no room for their words).
export { proxyRoute } from './proxyRoute';

export interface ProxyAgentOptions {
  agent: AgentOptions;
  /** The proxy, credentials included. */
  proxy: string;
  route: ProxyTag;
  /** The Proxy-Authorization header value (http.proxyAuthorization). */
  token?: string;
  requestTls: ConnectionOptions;
  proxyTls: ConnectionOptions;
}

type Connector = (options: object, callback: (error: Error | null, socket: unknown) => void) => void;

export function createProxyAgent(options: ProxyAgentOptions): Dispatcher {
  const atProxy = { ...options.route, atProxy: true };
  return new ProxyAgent({
    ...options.agent,
    uri: options.proxy,
    token: options.token,
    requestTls: { ...options.requestTls, timeout: options.agent.connect && 'timeout' in options.agent.connect ? options.agent.connect.timeout : undefined },
    proxyTls: options.proxyTls,
    // Failures on the way to the proxy itself (refused, DNS, its certificate) are told as the proxy's.
    clientFactory: (origin: URL, clientOptions: { connect: Connector }) =>
      new Pool(origin, {
        ...clientOptions,
        connect: (connectOptions: object, callback: (error: Error | null, socket: unknown) => void) =>
          clientOptions.connect(connectOptions, (error, socket) => {
            if (error) tagProxyError(error, atProxy);
            callback(error, socket);
          }),
      } as never),
  } as never);
}

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

/** What a failure through a proxy or with a certificate means (see networkFailureText); undefined for any other. */
export function failureText(error: unknown, host: string, code: string | undefined, proxy: ProxyTag | undefined): string | undefined {
  const said = proxy && along(error, (e) => /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(String((e as Error).message)) ?? undefined);
  const status = said && Number(said[1] ?? said[2]);
  if (proxy && status === 407) {
    return `the proxy ${proxy.shown} asks for credentials (407 Proxy Authentication Required): set http.proxyAuthorization, or user:password in ${proxy.setting}`;
  }
  if (proxy && status) return `the proxy ${proxy.shown} refused to connect to ${host} (${status}): check ${proxy.setting}, or add ${host} to http.noProxy / NO_PROXY if it is reached directly`;
  if (!code) return undefined;
  if (proxy?.atProxy && CERTIFICATE_CODES.has(code)) {
    return `the certificate of the proxy ${proxy.shown} is not trusted (${code}): trust its certificate authority (NODE_EXTRA_CA_CERTS, or the system certificates), or turn http.proxyStrictSSL off`;
  }
  if (proxy?.atProxy && UNREACHABLE.has(code)) return `cannot reach the proxy ${proxy.shown} (${code}): check ${proxy.setting}`;
  return CERTIFICATE_CODES.has(code) ? certificateText(code, host, proxy) : undefined;
}
