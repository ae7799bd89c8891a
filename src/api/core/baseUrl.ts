import * as l10n from '@vscode/l10n';
import { StudioApiError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Validates the API base URL and returns it without a trailing slash. Messages never repeat the
 * setting's text: it may hold a password.
 * Plain HTTP would send the API token in clear text, so it is only allowed to this machine.
 */
export function parseBaseUrl(value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw StudioApiError.config(l10n.t('livepeer.baseURL is not a valid URL: set it to e.g. https://livepeer.studio/api'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw StudioApiError.config(l10n.t('base URL scheme {0} is not supported: set livepeer.baseURL to an https:// address, e.g. https://livepeer.studio/api', url.protocol));
  }
  if (url.username || url.password) {
    throw StudioApiError.config(l10n.t('base URL must not carry a user name or password (the API token is the only credential): fix livepeer.baseURL'));
  }
  // An empty "?" or "#" leaves url.search and url.hash empty but stays in the address, where every
  // path appended to it would end up in the query or fragment.
  if (text.includes('?') || text.includes('#')) {
    throw StudioApiError.config(l10n.t('base URL must not carry a query or a fragment (no "?" or "#"): fix livepeer.baseURL'));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw StudioApiError.config(
      l10n.t('base URL {0} must use https (plain http is allowed only for localhost): fix livepeer.baseURL', url.origin),
    );
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}
