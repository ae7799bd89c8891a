import * as vscode from 'vscode';
import { bounded, withoutKnownSecrets, withoutSecrets, type Webhook, type WebhookDelivery } from '../../api';
import { dateTime, md, shortName, shownName, timeAgo } from '../common/format';
import { COMMANDS } from '../common/commandIds';
import type { TooltipOnHover } from '../common/tooltipOnHover';

const FAILING_ICON = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
const WEBHOOK_ICON = new vscode.ThemeIcon('broadcast');
const SUCCESS_ICON = new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
const FAILURE_ICON = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));

/** The service keeps `lastFailure` after later successes: the last delivery failed when no attempt came after it. */
function isFailing(webhook: Webhook): boolean {
  const failure = webhook.status?.lastFailure;
  if (!failure) return false;
  const triggered = webhook.status?.lastTriggeredAt;
  return triggered === undefined || failure.timestamp >= triggered;
}

/** The address without its user info or signing parameters (a URL may carry a token). */
export function shownUrl(url: string): string {
  return withoutSecrets(url);
}

export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "500", "no answer": what the receiver said, for a row. */
function outcomeWord(statusCode: number | undefined): string {
  return statusCode === undefined ? vscode.l10n.t('no answer') : String(statusCode);
}

function failureWords(webhook: Webhook, now: number): string | undefined {
  const failure = webhook.status?.lastFailure;
  if (!failure) return undefined;
  const outcome = outcomeWord(failure.statusCode);
  const ago = timeAgo(failure.timestamp, now) ?? '';
  return (isFailing(webhook) ? vscode.l10n.t('failing {0} {1}', outcome, ago) : vscode.l10n.t('last failed {0} {1}', outcome, ago)).trim();
}

function eventCount(webhook: Webhook): string {
  return webhook.events.length === 1 ? vscode.l10n.t('1 event') : vscode.l10n.t('{0} events', webhook.events.length);
}

function decoded(base64: string | undefined): string {
  return base64 ? Buffer.from(base64, 'base64').toString('utf8') : '';
}

function webhookTooltip(webhook: Webhook, streamName: string | undefined): vscode.MarkdownString {
  const failure = webhook.status?.lastFailure;
  const lines = [
    isFailing(webhook) ? vscode.l10n.t('**{0}** — last delivery failed', md(shownName(webhook))) : `**${md(shownName(webhook))}**`,
    '',
    vscode.l10n.t('URL: {0}', md(shownUrl(webhook.url))),
    webhook.events.length ? vscode.l10n.t('Events: {0}', webhook.events.map((event) => `\`${event}\``).join(', ')) : vscode.l10n.t('Events: none'),
    webhook.streamId ? vscode.l10n.t('Streams: {0}', md(streamName ?? webhook.streamId)) : vscode.l10n.t('Streams: all'),
    webhook.sharedSecret ? vscode.l10n.t('Signed: yes (Livepeer-Signature)') : vscode.l10n.t('Signed: no shared secret'),
    vscode.l10n.t('Last delivery: {0}', dateTime(webhook.status?.lastTriggeredAt)),
    ...(failure
      ? [
          vscode.l10n.t('Last failure: {0} at {1}', md(outcomeWord(failure.statusCode)), dateTime(failure.timestamp)),
          // The receiver's words may echo the secret (a handler printing what it got): blanked before they are cut.
          ...(failure.error ? [vscode.l10n.t('Error: {0}', md(bounded(withoutKnownSecrets(failure.error), 200)))] : []),
          ...(failure.response ? [vscode.l10n.t('Answer: {0}', md(bounded(withoutKnownSecrets(decoded(failure.response)), 200)))] : []),
        ]
      : []),
    vscode.l10n.t('Created: {0}', dateTime(webhook.createdAt)),
  ];
  return new vscode.MarkdownString(lines.join('  \n'));
}

/** A webhook row; expands to its recent deliveries. `contextValue`: `webhook`, plus `failing` while its last delivery failed. */
export class WebhookItem extends vscode.TreeItem implements TooltipOnHover {
  constructor(
    readonly webhook: Webhook,
    private readonly streamName: string | undefined,
    now = Date.now(),
  ) {
    super(shortName(shownName(webhook)), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `webhook:${webhook.id}`;
    const failing = isFailing(webhook);
    this.contextValue = failing ? 'webhook failing' : 'webhook';
    this.iconPath = failing ? FAILING_ICON : WEBHOOK_ICON;
    const scope = webhook.streamId ? vscode.l10n.t('stream {0}', shortName(streamName ?? webhook.streamId)) : vscode.l10n.t('all streams');
    this.description = [urlHost(webhook.url), eventCount(webhook), scope, failureWords(webhook, now)].filter(Boolean).join(' · ');
  }

  hoverTooltip(): vscode.MarkdownString {
    return webhookTooltip(this.webhook, this.streamName);
  }
}

/** "12 ms", "1.5 s" (the service logs seconds). */
function seconds(duration: number | undefined): string | undefined {
  if (duration === undefined || !Number.isFinite(duration)) return undefined;
  return duration < 1 ? `${Math.round(duration * 1000)} ms` : `${duration.toFixed(1)} s`;
}

/** One delivery attempt under its webhook: event, status code, duration and age, and the local answer when it was forwarded; a click shows it. */
export class DeliveryItem extends vscode.TreeItem {
  constructor(
    readonly delivery: WebhookDelivery,
    now = Date.now(),
    forwarded?: { line: string; short: string; ok: boolean; target: string },
  ) {
    super(delivery.event, vscode.TreeItemCollapsibleState.None);
    this.id = `delivery:${delivery.webhookId}:${delivery.id}`;
    this.contextValue = delivery.success ? 'webhookDelivery' : 'webhookDelivery failed';
    this.iconPath = delivery.success ? SUCCESS_ICON : FAILURE_ICON;
    const status = delivery.response?.status;
    const local = forwarded && vscode.l10n.t('local {0}', forwarded.short);
    this.description = [outcomeWord(status), seconds(delivery.duration), timeAgo(delivery.createdAt, now), local].filter(Boolean).join(' · ');
    this.tooltip = new vscode.MarkdownString(
      [
        delivery.success ? vscode.l10n.t('**{0}** — delivered', md(delivery.event)) : vscode.l10n.t('**{0}** — failed', md(delivery.event)),
        '',
        status === undefined
          ? vscode.l10n.t('Answer: none (the receiver could not be reached)')
          : vscode.l10n.t('Answer: {0}', md(withoutKnownSecrets(`${status} ${delivery.response?.statusText ?? ''}`.trim()))),
        vscode.l10n.t('Took: {0}', seconds(delivery.duration) ?? '—'),
        vscode.l10n.t('At: {0}', dateTime(delivery.createdAt)),
        ...(forwarded ? [vscode.l10n.t('Forwarded to {0}: {1}', md(forwarded.target), md(forwarded.line))] : []),
        '',
        vscode.l10n.t('Click to show the request and the answer.'),
      ].join('  \n'),
    );
    this.command = { command: COMMANDS.webhooks.showDelivery, title: vscode.l10n.t('Show Delivery'), arguments: [this] };
  }
}

/** What Show Details displays: the webhook without its secret, the last failure's answer decoded. */
export function webhookDocument(webhook: Webhook): unknown {
  const failure = webhook.status?.lastFailure;
  const status = failure ? { ...webhook.status, lastFailure: { ...failure, response: decoded(failure.response) } } : webhook.status;
  return withoutSecrets({ ...webhook, ...(status ? { status } : {}) });
}

/** What Show Delivery displays: the request and the answer decoded, never a secret. */
export function deliveryDocument(delivery: WebhookDelivery): unknown {
  let body: unknown = delivery.request.body;
  try {
    body = JSON.parse(delivery.request.body);
  } catch {
    // Not JSON: shown as the text it is.
  }
  return withoutSecrets({
    event: delivery.event,
    success: delivery.success,
    at: new Date(delivery.createdAt).toISOString(),
    durationSeconds: delivery.duration,
    request: { method: delivery.request.method, url: delivery.request.url, headers: delivery.request.headers, body },
    response: { status: delivery.response?.status ?? null, statusText: delivery.response?.statusText, body: decoded(delivery.response?.body) },
    id: delivery.id,
    webhookId: delivery.webhookId,
  });
}
