import * as vscode from 'vscode';
import type { Session as StreamSession, Stream } from '../../api';
import { dateTime, md, rowDuration, shortDateTime, shownName } from '../common/format';

/** A session row's recording state: while live a recording is being made, afterwards processed. */
const RECORDING_WORDS = {
  live: { ready: vscode.l10n.t('recorded'), waiting: vscode.l10n.t('recording'), none: undefined },
  ended: { ready: vscode.l10n.t('recorded'), waiting: vscode.l10n.t('processing recording'), none: vscode.l10n.t('not recorded') },
};

/** One broadcast of a stream: when it started, how long it ran, and its recording. */
export class SessionItem extends vscode.TreeItem {
  constructor(
    readonly session: StreamSession,
    readonly parent: Stream,
  ) {
    // Expanded, it lists the session's clips.
    super(shortDateTime(session.createdAt), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `${parent.id}/${session.id}`;
    const recording = session.recordingStatus ?? 'none';
    const ran = rowDuration(session.sourceSegmentsDuration);
    this.description = [session.isActive ? vscode.l10n.t('live now') : ran, RECORDING_WORDS[session.isActive ? 'live' : 'ended'][recording]].filter(Boolean).join(' · ');
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
        vscode.l10n.t('**Session of {0}**', md(shownName(parent))),
        '',
        vscode.l10n.t('Started: {0}', dateTime(session.createdAt)),
        vscode.l10n.t('Last seen: {0}', dateTime(session.lastSeen)),
        vscode.l10n.t('Duration: {0}', ran ?? '—'),
        recording === 'ready' ? vscode.l10n.t('Recording: ready') : recording === 'waiting' ? vscode.l10n.t('Recording: being processed') : vscode.l10n.t('Recording: none'),
        vscode.l10n.t('ID: `{0}`', session.id),
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
    super(vscode.l10n.t('session of {0}', parentName), vscode.TreeItemCollapsibleState.None);
    this.id = `child/${stream.id}`;
    const ran = rowDuration(stream.sourceSegmentsDuration);
    this.description = [shortDateTime(stream.createdAt), stream.isActive ? vscode.l10n.t('live now') : ran].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(stream.isActive ? 'broadcast' : 'history');
    this.contextValue = 'session child';
  }

  /** Built on hover (the view's resolveTreeItem). */
  tooltipText(): vscode.MarkdownString {
    const { stream, parentName } = this;
    const ran = rowDuration(stream.sourceSegmentsDuration);
    return new vscode.MarkdownString(
      [
        vscode.l10n.t('**Session of {0}**', md(parentName)),
        '',
        vscode.l10n.t('Started: {0}', dateTime(stream.createdAt)),
        vscode.l10n.t('Last seen: {0}', dateTime(stream.lastSeen)),
        vscode.l10n.t('Duration: {0}', ran ?? '—'),
        vscode.l10n.t('ID: `{0}`', stream.id),
        vscode.l10n.t('Stream ID: `{0}`', stream.parentId ?? '—'),
      ].join('  \n'),
    );
  }
}

/**
 * The names of the streams whose sessions a redraw shows, each named (and redacted) once per redraw:
 * naming all 5,000 streams on each one was most of a Load more…'s time.
 */
export class ParentNames {
  private streams: Map<string, Stream> | undefined;
  private readonly names = new Map<string, string>();

  constructor(private readonly listed: readonly Stream[]) {}

  /** The name of stream `id`; one not listed is named by its session's name (`name`). */
  of(id: string, name: string | undefined): string {
    const parent = (this.streams ??= new Map(this.listed.map((s) => [s.id, s]))).get(id);
    if (!parent) return shownName({ name, id });
    let shown = this.names.get(id);
    if (shown === undefined) this.names.set(id, (shown = shownName(parent)));
    return shown;
  }
}
