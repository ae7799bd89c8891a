const DASHBOARD = 'https://livepeer.studio/dashboard';

const PAGES = { stream: 'streams', asset: 'assets', webhook: 'developers/webhooks' } as const;

export type DashboardKind = keyof typeof PAGES;

/** A stream's, an asset's or a webhook's page in the Livepeer Studio dashboard. */
export function studioDashboardUrl(kind: DashboardKind, id: string): string {
  return `${DASHBOARD}/${PAGES[kind]}/${encodeURIComponent(id)}`;
}
