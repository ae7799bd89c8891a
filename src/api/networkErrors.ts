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

/** Certificate failures of TLS (Node's and OpenSSL's codes). */
export const CERTIFICATE_CODES = new Set([
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

export const codeOf = (e: object): string | undefined => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

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
 * unreachable, its TLS) or a certificate, naming the proxy and the setting to change, or the host
 * and what to trust; undefined for other failures.
 */
export function networkFailureText(error: unknown, host: string): string | undefined {
  const proxy = along(error, (e) => (e as { [TAG]?: ProxyTag })[TAG]);
  // Only a request that went through a proxy has a tag, and the proxy's bundle is then loaded already.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const told = proxy && (require('./proxyAgent') as typeof import('./proxyAgent')).proxyFailureText(error, host, proxy);
  if (told) return told;
  const code = along(error, codeOf);
  return code && CERTIFICATE_CODES.has(code) ? certificateText(code, host, proxy) : undefined;
}
