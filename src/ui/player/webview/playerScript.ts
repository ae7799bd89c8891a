// The player webview's script (bundled alone into dist/player.js): plays what the extension sends
// with hls.js (or the video element itself for MP4), and reports its state back.
import Hls, { type ErrorData } from 'hls.js';
import type { FromWebview, PlayerLoad, PlayerState, ToWebview } from '../playerMessages';
import * as l10n from '@vscode/l10n';
import { clipMarks } from './clipMarks';
// Sets the page's translation, before the first word below is looked up.
import './pageL10n';
import { dailyViews, drawViewsChart } from './viewsChart';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const vscode = acquireVsCodeApi();
document.body.insertAdjacentHTML(
  'afterbegin',
  `<video id="video" controls playsinline></video>
<div class="bar"><span id="live"></span><span id="latency"></span><span id="viewers"></span><span id="status"></span><button id="retry"></button></div>
<h3><span id="views-title"></span> <span id="views-total"></span></h3>
<svg id="chart" width="100%" height="60" role="img"></svg>`,
);
const video = document.getElementById('video') as HTMLVideoElement;
const status = document.getElementById('status') as HTMLElement;
const retry = document.getElementById('retry') as HTMLButtonElement;
const liveBadge = document.getElementById('live') as HTMLElement;
const latencyText = document.getElementById('latency') as HTMLElement;
const viewersText = document.getElementById('viewers') as HTMLElement;
const viewsTotal = document.getElementById('views-total') as HTMLElement;
const chart = document.getElementById('chart') as unknown as SVGSVGElement;
// The words go in as text, never as HTML: a translation is text.
liveBadge.textContent = l10n.t('● LIVE');
retry.textContent = l10n.t('Try Again');
(document.getElementById('views-title') as HTMLElement).textContent = l10n.t('Views per day, last 30 days');
chart.setAttribute('aria-label', l10n.t('Views per day over the last 30 days'));

/** How often the playing state (current time, latency) is reported at most. */
const REPORT_MS = 500;

let hls: Hls | undefined;
let source: PlayerLoad | undefined;
let jwt: string | undefined;
let lastReport = 0;
/** Whether the status line says something that passes once the video plays (loading, joining, ended). */
let passing = false;
// Where the video is now for a clip: the frame shown on a live stream (wall clock less the latency), or into the recording.
const clipBar = clipMarks(
  document.querySelector('.bar') as HTMLElement,
  () => (source?.live ? Date.now() - (hls && Number.isFinite(hls.latency) ? hls.latency * 1000 : 0) : video.currentTime * 1000),
  (message) => vscode.postMessage(message),
);

function say(text: string, problem = false, passes = false): void {
  status.textContent = text;
  status.classList.toggle('problem', problem);
  passing = passes;
}
say(l10n.t('Loading…'), false, true);

function report(state: PlayerState, force = false): void {
  const now = Date.now();
  if (!force && now - lastReport < REPORT_MS) return;
  lastReport = now;
  const latency = source?.live && hls && Number.isFinite(hls.latency) ? Math.round(hls.latency * 10) / 10 : undefined;
  if (latency !== undefined) latencyText.textContent = l10n.t('latency {0} s', latency.toFixed(1));
  const shown = [status.textContent, viewersText.textContent].filter(Boolean).join(' · ');
  vscode.postMessage({ type: 'state', state, currentTime: video.currentTime, shown, ...(latency !== undefined ? { latency } : {}) });
}

/** The address with the newest playback token (the panel sends a fresh one before the old expires). */
function withToken(url: string): string {
  if (!jwt) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.has('jwt')) parsed.searchParams.set('jwt', jwt);
  return parsed.href;
}

/** Starts playing; when the browser refuses sound without a click, plays muted and says so. */
async function start(): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    if ((error as DOMException).name !== 'NotAllowedError') return;
    video.muted = true;
    await video.play().catch(() => undefined);
    say(l10n.t('Playing muted: unmute with the speaker button.'));
  }
}

function stop(): void {
  hls?.destroy();
  hls = undefined;
  video.removeAttribute('src');
  video.load();
  liveBadge.style.display = 'none';
  latencyText.textContent = '';
  // The viewers of what played before (a live stream) are not this one's: a live one's come again.
  viewersText.textContent = '';
  clipBar.reset(undefined);
}

function playMp4(url: string): void {
  video.src = url;
  void start();
}

function onHlsError(data: ErrorData): void {
  if (!data.fatal) return;
  const status = data.response?.code || undefined;
  if (source?.fallbackMp4 && data.type !== Hls.ErrorTypes.NETWORK_ERROR) {
    // The MP4 of a short asset plays where the HLS stream could not be decoded.
    const fallback = source.fallbackMp4;
    stop();
    playMp4(withToken(fallback));
    return;
  }
  say(l10n.t('Playback failed ({0})', data.details), true);
  vscode.postMessage({ type: 'failed', detail: `${data.type}: ${data.details}`, ...(status ? { status } : {}) });
}

function load(next: PlayerLoad): void {
  stop();
  source = next;
  clipBar.reset(next);
  retry.style.display = 'none';
  say(next.live ? l10n.t('Joining the live stream…') : l10n.t('Loading…'), false, true);
  // Reports from here on are about this content: what the page said of the one before came earlier.
  report('loading', true);
  if (next.kind === 'mp4' || !Hls.isSupported()) {
    playMp4(next.url);
    return;
  }
  // No worker: the page's policy allows no worker source; parsing a few segments on the page is cheap.
  hls = new Hls({ enableWorker: false, lowLatencyMode: next.live, xhrSetup: (xhr, url) => xhr.open('GET', withToken(url), true) });
  hls.on(Hls.Events.ERROR, (_event, data) => onHlsError(data));
  hls.on(Hls.Events.MANIFEST_PARSED, () => void start());
  hls.loadSource(next.url);
  hls.attachMedia(video);
}

video.addEventListener('playing', () => {
  liveBadge.style.display = source?.live ? 'inline' : 'none';
  if (!video.muted || passing) say(source?.live ? l10n.t('Live') : l10n.t('Playing'));
  report('playing', true);
});
video.addEventListener('timeupdate', () => report(video.paused ? 'paused' : 'playing'));
video.addEventListener('pause', () => report('paused', true));
video.addEventListener('waiting', () => report('waiting', true));
video.addEventListener('ended', () => {
  say(l10n.t('Ended: press play to watch again.'), false, true);
  report('ended', true);
});
video.addEventListener('error', () => {
  if (hls) return;
  say(l10n.t('The video could not be played.'), true);
  vscode.postMessage({ type: 'failed', detail: l10n.t('media error {0}: {1}', video.error?.code ?? '', video.error?.message ?? '').trim() });
});
retry.addEventListener('click', () => vscode.postMessage({ type: 'retry' }));
// A request the page's policy blocked (an address outside the playback origins) is said, not silent.
document.addEventListener('securitypolicyviolation', (event) => {
  vscode.postMessage({ type: 'failed', detail: l10n.t('blocked by the Content-Security-Policy: {0}', event.blockedURI.slice(0, 120)) });
});

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  switch (message?.type) {
    case 'load':
      jwt = undefined;
      load(message.source);
      break;
    case 'token':
      jwt = message.jwt;
      break;
    case 'status':
      stop();
      say(message.text, !message.waiting);
      retry.style.display = message.canRetry ? 'inline' : 'none';
      break;
    case 'viewers':
      viewersText.textContent = l10n.t('{0} watching now', message.count);
      break;
    case 'views': {
      const days = dailyViews(message.from, message.days, message.rows);
      viewsTotal.textContent = l10n.t('({0} in all)', days.reduce((sum, d) => sum + d.views, 0));
      vscode.postMessage({ type: 'chart', bars: drawViewsChart(chart, days) });
      break;
    }
    case 'viewsUnavailable':
      viewsTotal.textContent = `(${message.text})`;
      break;
  }
});

vscode.postMessage({ type: 'ready' });
