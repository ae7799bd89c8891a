import type { ConnectionOptions } from 'node:tls';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent';
import Pool from 'undici/lib/dispatcher/pool';
import connectApi from 'undici/lib/api/api-connect';
import type { Dispatcher } from 'undici';
import { along, codeOf, tagProxyError, type ProxyTag, type TunnelCode } from './networkErrors';
import type { AgentOptions } from './undiciParts';

// Requests through a proxy, in a bundle of their own (dist/proxyAgent.js), loaded only when a proxy is
// configured, so extension.js stays within its budget: undici's ProxyAgent (CONNECT tunnels, Basic
// auth, https and socks proxies). What its refusals mean is told by networkFailure.ts.

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

/** A tunnel the proxy closed or did not open in time: told as the proxy's failure (by its code), never retried by undici's client. */
export class TunnelError extends Error {
  constructor(
    readonly code: TunnelCode,
    readonly timeoutMs: number,
    cause?: unknown,
  ) {
    super(code, { cause });
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
