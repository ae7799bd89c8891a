import type { ConnectionOptions } from 'node:tls';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent';
import Pool from 'undici/lib/dispatcher/pool';
import connectApi from 'undici/lib/api/api-connect';
import type { Dispatcher } from 'undici';
import { along, codeOf, tagProxyError, type ProxyTag } from './networkErrors';
import type { AgentOptions } from './undiciParts';

// Requests through a proxy, in a bundle of their own (dist/proxyAgent.js), loaded only when a proxy is
// configured, so extension.js stays within its budget: undici's ProxyAgent (CONNECT tunnels, Basic
// auth, https and socks proxies), and what its refusals and certificate failures mean (loaded for
// those too: they are rare, and extension.js has no room for their words).

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

interface ConnectTarget {
  hostname: string;
  port: string;
  protocol: string;
  signal?: AbortSignal;
}
type Connector = (options: ConnectTarget, callback: (error: Error | null, socket: { destroy(): void } | null) => void) => void;

/** undici's own default for a connection's set-up, when the request names none. */
const UNDICI_CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool to the proxy, with undici's CONNECT method: the package's index adds its request methods to
 * every dispatcher, and this bundle loads undici's parts without the index, so ProxyAgent's
 * `client.connect()` would be missing (every request through a proxy failed at once, before any connection).
 */
class ProxyPool extends Pool {
  connect(options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData> {
    return connectApi.call(this, options);
  }
}

/** A tunnel the proxy closed or did not open in time: told as the proxy's failure, never retried by undici's client. */
export class TunnelError extends Error {
  constructor(
    readonly code: 'PROXY_TUNNEL_CLOSED' | 'PROXY_TUNNEL_TIMEOUT',
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(code === 'PROXY_TUNNEL_CLOSED' ? 'the proxy closed the connection instead of opening a tunnel' : 'no tunnel through the proxy in time', { cause });
    this.name = 'TunnelError';
  }
}

/**
 * The tunnel's set-up (the connection to the proxy, CONNECT, TLS to the host through it) within `timeoutMs`:
 * undici gives a CONNECT its 300 s headers timeout, and a proxy that closes the connection on CONNECT
 * fails with a socket error, on which undici's client connects again at once, forever.
 */
function withinDeadline(connect: Connector, timeoutMs: number, route: ProxyTag): Connector {
  return (target, callback) => {
    const controller = new AbortController();
    let settled = false;
    const settle = (error: Error | null, socket: { destroy(): void } | null) => {
      if (settled) return socket?.destroy();
      settled = true;
      clearTimeout(timer);
      if (error) tagProxyError(error, route);
      callback(error, socket);
    };
    const timer = setTimeout(() => {
      const error = new TunnelError('PROXY_TUNNEL_TIMEOUT', timeoutMs);
      controller.abort(error);
      settle(error, null);
    }, timeoutMs);
    connect({ ...target, signal: controller.signal }, (error, socket) => {
      const closed = error && /^UND_ERR_(SOCKET|INFO)$/.test(along(error, codeOf) ?? '');
      settle(closed ? new TunnelError('PROXY_TUNNEL_CLOSED', timeoutMs, error) : error, socket);
    });
  };
}

export function createProxyAgent(options: ProxyAgentOptions): Dispatcher {
  const atProxy = { ...options.route, atProxy: true };
  const connectTimeout = options.agent.connect && 'timeout' in options.agent.connect ? options.agent.connect.timeout : undefined;
  const timeout = connectTimeout ?? UNDICI_CONNECT_TIMEOUT_MS;
  return new ProxyAgent({
    ...options.agent,
    uri: options.proxy,
    token: options.token,
    requestTls: { ...options.requestTls, timeout },
    proxyTls: { ...options.proxyTls, timeout },
    // Failures on the way to the proxy itself (refused, DNS, its certificate) are told as the proxy's.
    clientFactory: (origin: URL, clientOptions: { connect: Connector }) =>
      new ProxyPool(origin, {
        ...clientOptions,
        connect: (connectOptions: ConnectTarget, callback: Parameters<Connector>[1]) =>
          clientOptions.connect(connectOptions, (error, socket) => {
            if (error) tagProxyError(error, atProxy);
            callback(error, socket);
          }),
      } as never),
    factory: (origin: URL, agentOptions: { connect: Connector }) => new Pool(origin, { ...agentOptions, connect: withinDeadline(agentOptions.connect, timeout, options.route) } as never),
  });
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
  const tunnel = proxy && along(error, (e) => (e instanceof TunnelError ? e : undefined));
  const direct = `check ${proxy?.setting}, or add ${host} to http.noProxy / NO_PROXY if it is reached directly`;
  if (tunnel?.code === 'PROXY_TUNNEL_CLOSED') return `the proxy ${proxy!.shown} closed the connection instead of opening a tunnel to ${host}: ${direct}`;
  if (tunnel) return `no connection to ${host} through the proxy ${proxy.shown} within ${Math.ceil(tunnel.timeoutMs / 1000)} s: ${direct}`;
  if (proxy?.atProxy && CERTIFICATE_CODES.has(code)) {
    return `the certificate of the proxy ${proxy.shown} is not trusted (${code}): trust its certificate authority (NODE_EXTRA_CA_CERTS, or the system certificates), or turn http.proxyStrictSSL off`;
  }
  if (proxy?.atProxy && UNREACHABLE.has(code)) return `cannot reach the proxy ${proxy.shown} (${code}): check ${proxy.setting}`;
  return CERTIFICATE_CODES.has(code) ? certificateText(code, host, proxy) : undefined;
}
