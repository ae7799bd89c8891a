import * as vscode from 'vscode';
import { rememberSecrets } from '../../api';
import type { Account } from '../account/account';
import type { Prompts } from '../common/prompts';
import type { PrivateKeys } from '../keys/privateKeys';
import { PLAYER_TOKEN_SECONDS, planPlayback, type PlayTarget, type PlaybackPlan } from './playbackPlan';
import type { PlayerClipRequest } from '../common/feature';
import { playerHtml } from './playerHtml';
import { parseFromWebview, type ToWebview } from './playerMessages';
import { ViewerFeed } from './viewerFeed';
import { shortName } from '../common/format';
import { Disposable } from '../common/disposable';
import { COMMANDS } from '../common/commandIds';
import { settings } from '../common/settings';
import { CREATE_SIGNING_KEY as CREATE_KEY, SIGN_PLAYBACK_TOKEN as SIGN_TOKEN } from '../common/actions';

export interface PlayerDeps {
  session: Account;
  prompts: Prompts;
  privateKeys: PrivateKeys;
  extensionUri: vscode.Uri;
  /** How long to wait before asking again whether waiting content plays now. */
  waitRetryMs?: number;
}

const WAIT_RETRY_MS = 3000;
/** Waiting asks again ever less often, up to this many times the first wait (3 s → 30 s). */
const WAIT_BACKOFF_LIMIT = 10;

/**
 * The player: one editor panel, reused by every Play. It decides what to play (or says why it
 * cannot), gives the webview only playback URLs and a short-lived playback token, retries content
 * that is not playable yet, and keeps the last things it told the webview to tell them again when
 * the webview reloads.
 */
export class PlayerPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private target: PlayTarget | undefined;
  /** The page's media origins; the page is rebuilt when they change. */
  private origins: string[] | undefined;
  private ready = false;
  /** What the page shows now (a load or a status) and the viewer numbers, re-sent when it reloads. */
  private shown = new Map<ToWebview['type'], ToWebview>();
  private feed: ViewerFeed | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** While waiting for content to play: the delay of the next ask (doubling), and whether it is held back (panel hidden, no token). */
  private wait: { ms: number; held: boolean } | undefined;
  private generation = 0;
  /** Access keys typed for webhook-gated content, by playback id: in memory only. */
  private readonly typedKeys = new Map<string, string>();

  constructor(private readonly deps: PlayerDeps) {
    super();
    this.register(deps.session.onDidChange(() => this.onSessionChange()));
    this.register({ dispose: () => void this.panel?.dispose() });
  }

  async play(target: PlayTarget): Promise<void> {
    this.stopTimers();
    this.wait = undefined;
    this.target = target;
    this.feed?.stop();
    this.shown.clear();
    const panel = this.openPanel(target);
    this.feed = new ViewerFeed(this.deps.session.client(), target.playbackId, (message) => this.post(message));
    panel.title = `▶ ${shortName(target.name ?? target.playbackId)}`;
    await this.plan();
  }

  private openPanel(target: PlayTarget): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal(undefined, true);
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel('livepeer.player', shortName(target.name ?? target.playbackId), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'dist')],
    });
    panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message));
    // A hidden player stops asking whether waiting content plays, and asks again when shown.
    panel.onDidChangeViewState(() => (panel.visible ? this.resumeWaiting() : this.holdWaiting()));
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
      this.origins = undefined;
      this.target = undefined;
      this.wait = undefined;
      this.feed?.stop();
      this.stopTimers();
    });
    this.panel = panel;
    return panel;
  }

  /** Asks what to play now and tells the page; a plan that is stale by the time it arrives is dropped. */
  private async plan(): Promise<void> {
    const target = this.target;
    if (!target) return;
    const generation = ++this.generation;
    this.stopTimers();
    const client = this.deps.session.client();
    const plan: PlaybackPlan = await planPlayback({ client, privateKeys: this.deps.privateKeys, accessKey: (t) => this.accessKey(t) }, target).catch((error: unknown) => ({
      kind: 'stop' as const,
      text: vscode.l10n.t('Cannot play {0}: {1}', target.name ?? target.playbackId, (error as Error).message),
    }));
    if (generation !== this.generation || !this.panel) return;
    if (plan.kind === 'play') {
      this.wait = undefined;
      this.page(plan.origins);
      this.show({ type: 'load', source: { ...plan.source, ...(target.clipOf ? { clippable: true } : {}) } });
      if (plan.source.live) this.feed?.watchViewers();
      if (plan.resign) {
        const resign = plan.resign;
        this.timer = setInterval(() => this.post({ type: 'token', jwt: resign() }), (PLAYER_TOKEN_SECONDS / 2) * 1000);
      }
      return;
    }
    this.page(this.origins ?? []);
    this.show({ type: 'status', text: plan.text, waiting: plan.kind === 'wait', canRetry: plan.kind === 'stop' });
    if (plan.kind === 'wait') {
      this.waitAgain();
      return;
    }
    this.wait = undefined;
    // A typed key the edge refused is asked for again on Retry.
    this.typedKeys.delete(target.playbackId);
    if (plan.noKey) {
      void this.deps.prompts.message('warning', vscode.l10n.t('Livepeer: {0}', plan.text), {}, SIGN_TOKEN, CREATE_KEY).then((action) => {
        if (action === SIGN_TOKEN) void vscode.commands.executeCommand(COMMANDS.playback.signToken, target.playbackId);
        if (action === CREATE_KEY) void vscode.commands.executeCommand(COMMANDS.keys.create);
      });
    }
  }

  /** The access key for webhook-gated content: the user's setting for its playback id, else one typed here (kept in memory for this window). */
  private async accessKey(target: PlayTarget): Promise<string | undefined> {
    const key =
      settings.playerAccessKeys()[target.playbackId] ||
      this.typedKeys.get(target.playbackId) ||
      (await this.deps.prompts.input({
        title: vscode.l10n.t('Livepeer: Access Key for {0}', target.name ?? target.playbackId),
        prompt: vscode.l10n.t('It is gated by your access-control webhook: the access key a viewer of your app would pass'),
        password: true,
      }));
    if (key) this.typedKeys.set(target.playbackId, key);
    // Typed in a password box: blanked wherever the extension shows text (a playback error quotes the URL that carries it).
    rememberSecrets(key);
    return key || undefined;
  }

  /** Asks again later, each time later (backoff); not while the panel is hidden or no token is set. */
  private waitAgain(): void {
    const first = this.deps.waitRetryMs ?? WAIT_RETRY_MS;
    this.wait = { ms: this.wait ? Math.min(this.wait.ms * 2, first * WAIT_BACKOFF_LIMIT) : first, held: false };
    if (!this.deps.session.hasToken) return this.holdForToken();
    if (!this.panel?.visible) return this.holdWaiting();
    this.timer = setTimeout(() => void this.plan(), this.wait.ms);
  }

  private holdWaiting(): void {
    if (!this.wait || this.wait.held) return;
    this.wait.held = true;
    this.stopTimers();
  }

  private resumeWaiting(): void {
    if (!this.wait?.held || !this.deps.session.hasToken) return;
    this.wait.held = false;
    void this.plan();
  }

  private holdForToken(): void {
    this.holdWaiting();
    this.show({ type: 'status', text: vscode.l10n.t('No API token is set: the player stopped asking. Set API Token, and it goes on waiting.'), waiting: false, canRetry: true });
  }

  /** The token went: waiting stops (nothing may be asked without one), and so do the viewer numbers; back, waiting goes on. */
  private onSessionChange(): void {
    if (!this.target || !this.panel) return;
    if (!this.deps.session.hasToken) {
      this.feed?.stop();
      if (this.wait) this.holdForToken();
      return;
    }
    if (this.wait?.held && this.panel.visible) {
      this.feed = new ViewerFeed(this.deps.session.client(), this.target.playbackId, (message) => this.post(message));
      this.resumeWaiting();
    }
  }

  /** Builds the page for these media origins, unless it is already built for them. */
  private page(origins: string[]): void {
    if (!this.panel) return;
    if (this.origins && this.origins.join(' ') === origins.join(' ')) return;
    this.origins = origins;
    this.ready = false;
    const webview = this.panel.webview;
    webview.html = playerHtml({
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'player.js')).toString(),
      cspSource: webview.cspSource,
      mediaOrigins: origins,
      nonce: Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('base64'),
      ...(vscode.l10n.bundle ? { l10n: vscode.l10n.bundle } : {}),
    });
  }

  /** What the page shows now: a load replaces a status and the other way round. */
  private show(message: Extract<ToWebview, { type: 'load' | 'status' }>): void {
    this.shown.delete(message.type === 'load' ? 'status' : 'load');
    this.post(message);
  }

  private post(message: ToWebview): void {
    if (message.type !== 'token') this.shown.set(message.type, message);
    if (!this.ready || !this.panel) return;
    void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const message = parseFromWebview(raw);
    if (!message) return;
    if (message.type === 'ready') {
      this.ready = true;
      // What plays (or why not) first: loading it clears what the page showed of the one before.
      const shown = [...this.shown.values()].sort((a, b) => Number(b.type === 'load' || b.type === 'status') - Number(a.type === 'load' || a.type === 'status'));
      for (const message of shown) this.post(message);
    } else if (message.type === 'retry') {
      void this.plan();
    } else if (message.type === 'clip') {
      const [clipOf, load] = [this.target?.clipOf, this.shown.get('load')];
      const { type: _clip, ...marks } = message;
      const request: PlayerClipRequest | undefined = clipOf && load?.type === 'load' ? { fromPlayer: { ...clipOf, live: load.source.live, ...marks } } : undefined;
      if (request) void vscode.commands.executeCommand(COMMANDS.streams.createClip, request);
    } else if (message.type === 'failed') {
      // A refusal or a stream gone offline is asked again, so it is said in the edge's words (or waited out).
      if (message.status === 401 || message.status === 403 || message.status === 404) void this.plan();
      else this.show({ type: 'status', text: vscode.l10n.t('Playback failed: {0}', message.detail), waiting: false, canRetry: true });
    }
  }

  private stopTimers(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
