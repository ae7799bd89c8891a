import * as l10n from '@vscode/l10n';
/** The service's pattern for a target URL (lower-case scheme). */
const TARGET_URL = /^(srt|rtmps?):\/\//;

/** Pieces this short are parts of ordinary words and paths, not keys. */
const MIN_KEY_CHARS = 8;

/** What is wrong with a target URL, in words that never repeat it (it holds a key); undefined when fine. */
export function targetUrlProblem(url: string): string | undefined {
  if (!url.trim()) return l10n.t('the target URL is empty');
  if (!TARGET_URL.test(url)) return l10n.t('a target URL starts with rtmp://, rtmps:// or srt:// (lower case)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return l10n.t('the target URL is not a valid address');
  }
  // The service takes `rtmp://` alone (and makes a target named ""); nothing could be pushed there.
  if (!parsed.host) return l10n.t('the target URL names no server: give the platform’s whole address with its key, as it shows it');
  return undefined;
}

/**
 * The secrets a target URL carries, to blank in every text: the whole URL, its last path segment
 * (RTMP platforms put the key there) and every query value (SRT's `streamid`, `passphrase`).
 */
export function targetUrlSecrets(url: string): string[] {
  const secrets = [url];
  try {
    const parsed = new URL(url);
    const last = parsed.pathname.split('/').filter(Boolean).pop();
    if (last) secrets.push(decodeURIComponent(last));
    for (const value of parsed.searchParams.values()) secrets.push(value);
    if (parsed.password) secrets.push(decodeURIComponent(parsed.password));
  } catch {
    // Not an address: the whole text is the secret.
  }
  return secrets.filter((secret) => secret.length >= MIN_KEY_CHARS);
}

/** The host (and port) of a target URL, for rows that name where a target pushes; never the key. */
export function targetHost(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
