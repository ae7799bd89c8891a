import * as vscode from 'vscode';
import type { Session as StreamSession, Stream } from '../../api';
import { dateTime, rowDuration, md, shortDateTime } from '../common/format';

/** A session row's recording state: while live a recording is being made, afterwards processed. */
const RECORDING_WORDS = {
  live: { ready: 'recorded', waiting: 'recording', none: undefined },
  ended: { ready: 'recorded', waiting: 'processing recording', none: 'not recorded' },
};

/** One broadcast of a stream: when it started, how long it ran, and its recording. */
export class SessionItem extends vscode.TreeItem {
  constructor(
    readonly session: StreamSession,
    readonly parent: Stream,
  ) {
    super(shortDateTime(session.createdAt), vscode.TreeItemCollapsibleState.None);
    this.id = `${parent.id}/${session.id}`;
    const recording = session.recordingStatus ?? 'none';
    const ran = rowDuration(session.sourceSegmentsDuration);
    this.description = [session.isActive ? 'live now' : ran, RECORDING_WORDS[session.isActive ? 'live' : 'ended'][recording]].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(session.isActive ? 'broadcast' : recording === 'ready' ? 'play-circle' : 'history');
    this.contextValue = recording === 'ready' ? 'session recorded' : 'session';
  }

  /** Built on hover (the view's resolveTreeItem). */
  tooltipText(): vscode.MarkdownString {
    const { session, parent } = this;
    const recording = session.recordingStatus ?? 'none';
    const ran = rowDuration(session.sourceSegmentsDuration);
    return new vscode.MarkdownString(
      [
        `**Session of ${md(parent.name || parent.id)}**`,
        '',
        `Started: ${dateTime(session.createdAt)}`,
        `Last seen: ${dateTime(session.lastSeen)}`,
        `Duration: ${ran ?? '—'}`,
        `Recording: ${recording === 'ready' ? 'ready' : recording === 'waiting' ? 'being processed' : 'none'}`,
        `ID: \`${session.id}\``,
      ].join('  \n'),
    );
  }
}

/**
 * A historic per-session child object from GET /stream without streamsonly=1 (Streams Only off):
 * marked as a session of its parent, with its times. No stream action applies to it.
 */
export class ChildSessionItem extends vscode.TreeItem {
  constructor(
    readonly stream: Stream,
    readonly parentName: string,
  ) {
    super(`session of ${parentName}`, vscode.TreeItemCollapsibleState.None);
    this.id = `child/${stream.id}`;
    const ran = rowDuration(stream.sourceSegmentsDuration);
    this.description = [shortDateTime(stream.createdAt), stream.isActive ? 'live now' : ran].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(stream.isActive ? 'broadcast' : 'history');
    this.contextValue = 'session child';
  }

  /** Built on hover (the view's resolveTreeItem). */
  tooltipText(): vscode.MarkdownString {
    const { stream, parentName } = this;
    const ran = rowDuration(stream.sourceSegmentsDuration);
    return new vscode.MarkdownString(
      [
        `**Session of ${md(parentName)}**`,
        '',
        `Started: ${dateTime(stream.createdAt)}`,
        `Last seen: ${dateTime(stream.lastSeen)}`,
        `Duration: ${ran ?? '—'}`,
        `ID: \`${stream.id}\``,
        `Stream ID: \`${stream.parentId ?? '—'}\``,
      ].join('  \n'),
    );
  }
}
