import * as l10n from '@vscode/l10n';
import { isLoopbackHost } from './baseUrl';

/** How requests leave this machine: VS Code's `http.*` settings as the user set them, and the process environment. */
export interface NetworkSettings {
  /** `http.proxy`; empty: the environment's HTTPS_PROXY / HTTP_PROXY. */
  proxy?: string;
  /** `http.noProxy`, added to NO_PROXY. */
  noProxy?: readonly string[];
  /** `http.proxyAuthorization`: the Proxy-Authorization header sent to the proxy (a secret). */
  proxyAuthorization?: string;
  /** `http.proxyStrictSSL`: whether an https:// proxy's own certificate is checked (the service's always is). */
  proxyStrictSSL?: boolean;
  /** `http.proxySupport`: `off` = no proxy at all. */
  proxySupport?: string;
  /** `http.systemCertificates`: trust the operating system's certificate authorities where this runtime can read them. */
  systemCertificates?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
}

export interface ProxyRoute {
  /** The proxy, credentials included (never shown: see `shown`). */
  url: URL;
  /** The proxy without credentials, for messages. */
  shown: string;
  /** Where it was set, for messages: `http.proxy` or the environment variable's name. */
  setting: string;
}

/** Chromium's bypass rule that opts loopback addresses into the proxy; without it they never go through one. */
export const PROXY_LOOPBACK = '<-loopback>';

function fromEnv(env: Readonly<Record<string, string | undefined>>, names: string[]): { value: string; setting: string } | undefined {
  const name = names.find((n) => env[n]?.trim());
  return name ? { value: env[name]!.trim(), setting: name } : undefined;
}

/** The bypass list: http.noProxy and NO_PROXY (either case), as lowercase entries. */
export function bypassList(settings: NetworkSettings): string[] {
  const env = settings.env ?? process.env;
  const listed = fromEnv(env, ['no_proxy', 'NO_PROXY'])?.value.split(/[\s,]+/) ?? [];
  return [...(settings.noProxy ?? []), ...listed].map((entry) => entry.trim().toLowerCase()).filter(Boolean);
}

/** Whether `hostname` (an IP address; names are not resolved, as curl does not) is in the range `address/prefix`. */
function inRange(hostname: string, address: string, prefix: number): boolean {
  // Loaded by the first NO_PROXY range checked, not when the extension loads (node:net takes ~10 ms to load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BlockList, isIP } = require('node:net') as typeof import('node:net');
  const family = isIP(address);
  if (!family || isIP(hostname) !== family || prefix > (family === 4 ? 32 : 128)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const range = new BlockList();
  range.addSubnet(address, prefix, type);
  return range.check(hostname, type);
}

/** Whether a NO_PROXY entry (`*`, `host`, `.domain`, `*.domain`, `host:port`, an IP, a CIDR range like `10.0.0.0/8`) covers `target`. */
export function bypasses(entry: string, target: URL): boolean {
  if (entry === '*') return true;
  const hostname = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const cidr = /^\[?([^\]/]+)\]?\/(\d{1,3})$/.exec(entry);
  if (cidr) return inRange(hostname, cidr[1], Number(cidr[2]));
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  // "[::1]:8080" and "host:8080" carry a port; a bare IPv6 address has colons of its own.
  const ported = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? (entry.split(':').length === 2 ? /^([^:]+):(\d+)$/.exec(entry) : null);
  const name = ported?.[1] ?? entry;
  if (ported?.[2] && ported[2] !== port) return false;
  const domain = name.replace(/^\*?\./, '');
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];

/** Whether any request may go through a proxy: otherwise the proxy's bundle is never loaded. */
export function proxyConfigured(settings: NetworkSettings): boolean {
  const env = settings.env ?? process.env;
  return settings.proxySupport !== 'off' && !!(settings.proxy?.trim() || PROXY_VARIABLES.some((name) => env[name]?.trim()));
}

/**
 * The proxy a request to `target` goes through (throws an Error saying what to fix when it is not an address), or undefined for a direct connection: none with
 * `http.proxySupport` off, for loopback (unless the bypass list says `<-loopback>`) or for a host the
 * bypass list names. `http.proxy` first, else HTTPS_PROXY (https targets) / HTTP_PROXY, lowercase first.
 */
export function proxyRoute(target: URL, settings: NetworkSettings): ProxyRoute | undefined {
  if (settings.proxySupport === 'off') return undefined;
  const env = settings.env ?? process.env;
  const configured = settings.proxy?.trim()
    ? { value: settings.proxy.trim(), setting: 'http.proxy' }
    : fromEnv(env, target.protocol === 'https:' ? PROXY_VARIABLES : PROXY_VARIABLES.slice(2));
  if (!configured) return undefined;
  const bypass = bypassList(settings);
  if (isLoopbackHost(target.hostname) && !bypass.includes(PROXY_LOOPBACK)) return undefined;
  if (bypass.some((entry) => bypasses(entry, target))) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(configured.value) ? configured.value : `http://${configured.value}`);
  } catch {
    throw new Error(l10n.t('the proxy in {0} is not a valid address: fix {1}', configured.setting, configured.setting));
  }
  if (!['http:', 'https:', 'socks:', 'socks5:'].includes(url.protocol)) {
    throw new Error(l10n.t('proxy scheme {0} in {1} is not supported: use http://, https:// or socks5://', url.protocol, configured.setting));
  }
  return { url, shown: `${url.protocol}//${url.host}`, setting: configured.setting };
}
