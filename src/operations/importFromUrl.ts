import { isLoopbackHost, type ImportAnswer, type PlaybackPolicy, type StudioClient } from '../api';
import { Refused, type ImportUrlProblem } from './refusal';

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
 * Why the service could not import `text`, found before anything is sent; undefined when it can try.
 * `serviceIsLocal`: the API is on this machine (the emulator), so addresses of this machine are fine.
 */
export function importUrlProblem(text: string, serviceIsLocal: boolean): ImportUrlProblem | undefined {
  const url = text.trim();
  if (!url) return { code: 'import-url-empty' };
  if (/\s/.test(url)) return { code: 'import-url-spaces' };
  if (!SCHEMES.test(url)) return { code: 'import-url-scheme' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'import-url-invalid' };
  }
  if (/^(ipfs|ar):$/i.test(parsed.protocol)) return url.replace(SCHEMES, '') ? undefined : { code: 'import-url-no-content-id', scheme: parsed.protocol.toLowerCase() };
  if (!parsed.hostname) return { code: 'import-url-no-host' };
  if (parsed.username || parsed.password) return { code: 'import-url-credentials' };
  if (!serviceIsLocal && isPrivateHost(parsed.hostname)) return { code: 'import-url-private-host', host: parsed.hostname };
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
  if (problem) throw new Refused(problem);
  const playbackPolicy: PlaybackPolicy | undefined = input.playback === 'jwt' ? { type: 'jwt' } : undefined;
  return client.assets.importFromUrl({ name: input.name, url: normalImportUrl(input.url), playbackPolicy, staticMp4: input.staticMp4 });
}
