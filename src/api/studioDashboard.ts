const DASHBOARD = 'https://livepeer.studio/dashboard';

/** A stream's or an asset's page in the Livepeer Studio dashboard. */
export function studioDashboardUrl(kind: 'stream' | 'asset', id: string): string {
  return `${DASHBOARD}/${kind}s/${encodeURIComponent(id)}`;
}
