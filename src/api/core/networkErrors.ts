/** The proxy a failed request went through, as NetAgent tags its errors. */
export interface ProxyTag {
  /** The proxy without credentials. */
  shown: string;
  /** Where it was set: `http.proxy` or an environment variable's name. */
  setting: string;
  /** The failure was on the way to the proxy itself (connecting, its TLS), not beyond it. */
  atProxy?: boolean;
}

// Symbol.for: the proxy bundle (dist/proxyAgent.js) has its own copy of this module, and tags for this one.
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

/**
 * The message for a failure below HTTP caused by a proxy (refused with 407 or another status,
 * unreachable, its TLS) or a certificate, naming the proxy and the setting to change, or the host
 * and what to trust; undefined for other failures.
 */
export function networkFailureText(error: unknown, host: string): string | undefined {
  const proxy = along(error, (e) => (e as { [TAG]?: ProxyTag })[TAG]);
  const code = along(error, codeOf);
  if (!proxy && !/CERT|UNABLE_TO_/.test(code ?? '')) return undefined;
  // Their words live in the proxy's bundle (loaded already for a proxied request; on a certificate error, for it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./proxyAgent') as typeof import('./proxyAgent')).failureText(error, host, code, proxy);
}
