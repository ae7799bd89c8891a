import * as vscode from 'vscode';
import type { Session as StreamSession, Stream } from '../../api';
import { dateTime, rowDuration, md, shortName, timeAgo } from '../common/format';
import type { PlaybackTarget } from '../common/playbackTarget';

/** When the stream went live: the start of its live session (sessions come newest first). */
export function liveSince(stream: Stream, sessions: StreamSession[] | undefined): number | undefined {
  if (!stream.isActive) return undefined;
  return (sessions?.find((s) => s.isActive) ?? sessions?.[0])?.createdAt;
}

/** "live 1h 20m" from the start of its live session, or just "live" when that is not known. */
export function liveWords(since: number | undefined, now = Date.now()): string {
  return since ? `live ${rowDuration((now - since) / 1000)}` : 'live';
}

function health(stream: Stream): string | undefined {
  if (!stream.isActive || stream.isHealthy === undefined || stream.isHealthy === null) return undefined;
  return stream.isHealthy ? 'healthy' : 'unhealthy';
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
  const state = stream.suspended ? 'suspended' : stream.isActive ? 'live' : 'idle';
  const issues = stream.isActive ? (stream.issues ?? []) : [];
  return new vscode.MarkdownString(
    [
      `**${md(stream.name || stream.id)}** — ${state}${health(stream) ? `, ${health(stream)}` : ''}`,
      ...issues.map((issue) => `- ${md(issue)}`),
      '',
      ...(since ? [`Live since: ${dateTime(since)} (${rowDuration((now - since) / 1000)})`] : []),
      ...(viewers !== undefined ? [`Viewers now: ${viewers}`] : []),
      `Recording: ${stream.record ? 'on' : 'off'}`,
      `Playback: ${signed ? 'signed (JWT)' : (stream.playbackPolicy?.type ?? 'public')}`,
      `ID: \`${stream.id}\``,
      `Playback ID: ${stream.playbackId ? `\`${stream.playbackId}\`` : '—'}`,
      `Created: ${dateTime(stream.createdAt)}`,
      `Last seen: ${stream.lastSeen ? dateTime(stream.lastSeen) : 'never'}`,
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
    super(shortName(stream.name || stream.id), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = stream.id;
    this.show(stream, sessions, now);
  }

  /** Shows `stream`'s data; false when the row looks the same as before (its tooltip is built again on the next hover either way). */
  show(stream: Stream, sessions: StreamSession[] | undefined, now = Date.now()): boolean {
    const looked = this.looks();
    this.stream = stream;
    this.label = shortName(stream.name || stream.id);
    const seen = timeAgo(stream.lastSeen, now);
    const signed = stream.playbackPolicy?.type === 'jwt';
    // Short enough for the default sidebar width: the icon already says live / idle / healthy, so
    // the row names only what differs (how long live, unhealthy, suspended, recording, last seen).
    this.description = [
      stream.isActive ? liveWords(liveSince(stream, sessions), now) : stream.suspended ? 'suspended' : undefined,
      stream.isActive && stream.isHealthy === false ? 'unhealthy' : undefined,
      stream.record ? 'recording' : undefined,
      stream.isActive ? undefined : seen ? `seen ${seen}` : 'never seen',
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
