import { isLoopbackHost, StudioApiError, type ImportAnswer, type PlaybackPolicy, type StudioClient } from '../api';

export interface ImportFromUrlInput {
  name: string;
  /** http(s)://, ipfs:// or ar:// */
  url: string;
  /** Who may watch: anyone with the playback URL, or viewers with a token signed by one of the account's keys. */
  playback?: 'public' | 'jwt';
  /** Also make an MP4 download. */
  staticMp4?: boolean;
}

const SCHEMES = /^(https?|ipfs|ar):\/\//i;

/** Hosts only this machine or its network reach: the service, fetching from its own servers, cannot. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    isLoopbackHost(hostname) ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '::1' ||
    /^(10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host)
  );
}

/**
 * Why the service could not import `text`, said before anything is sent; undefined when it can try.
 * `serviceIsLocal`: the API is on this machine (the emulator), so addresses of this machine are fine.
 */
export function importUrlProblem(text: string, serviceIsLocal: boolean): string | undefined {
  const url = text.trim();
  if (!url) return 'the URL is empty';
  if (/\s/.test(url)) return 'a URL has no spaces: write them as %20';
  if (!SCHEMES.test(url)) return 'Livepeer imports only http(s)://, ipfs:// and ar:// URLs';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'this is not a valid URL';
  }
  if (/^(ipfs|ar):$/i.test(parsed.protocol)) return url.replace(SCHEMES, '') ? undefined : `${parsed.protocol}// needs the content id after it`;
  if (!parsed.hostname) return 'the URL has no host';
  if (parsed.username || parsed.password) return 'put no user name or password in the URL: the asset keeps its source URL for anyone with an API key to read';
  if (!serviceIsLocal && isPrivateHost(parsed.hostname)) {
    return `Livepeer fetches the URL from its own servers, which cannot reach ${parsed.hostname} (this machine or a private network): put the file where the internet reaches it`;
  }
  return undefined;
}

/** The URL as sent: trimmed, its scheme in lower case (the service's check is case-sensitive). */
export function normalImportUrl(text: string): string {
  return text.trim().replace(SCHEMES, (scheme) => scheme.toLowerCase());
}

/**
 * Imports a video from a URL: refuses a URL the service could not fetch before sending, then asks
 * the service, whose own message is what the error says when it refuses. The same URL imported
 * again within 15 minutes answers that import (`existing`), under its first name.
 */
export async function importFromUrl(client: Pick<StudioClient, 'assets' | 'http'>, input: ImportFromUrlInput): Promise<ImportAnswer> {
  const serviceIsLocal = isLoopbackHost(new URL(client.http.baseUrl).hostname);
  const problem = importUrlProblem(input.url, serviceIsLocal);
  if (problem) throw StudioApiError.config(problem);
  const playbackPolicy: PlaybackPolicy | undefined = input.playback === 'jwt' ? { type: 'jwt' } : undefined;
  return client.assets.importFromUrl({ name: input.name, url: normalImportUrl(input.url), playbackPolicy, staticMp4: input.staticMp4 });
}
