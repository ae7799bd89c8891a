import { StudioApiError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Validates the API base URL and returns it without a trailing slash.
 * Plain HTTP would send the API token in clear text, so it is only allowed to this machine.
 */
export function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw StudioApiError.config(`"${value}" is not a valid URL: set livepeer.baseUrl to e.g. https://livepeer.studio/api`);
  }
  const secure = url.protocol === 'https:';
  const localHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (!secure && !localHttp) {
    throw StudioApiError.config(
      `base URL ${url.origin} must use https (plain http is allowed only for localhost): fix livepeer.baseUrl`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw StudioApiError.config('base URL must not carry credentials, a query or a fragment: fix livepeer.baseUrl');
  }
  return url.href.replace(/\/+$/, '');
}
