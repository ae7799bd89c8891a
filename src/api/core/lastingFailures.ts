import * as l10n from '@vscode/l10n';

/**
 * The service's 500s that come back on every try (measured: studio-api.md, "500s that a retry
 * cannot fix"), by request, with what helps instead of "try again later".
 */
const LASTING_500S: ReadonlyArray<{ method: string; path: RegExp; advice: () => string }> = [
  {
    method: 'POST',
    path: /^\/asset\/[^/]+\/retry$/,
    advice: () => l10n.t('the service fails so for an asset it does not know, so trying again will not help: refresh the assets and retry one listed as failed'),
  },
  {
    method: 'POST',
    path: /^\/clip$/,
    advice: () => l10n.t('the service fails so when it finds no session to clip (none named, and the stream has never been live), so trying again will not help: clip once the stream has been live'),
  },
];

/** What to do about a 500 that a retry would meet again; undefined for any other failure. */
export function lastingFailureAdvice(method: string, path: string, status: number): string | undefined {
  if (status !== 500) return undefined;
  return LASTING_500S.find((known) => known.method === method && known.path.test(path))?.advice();
}
