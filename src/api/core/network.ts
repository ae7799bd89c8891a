import { readFileSync } from 'node:fs';
import type { SecureContext } from 'node:tls';
import { StudioApiError } from './errors';
import { tagProxyError } from './networkErrors';
import { proxyConfigured, proxyRoute, type NetworkSettings, type ProxyRoute } from './proxyRoute';
import { rememberSecrets } from './knownSecrets';
import { createAgent, type AgentOptions, type Dispatcher } from './undiciParts';

let configured: NetworkSettings | (() => NetworkSettings) = {};
/** What `configured` read, once per configureNetwork. */
let read: NetworkSettings | undefined;
/** The trust for TLS under those settings, built once for every dispatcher (see readTrust). */
let trusted: Trust | undefined;
/** Bumped by each configureNetwork: dispatchers made before are not reused for new requests. */
let generation = 0;

/**
 * Sets how every request of the extension leaves the machine (the VS Code layer passes the user's
 * http.* settings): the settings, or how to read them, read at the next request (reading VS Code's
 * settings takes a while: a window that sends nothing never reads them).
 */
export function configureNetwork(settings: NetworkSettings | (() => NetworkSettings)): void {
  configured = settings;
  read = undefined;
  trusted = undefined;
  generation++;
}

function current(): NetworkSettings {
  return (read ??= typeof configured === 'function' ? configured() : configured);
}

type Trust = { secureContext?: SecureContext; ca?: string[] };

/**
 * The trust for TLS: Node's own authorities plus NODE_EXTRA_CA_CERTS and the system's where readable,
 * as one context that every connection shares; {} when nothing is added. Handed `ca` alone, Node
 * builds a context on each connection, adding every authority again: ~55 ms of CPU per connection
 * with the ~290 of Node 22's roots and a system store (docs/performance.md, ninth round). `ca` rides
 * along, unused by Node when it has the context: VS Code's TLS patch (http.experimental.systemCertificatesV2)
 * leaves a connection that names its authorities alone, and would add its own to the shared context on each.
 */
function readTrust(settings: NetworkSettings): Trust {
  // Loaded here, by the first dispatcher: node:tls (and node:net under it) take ~20 ms to load, which the extension's own load does not wait for.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tls = require('node:tls') as typeof import('node:tls');
  const env = settings.env ?? process.env;
  const extra: string[] = [];
  // Node reads NODE_EXTRA_CA_CERTS only when the process starts; read here, it also counts when set for VS Code alone.
  if (env.NODE_EXTRA_CA_CERTS) {
    try {
      extra.push(readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8'));
    } catch {
      // Unreadable: Node said so at start-up; the certificate error that follows names what to do.
    }
  }
  // Node 22.15+ reads the operating system's store; older runtimes rely on VS Code adding it to every TLS context.
  const system = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (settings.systemCertificates !== false && system) extra.push(...system('system'));
  if (!extra.length) return {};
  const ca = [...tls.rootCertificates, ...extra];
  return { secureContext: tls.createSecureContext({ ca }), ca };
}

/** The proxy's parts: their own bundle (dist/proxyAgent.js), loaded once a proxy is configured. */
function proxyParts(): typeof import('./proxyAgent') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./proxyAgent') as typeof import('./proxyAgent');
}

/** Origins never reached through a proxy, whatever the settings: Local Studio's, whose token stays on this machine. */
const direct = new Set<string>();

/** Requests to these origins (`http://127.0.0.1:3000`, as URL.origin has them) go straight from now on; returns how to stop. */
export function connectDirectly(origins: string[]): () => void {
  for (const origin of origins) direct.add(origin);
  return () => origins.forEach((origin) => direct.delete(origin));
}

function routeFor(origin: string): ProxyRoute | undefined {
  const settings = current();
  if (!proxyConfigured(settings) || direct.has(origin)) return undefined;
  try {
    return proxyRoute(new URL(origin), settings);
  } catch (error) {
    throw StudioApiError.config((error as Error).message);
  }
}

/** A handler that tags the errors it hears with the proxy the request went through. */
function tagging(handler: Dispatcher.DispatchHandler, route: ProxyRoute): Dispatcher.DispatchHandler {
  const tag = { shown: route.shown, setting: route.setting };
  return new Proxy(handler, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'onError') return (error: Error) => (tagProxyError(error, tag), value.call(target, error) as unknown);
      if (property === 'onResponseError') return (controller: unknown, error: Error) => (tagProxyError(error, tag), value.call(target, controller, error) as unknown);
      return value.bind(target) as unknown;
    },
  });
}

/**
 * The dispatcher of every request the extension makes: per request, direct or through the proxy
 * the user's settings and the environment name for its host (see proxyRoute), with the private
 * certificate authorities trusted. Its errors name the proxy and the setting when the proxy failed.
 */
export class NetAgent {
  private readonly routes = new Map<string, Dispatcher>();

  constructor(private readonly options: AgentOptions = {}) {}

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const route = routeFor(String(options.origin));
    const key = `${generation} ${route?.url.href ?? 'direct'}`;
    let dispatcher = this.routes.get(key);
    if (!dispatcher) {
      // Settings changed since: the old pools finish what they run, and take nothing new.
      for (const [old, stale] of this.routes) {
        if (old.startsWith(`${generation} `)) continue;
        void stale.close().catch(() => undefined);
        this.routes.delete(old);
      }
      dispatcher = this.create(route);
      this.routes.set(key, dispatcher);
    }
    return dispatcher.dispatch(options, route ? tagging(handler, route) : handler);
  }

  private create(route: ProxyRoute | undefined): Dispatcher {
    const settings = current();
    trusted ??= readTrust(settings);
    if (!route) return createAgent({ ...this.options, connect: { ...this.options.connect, ...trusted } });
    // The proxy's password and Proxy-Authorization: blanked by value in every text from now on (a proxy's answer may echo them).
    rememberSecrets(route.url.password && decodeURIComponent(route.url.password), settings.proxyAuthorization);
    return proxyParts().createProxyAgent({
      agent: this.options,
      proxy: route.url.href,
      route: { shown: route.shown, setting: route.setting },
      token: settings.proxyAuthorization || undefined,
      requestTls: trusted,
      proxyTls: { ...trusted, rejectUnauthorized: settings.proxyStrictSSL !== false },
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.routes.values()].map((d) => d.close()));
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.routes.values()].map((d) => d.destroy()));
  }
}
