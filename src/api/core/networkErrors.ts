/** The proxy a failed request went through, as NetAgent tags its errors. */
export interface ProxyTag {
  /** The proxy without credentials. */
  shown: string;
  /** Where it was set: `http.proxy` or an environment variable's name. */
  setting: string;
  /** The failure was on the way to the proxy itself (connecting, its TLS), not beyond it. */
  atProxy?: boolean;
}

// Symbol.for: one tag whichever bundle's copy of this module sets it.
const TAG = Symbol.for('livepeer.proxy');

/** Marks `error` as having happened through `tag`'s proxy (kept along undici's cause chain). */
export function tagProxyError(error: unknown, tag: ProxyTag): void {
  if (error && typeof error === 'object' && !(TAG in error) && Object.isExtensible(error)) {
    Object.defineProperty(error, TAG, { value: tag });
  }
}

export function along<T>(error: unknown, pick: (e: object) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const found = pick(current);
    if (found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const codeOf = (e: object): string | undefined => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** The proxy tag `error` carries along its cause chain (see tagProxyError), if any. */
export const proxyTagOf = (error: unknown): ProxyTag | undefined => along(error, (e) => (e as { [TAG]?: ProxyTag })[TAG]);

/** The codes of a tunnel the proxy closed or did not open in time (proxyAgent.ts's TunnelError, which also carries its timeoutMs). */
export type TunnelCode = 'PROXY_TUNNEL_CLOSED' | 'PROXY_TUNNEL_TIMEOUT';
export const isTunnelCode = (code: string | undefined): code is TunnelCode => code === 'PROXY_TUNNEL_CLOSED' || code === 'PROXY_TUNNEL_TIMEOUT';
