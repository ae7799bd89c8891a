import * as vscode from 'vscode';
import type { Session as StreamSession, Stream } from '../../api';
import { dateTime, rowDuration, md, shortName, shownName, timeAgo } from '../common/format';
import type { PlaybackTarget } from '../common/playbackTarget';

/** When the stream went live: the start of its live session (sessions come newest first). */
export function liveSince(stream: Stream, sessions: StreamSession[] | undefined): number | undefined {
  if (!stream.isActive) return undefined;
  return (sessions?.find((s) => s.isActive) ?? sessions?.[0])?.createdAt;
}

/** "live 1h 20m" from the start of its live session, or just "live" when that is not known. */
export function liveWords(since: number | undefined, now = Date.now()): string {
  return since ? vscode.l10n.t('live {0}', String(rowDuration((now - since) / 1000))) : vscode.l10n.t('live');
}

/** "live, healthy", "suspended", "idle": the tooltip's state, with the health while live. */
function stateWords(stream: Stream): string {
  const health = !stream.isActive || stream.isHealthy === undefined || stream.isHealthy === null ? undefined : stream.isHealthy;
  if (stream.suspended) return health === undefined ? vscode.l10n.t('suspended') : health ? vscode.l10n.t('suspended, healthy') : vscode.l10n.t('suspended, unhealthy');
  if (!stream.isActive) return vscode.l10n.t('idle');
  return health === undefined ? vscode.l10n.t('live') : health ? vscode.l10n.t('live, healthy') : vscode.l10n.t('live, unhealthy');
}

function icon(stream: Stream): vscode.ThemeIcon {
  if (stream.suspended) return new vscode.ThemeIcon('debug-pause', new vscode.ThemeColor('disabledForeground'));
  if (!stream.isActive) return new vscode.ThemeIcon('circle-outline');
  return stream.isHealthy === false ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('charts.yellow')) : new vscode.ThemeIcon('broadcast', new vscode.ThemeColor('charts.red'));
}

/** A stream row's tooltip, built on hover (the view's resolveTreeItem), with the current viewers when known. The stream key is never in it. */
export function streamTooltip(stream: Stream, sessions: StreamSession[] | undefined, now = Date.now(), viewers?: number): vscode.MarkdownString {
  const since = liveSince(stream, sessions);
  const signed = stream.playbackPolicy?.type === 'jwt';
  const issues = stream.isActive ? (stream.issues ?? []) : [];
  return new vscode.MarkdownString(
    [
      vscode.l10n.t('**{0}** — {1}', md(shownName(stream)), stateWords(stream)),
      ...issues.map((issue) => `- ${md(issue)}`),
      '',
      ...(since ? [vscode.l10n.t('Live since: {0} ({1})', dateTime(since), String(rowDuration((now - since) / 1000)))] : []),
      ...(viewers !== undefined ? [vscode.l10n.t('Viewers now: {0}', viewers)] : []),
      stream.record ? vscode.l10n.t('Recording: on') : vscode.l10n.t('Recording: off'),
      signed ? vscode.l10n.t('Playback: signed (JWT)') : stream.playbackPolicy?.type ? vscode.l10n.t('Playback: {0}', stream.playbackPolicy.type) : vscode.l10n.t('Playback: public'),
      vscode.l10n.t('ID: `{0}`', stream.id),
      stream.playbackId ? vscode.l10n.t('Playback ID: `{0}`', stream.playbackId) : vscode.l10n.t('Playback ID: —'),
      vscode.l10n.t('Created: {0}', dateTime(stream.createdAt)),
      stream.lastSeen ? vscode.l10n.t('Last seen: {0}', dateTime(stream.lastSeen)) : vscode.l10n.t('Last seen: never'),
    ].join('  \n'),
  );
}

/**
 * A stream's row. The view keeps one per stream and shows new data on it (`show`), so an
 * auto-refresh updates only the rows that changed; the tooltip waits for a hover.
 */
export class StreamItem extends vscode.TreeItem {
  stream!: Stream;
  playback: PlaybackTarget | undefined;

  constructor(stream: Stream, sessions: StreamSession[] | undefined, now = Date.now()) {
    super(shortName(shownName(stream)), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = stream.id;
    this.show(stream, sessions, now);
  }

  /** Shows `stream`'s data; false when the row looks the same as before (its tooltip is built again on the next hover either way). */
  show(stream: Stream, sessions: StreamSession[] | undefined, now = Date.now()): boolean {
    const looked = this.looks();
    this.stream = stream;
    this.label = shortName(shownName(stream));
    const seen = timeAgo(stream.lastSeen, now);
    const signed = stream.playbackPolicy?.type === 'jwt';
    // Short enough for the default sidebar width: the icon already says live / idle / healthy, so
    // the row names only what differs (how long live, unhealthy, suspended, recording, last seen).
    this.description = [
      stream.isActive ? liveWords(liveSince(stream, sessions), now) : stream.suspended ? vscode.l10n.t('suspended') : undefined,
      stream.isActive && stream.isHealthy === false ? vscode.l10n.t('unhealthy') : undefined,
      stream.record ? vscode.l10n.t('recording') : undefined,
      stream.isActive ? undefined : seen ? vscode.l10n.t('seen {0}', seen) : vscode.l10n.t('never seen'),
    ]
      .filter(Boolean)
      .join(' · ');
    this.iconPath = icon(stream);
    // Words menus match on: live/idle, suspended, recording, signed (the keys helper's contract).
    this.contextValue = ['stream', stream.isActive ? 'live' : 'idle', stream.suspended && 'suspended', stream.record && 'recording', signed && 'signed']
      .filter(Boolean)
      .join(' ');
    this.playback = stream.playbackId ? { playbackId: stream.playbackId, name: stream.name, policy: stream.playbackPolicy ?? null } : undefined;
    this.tooltip = undefined;
    return this.looks() !== looked;
  }

  private looks(): string {
    const icon = this.iconPath instanceof vscode.ThemeIcon ? `${this.iconPath.id}/${this.iconPath.color?.id ?? ''}` : '';
    return JSON.stringify([this.label, this.description, this.contextValue, icon]);
  }
}
