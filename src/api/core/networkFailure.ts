import * as l10n from '@vscode/l10n';
import { along, codeOf, isTunnelCode, proxyTagOf, type ProxyTag, type TunnelCode } from './networkErrors';

// What a failure through a proxy or with a certificate means: static here (no lazy load of the proxy's
// bundle, which imports networkErrors.ts too), since an error's message is made synchronously.

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
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return proxy
      ? l10n.t("the certificate of {0} is not valid now ({1}) (through the proxy {2}, which may inspect TLS with a certificate of its own): check the machine's clock, or tell the host's administrator", host, code, proxy.shown)
      : l10n.t("the certificate of {0} is not valid now ({1}): check the machine's clock, or tell the host's administrator", host, code);
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return proxy
      ? l10n.t('the certificate of {0} is for another host name ({1}) (through the proxy {2}, which may inspect TLS with a certificate of its own): check the address', host, code, proxy.shown)
      : l10n.t('the certificate of {0} is for another host name ({1}): check the address', host, code);
  }
  return proxy
    ? l10n.t(
        'the certificate of {0} is not trusted ({1}) (through the proxy {2}, which may inspect TLS with a certificate of its own): if a private or company certificate authority signs it, set NODE_EXTRA_CA_CERTS to its PEM file or add it to the system certificates (http.systemCertificates on), then restart VS Code',
        host,
        code,
        proxy.shown,
      )
    : l10n.t(
        'the certificate of {0} is not trusted ({1}): if a private or company certificate authority signs it, set NODE_EXTRA_CA_CERTS to its PEM file or add it to the system certificates (http.systemCertificates on), then restart VS Code',
        host,
        code,
      );
}

/**
 * The message for a failure below HTTP caused by a proxy (refused with 407 or another status,
 * unreachable, its TLS, a tunnel closed or not opened in time) or a certificate, naming the proxy and
 * the setting to change, or the host and what to trust; undefined for other failures.
 */
export function networkFailureText(error: unknown, host: string): string | undefined {
  const proxy = proxyTagOf(error);
  const code = along(error, codeOf);
  if (!proxy && !/CERT|UNABLE_TO_/.test(code ?? '')) return undefined;
  const said = proxy && along(error, (e) => /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(String((e as Error).message)) ?? undefined);
  const status = said && Number(said[1] ?? said[2]);
  if (proxy && status === 407) {
    return l10n.t('the proxy {0} asks for credentials (407 Proxy Authentication Required): set http.proxyAuthorization, or user:password in {1}', proxy.shown, proxy.setting);
  }
  if (proxy && status) {
    return l10n.t('the proxy {0} refused to connect to {1} ({2}): check {3}, or add {1} to http.noProxy / NO_PROXY if it is reached directly', proxy.shown, host, status, proxy.setting);
  }
  if (!code) return undefined;
  const tunnel = proxy && along(error, (e) => (isTunnelCode(codeOf(e)) ? (e as { code: TunnelCode; timeoutMs: number }) : undefined));
  if (tunnel?.code === 'PROXY_TUNNEL_CLOSED') {
    return l10n.t('the proxy {0} closed the connection instead of opening a tunnel to {1}: check {2}, or add {1} to http.noProxy / NO_PROXY if it is reached directly', proxy!.shown, host, proxy!.setting);
  }
  if (tunnel) {
    return l10n.t('no connection to {0} through the proxy {1} within {2} s: check {3}, or add {0} to http.noProxy / NO_PROXY if it is reached directly', host, proxy.shown, Math.ceil(tunnel.timeoutMs / 1000), proxy.setting);
  }
  if (proxy?.atProxy && CERTIFICATE_CODES.has(code)) {
    return l10n.t('the certificate of the proxy {0} is not trusted ({1}): trust its certificate authority (NODE_EXTRA_CA_CERTS, or the system certificates), or turn http.proxyStrictSSL off', proxy.shown, code);
  }
  if (proxy?.atProxy && UNREACHABLE.has(code)) return l10n.t('cannot reach the proxy {0} ({1}): check {2}', proxy.shown, code, proxy.setting);
  return CERTIFICATE_CODES.has(code) ? certificateText(code, host, proxy) : undefined;
}
