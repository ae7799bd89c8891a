import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Breakdown } from '../../api/viewership/client';
import { accountUsage, periodOf, viewerQuality } from '../../operations/viewerQuality';
import { shortName } from '../common/format';
import { webviewPage } from '../common/webviewPage';
import { parseFromQualityPage, type PeriodChoice, type QualityModel, type ToQualityPage } from './qualityMessages';
import { customPeriod, dateField, periodLabels, periodText, sectionsOf, type AccountFigures, type ContentFigures, type QualityTarget } from './qualityModel';
import type { QualityDeps } from './registerQuality';

/** The breakdowns the panel shows, in its order. */
const BREAKDOWNS: Breakdown[] = ['country', 'deviceType', 'browser'];

/** The page: its one script by nonce, its style sheet, nothing else (it asks nothing of the network). */
function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'quality.js')).toString();
  return webviewPage(script, nonce, `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${webview.cspSource}`);
}

/**
 * One Quality and Usage panel: an asset's or a stream's views, watch time, breakdowns and quality of
 * experience, or the account's usage, over the period the person picks. Asks only when a period is
 * picked; a new pick or closing the panel aborts what is still being asked.
 */
export class QualityPanel {
  private readonly panel: vscode.WebviewPanel;
  private model: QualityModel | undefined;
  private ready = false;
  private asking: AbortController | undefined;
  private custom = { from: dateField(Date.now() - 29 * 86_400_000), to: dateField(Date.now()) };

  constructor(
    private readonly deps: QualityDeps,
    private readonly target: QualityTarget,
    onClosed: () => void,
  ) {
    const title = target.kind === 'account' ? vscode.l10n.t('Usage: {0}', shortName(target.name)) : vscode.l10n.t('Quality: {0}', shortName(target.name));
    this.panel = vscode.window.createWebviewPanel('livepeer.quality', title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(deps.extensionUri, 'dist')],
    });
    this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message));
    this.panel.onDidDispose(() => {
      this.asking?.abort();
      this.asking = undefined;
      onClosed();
    });
    this.panel.webview.html = pageHtml(this.panel.webview, deps.extensionUri);
    void this.load('last30Days');
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    this.panel.dispose();
  }

  /** Asks for the period's figures and shows them; an older answer arriving later is dropped. */
  private async load(period: PeriodChoice): Promise<void> {
    this.asking?.abort();
    const asking = (this.asking = new AbortController());
    const range = period === 'custom' ? customPeriod(this.custom.from, this.custom.to) : periodOf(period);
    const frame = {
      title: this.target.kind === 'account' ? vscode.l10n.t('Usage of {0}', this.target.name) : vscode.l10n.t('Quality and usage of {0}', this.target.name),
      period,
      periodLabels: periodLabels(),
      periodText: typeof range === 'string' ? '' : periodText(range),
      custom: { ...this.custom, apply: vscode.l10n.t('Show'), fromLabel: vscode.l10n.t('From'), toLabel: vscode.l10n.t('To') },
    };
    if (typeof range === 'string') return this.show({ ...frame, problem: range, sections: [] });
    this.show({ ...frame, loading: vscode.l10n.t('Loading…'), sections: [] });
    const figures = await this.figures(range, asking.signal);
    if (asking.signal.aborted) return;
    this.asking = undefined;
    this.show({ ...frame, ...sectionsOf(figures) });
  }

  private async figures(range: { from: number; to: number }, signal: AbortSignal): Promise<ContentFigures | AccountFigures> {
    const client = this.deps.session.client();
    if (this.target.kind === 'account') {
      const [usage] = await Promise.allSettled([accountUsage(client, { period: range, signal })]);
      return { kind: 'account', usage };
    }
    const of = this.target.kind === 'asset' ? { assetId: this.target.id } : { streamId: this.target.id };
    const ask = (by?: Breakdown) => viewerQuality(client, { of, period: range, by, signal });
    const [totals, ...breakdowns] = await Promise.allSettled([ask(), ...BREAKDOWNS.map(ask)]);
    return { kind: 'content', totals, breakdowns };
  }

  private show(model: QualityModel): void {
    this.model = model;
    this.post({ type: 'show', model });
  }

  private post(message: ToQualityPage): void {
    if (!this.ready) return;
    void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const message = parseFromQualityPage(raw);
    if (!message) return;
    if (message.type === 'ready') {
      this.ready = true;
      if (this.model) this.post({ type: 'show', model: this.model });
    } else if (message.type === 'period') {
      void this.load(message.period);
    } else if (message.type === 'custom') {
      this.custom = { from: message.from, to: message.to };
      void this.load('custom');
    }
  }
}
