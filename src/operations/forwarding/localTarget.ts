import { isIP } from 'node:net';
import { isLoopbackHost } from '../../api/core/baseUrl';
import type { ForwardTargetProblem } from '../refusal';

// Forwarding sends an account's real events, signed, to the address given: only to this machine or
// the private network, where a developer's handler runs. A host name other than localhost could
// resolve anywhere, so addresses are taken as written, never looked up.

function privateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  const [a = -1, b = -1] = parts;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function privateIpv6(host: string): boolean {
  const address = host.toLowerCase();
  if (address === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return privateIpv4(mapped[1]);
  // fc00::/7 (unique local) and fe80::/10 (link-local)
  return /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address);
}

/** `url` as messages may repeat it: without a `user:password@` part, whether or not it parses. */
export function shownTarget(url: string): string {
  return url.trim().replace(/^([a-z][a-z0-9+.-]*:\/*)[^/?#]*@/i, '$1');
}

/** Why `url` is not a local receiver forwarding may POST to; undefined when it is one. */
export function localTargetProblem(url: string): ForwardTargetProblem | undefined {
  let target: URL;
  try {
    target = new URL(url.trim());
  } catch {
    return { code: 'forward-not-address' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { code: 'forward-scheme' };
  if (target.username || target.password) return { code: 'forward-credentials' };
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const ip = isIP(host);
  const local = ip === 4 ? privateIpv4(host) : ip === 6 ? privateIpv6(host) : isLoopbackHost(host);
  if (local) return undefined;
  return { code: ip ? 'forward-not-local' : 'forward-host-name', host };
}
