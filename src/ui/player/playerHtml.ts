import { webviewPage } from '../common/webviewPage';

/** What the player page needs from its webview: where its script and style are, and the webview's own source for CSP. */
export interface PlayerPageParts {
  /** The webview URI of dist/player.js; its style sheet, dist/player.css, is next to it. */
  scriptUri: string;
  /** `webview.cspSource`: the webview's own resources. */
  cspSource: string;
  /** Origins the media may come from (the playback origins of the sources); none until something plays. */
  mediaOrigins: readonly string[];
  nonce: string;
  /** The translation of the page's words (`vscode.l10n.bundle`), none in English. */
  l10n?: Record<string, string>;
}

/**
 * The player page: a strict Content-Security-Policy (its one script by nonce, no inline script,
 * media and requests only to the playback origins, which must be plain http(s) origins so nothing
 * in a service's answer can widen the policy; hls.js feeds the video through a `blob:` MediaSource).
 * The script builds the page.
 */
export function playerHtml(parts: PlayerPageParts): string {
  const origins = parts.mediaOrigins.filter((origin) => /^https?:\/\/[a-z0-9.\-[\]:]+$/i.test(origin)).join(' ');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${parts.nonce}'`,
    `style-src ${parts.cspSource}`,
    `img-src ${parts.cspSource} data:`,
    `media-src ${[origins, 'blob:'].filter(Boolean).join(' ')}`,
    `connect-src ${origins || "'none'"}`,
  ].join('; ');
  return webviewPage(parts.scriptUri, parts.nonce, csp, parts.l10n);
}
