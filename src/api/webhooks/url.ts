import * as l10n from '@vscode/l10n';
/**
 * The webhook URL check the service makes, exactly: its schema has `pattern: "^http(s)?://"` (case
 * sensitive: `HTTP://` is refused) and `format: "uri"`, checked by ajv-formats in full mode (RFC 3986
 * characters only: no space, no non-ASCII host or path). Checking the same here means a URL is
 * refused before the service is asked, with the part that is wrong named.
 */

/** The service's URL pattern, as its schema has it. */
export const WEBHOOK_URL_PATTERN = '^http(s)?://';

// ajv-formats' full-mode "uri" (src/formats.ts, the same as ajv 6's): RFC 3986, case-insensitive.
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

/** The "uri" format of the service's validator. */
export function isServiceUri(text: string): boolean {
  return /\/|:/.test(text) && URI.test(text);
}

/** What each part of an address may hold (RFC 3986, as the format checks), besides %-escapes. */
const ALLOWED: Record<'host' | 'path' | 'query', RegExp> = {
  // user info, host, port and an IPv6 literal's brackets
  host: /[a-z0-9\-._~!$&'()*+,;=:@[\]]/i,
  path: /[a-z0-9\-._~!$&'()*+,;=:@/]/i,
  query: /[a-z0-9\-._~!$&'()*+,;=:@/?#]/i,
};

/** The refusal of a character in one part of the URL, a whole sentence per part (a blank one is named, not shown). */
const REFUSED_CHARACTER: Record<'host' | 'path' | 'query', (char: string) => string> = {
  host: (char) => (/\s/.test(char) ? l10n.t("the URL's host has a space, which the service refuses") : l10n.t("the URL's host has “{0}”, which the service refuses", char)),
  path: (char) => (/\s/.test(char) ? l10n.t("the URL's path has a space, which the service refuses") : l10n.t("the URL's path has “{0}”, which the service refuses", char)),
  query: (char) => (/\s/.test(char) ? l10n.t("the URL's query has a space, which the service refuses") : l10n.t("the URL's query has “{0}”, which the service refuses", char)),
};

/** The first part of `rest` (what follows `http(s)://`) with a character the format refuses, and that character. */
function badCharacter(rest: string): { part: keyof typeof ALLOWED; char: string } | undefined {
  const hostEnd = rest.search(/[/?#]/);
  const pathEnd = rest.search(/[?#]/);
  const parts: Array<[keyof typeof ALLOWED, string]> = [
    ['host', hostEnd < 0 ? rest : rest.slice(0, hostEnd)],
    ['path', hostEnd < 0 ? '' : rest.slice(hostEnd, pathEnd < 0 ? undefined : pathEnd)],
    ['query', pathEnd < 0 ? '' : rest.slice(pathEnd)],
  ];
  for (const [part, text] of parts) {
    const chars = [...text.replace(/%[0-9a-f]{2}/gi, '')];
    const char = chars.find((c) => !ALLOWED[part].test(c));
    if (char) return { part, char };
  }
  return undefined;
}

/** The address as a browser writes it (host in punycode, the rest %-encoded), when the service accepts that form. */
function encodedForm(url: string): string | undefined {
  try {
    const href = new URL(url).href;
    return href !== url && isServiceUri(href) && new RegExp(WEBHOOK_URL_PATTERN).test(href) ? href : undefined;
  } catch {
    return undefined;
  }
}

/** Why the service would refuse `url` as a webhook's URL, in words; undefined when it accepts it. */
export function webhookUrlProblem(url: string): string | undefined {
  if (!new RegExp(WEBHOOK_URL_PATTERN).test(url)) {
    if (/^https?:\/\//i.test(url)) {
      return l10n.t('the URL must start with http:// or https:// in lower case (the service checks the letters as typed): use {0}', url.replace(/^https?/i, (scheme) => scheme.toLowerCase()));
    }
    return l10n.t('the URL must start with http:// or https://');
  }
  if (isServiceUri(url)) return undefined;
  const bad = badCharacter(url.replace(/^https?:\/\//, ''));
  const encoded = encodedForm(url);
  const problem = bad ? REFUSED_CHARACTER[bad.part](bad.char) : l10n.t('the URL is not an address the service accepts');
  if (encoded) return l10n.t('{0}: use {1}', problem, encoded);
  return bad?.part === 'host' ? l10n.t('{0}: check the host name', problem) : problem;
}
