/** What the player page needs from its webview: where its script is and the webview's own source for CSP. */
export interface PlayerPageParts {
  /** The webview URI of dist/player.js. */
  scriptUri: string;
  /** `webview.cspSource`: the webview's own resources. */
  cspSource: string;
  /** Origins the media may come from (the playback origins of the sources); none until something plays. */
  mediaOrigins: readonly string[];
  nonce: string;
}

/** Origins as CSP sources: only plain http(s) origins pass, so nothing in a service's answer can widen the policy. */
function cspOrigins(origins: readonly string[]): string {
  return origins.filter((origin) => /^https?:\/\/[a-z0-9.\-[\]:]+$/i.test(origin)).join(' ');
}

/**
 * The player page: a strict Content-Security-Policy (its one script by nonce, no inline script,
 * media and requests only to the playback origins; hls.js feeds the video through a `blob:`
 * MediaSource), a video element, the status line and the views chart.
 */
export function playerHtml(parts: PlayerPageParts): string {
  const origins = cspOrigins(parts.mediaOrigins);
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${parts.nonce}'`,
    `style-src ${parts.cspSource} 'nonce-${parts.nonce}'`,
    `img-src ${parts.cspSource} data:`,
    `media-src ${[origins, 'blob:'].filter(Boolean).join(' ')}`,
    `connect-src ${origins || "'none'"}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${parts.nonce}">
body { padding: 12px 16px; color: var(--vscode-foreground); font-family: var(--vscode-font-family); }
#video { width: 100%; max-height: 70vh; background: #000; display: block; }
.bar { display: flex; gap: 10px; align-items: center; margin: 8px 0; min-height: 22px; flex-wrap: wrap; }
#live { display: none; background: var(--vscode-statusBarItem-errorBackground, #c72e0f); color: #fff; font-weight: 600; padding: 1px 6px; border-radius: 3px; }
#status { color: var(--vscode-descriptionForeground); }
#status.problem { color: var(--vscode-errorForeground); }
#retry { display: none; }
button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: none; padding: 4px 10px; cursor: pointer; }
#chart rect { fill: var(--vscode-charts-blue, #3794ff); }
#chart rect.zero { fill: var(--vscode-disabledForeground, #888); opacity: 0.4; }
h3 { font-size: 12px; font-weight: 600; margin: 14px 0 4px; }
</style>
</head>
<body>
<video id="video" controls playsinline></video>
<div class="bar"><span id="live">● LIVE</span><span id="latency"></span><span id="viewers"></span><span id="status">Loading…</span><button id="retry">Try Again</button></div>
<h3>Views per day, last 30 days <span id="views-total"></span></h3>
<svg id="chart" width="100%" height="60" role="img" aria-label="Views per day over the last 30 days"></svg>
<script nonce="${parts.nonce}" src="${parts.scriptUri}"></script>
</body>
</html>`;
}
