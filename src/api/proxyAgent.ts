import type { ConnectionOptions } from 'node:tls';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent';
import Pool from 'undici/lib/dispatcher/pool';
import type { Dispatcher } from 'undici';
import { CERTIFICATE_CODES, along, codeOf, tagProxyError, type ProxyTag } from './networkErrors';
import type { AgentOptions } from './network';

// Requests through a proxy, in a bundle of their own (dist/proxyAgent.js), loaded only when a proxy is
// configured, so extension.js stays within its budget: which requests go through it (proxyRoute),
// undici's ProxyAgent (CONNECT tunnels, Basic auth, https and socks proxies), and what its refusals mean.
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

/** What a failure through `proxy` means when the proxy caused it (407, another refusal, unreachable, its certificate); else undefined. */
export function proxyFailureText(error: unknown, host: string, proxy: ProxyTag): string | undefined {
  const said = along(error, (e) => /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(String((e as Error).message)) ?? undefined);
  const status = said && Number(said[1] ?? said[2]);
  if (status === 407) {
    return `the proxy ${proxy.shown} asks for credentials (407 Proxy Authentication Required): set http.proxyAuthorization, or user:password in ${proxy.setting}`;
  }
  if (status) return `the proxy ${proxy.shown} refused to connect to ${host} (${status}): check ${proxy.setting}, or add ${host} to http.noProxy / NO_PROXY if it is reached directly`;
  const code = along(error, codeOf);
  if (!proxy.atProxy || !code) return undefined;
  if (CERTIFICATE_CODES.has(code)) {
    return `the certificate of the proxy ${proxy.shown} is not trusted (${code}): trust its certificate authority (NODE_EXTRA_CA_CERTS, or the system certificates), or turn http.proxyStrictSSL off`;
  }
  return UNREACHABLE.has(code) ? `cannot reach the proxy ${proxy.shown} (${code}): check ${proxy.setting}` : undefined;
}
