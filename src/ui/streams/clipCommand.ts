import * as vscode from 'vscode';
import type { Session, Stream } from '../../api';
import { MAX_CLIP_MS, clipTimeWords, createClip, lastPart, parseClipTime, sessionLengthMs, sessionToClip } from '../../operations/createClip';
import { COMMANDS } from '../common/commandIds';
import { quoted, shortDateTime, shownName } from '../common/format';
import { followToEnd } from '../common/taskEnd';
import { nameOf, resolveStream, type StreamContext } from './streamPicker';
import { SessionItem } from './sessionItems';
import type { PlayerClipRequest } from '../common/feature';

const QUICK = [
  { label: vscode.l10n.t('Last 30 seconds'), ms: 30_000 },
  { label: vscode.l10n.t('Last 2 minutes'), ms: 120_000 },
];

/** A range offered: its offsets into the session. */
interface Range {
  label: string;
  description?: string;
  fromMs: number;
  toMs: number;
}

function fromPlayer(arg: unknown): PlayerClipRequest['fromPlayer'] | undefined {
  return (arg as Partial<PlayerClipRequest> | undefined)?.fromPlayer;
}

/** The session to clip: the row it was run on, the player's (a recording, or the stream's live or last session), or one picked from a stream's sessions. */
async function sessionOf(ctx: StreamContext, arg: unknown): Promise<{ stream: Stream; session: Session } | undefined> {
  if (arg instanceof SessionItem) return { stream: arg.parent, session: arg.session };
  const player = fromPlayer(arg);
  if (player) {
    const client = ctx.session.client();
    const stream = await client.streams.get(player.streamId);
    const session = player.session ?? (await sessionToClip(client, stream.id));
    if (!session) ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} has no session with video to clip.', nameOf(stream)));
    return session && { stream, session };
  }
  const stream = await resolveStream(ctx, undefined, vscode.l10n.t('Select the stream to clip'));
  if (!stream) return undefined;
  const { items } = await ctx.session.client().streams.listSessionsPage(stream.id, { limit: 20 });
  if (!items.length) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} has no session with video to clip.', nameOf(stream)));
    return undefined;
  }
  const picked = await ctx.prompts.pick(
    items.map((session) => ({ label: shortDateTime(session.createdAt), description: session.isActive ? vscode.l10n.t('live now') : clipTimeWords(sessionLengthMs(session)), detail: session.id })),
    { placeHolder: vscode.l10n.t('Which session of {0}?', nameOf(stream)) },
  );
  const session = items.find((s) => s.id === picked?.detail);
  return session && { stream, session };
}

/** What a typed time must be: within the session and, for an end, after `after` (and at most 2 hours after it). */
interface TimeBounds {
  lengthMs: number;
  after?: number;
}

/** Why `typed` is not a time the box may take, in words naming the format or the bound; undefined when fine. */
function timeProblem(typed: string, { lengthMs, after }: TimeBounds): string | undefined {
  const ms = parseClipTime(typed);
  if (ms === undefined) return vscode.l10n.t('Type a time as mm:ss, e.g. 1:30.');
  // A start leaves room for an end; an end may round up to the session's last second.
  if (ms > (after === undefined ? lengthMs - 1000 : lengthMs + 1000)) return vscode.l10n.t('The session is {0} long.', clipTimeWords(lengthMs));
  if (after !== undefined && ms <= after) return vscode.l10n.t('The clip must end after its start ({0}).', clipTimeWords(after));
  if (after !== undefined && ms - after > MAX_CLIP_MS) return vscode.l10n.t('A clip can be at most 2 hours long: end by {0}.', clipTimeWords(after + MAX_CLIP_MS));
  return undefined;
}

/** A time typed into a box that takes only a valid one (see timeProblem), so nothing asked before is lost. */
async function askTime(ctx: StreamContext, title: string, prompt: string, value: string, bounds: TimeBounds): Promise<number | undefined> {
  const text = await ctx.prompts.input({ title, prompt, value, validateInput: (typed) => timeProblem(typed, bounds) });
  return text === undefined ? undefined : parseClipTime(text);
}

/**
 * The ranges offered: the last 30 s / 2 min of the session, or, from the player, up to where it
 * plays now and between the marks set there (first: the marks were set to be used).
 */
function rangesOf(session: Session, length: number, player?: PlayerClipRequest['fromPlayer']): Range[] {
  // The player's positions are the wall clock on a live stream, offsets into a recording.
  const offset = (position: number) => Math.min(length, Math.max(0, Math.round(player?.live ? position - (session.createdAt ?? 0) : position)));
  const end = player ? offset(player.at) : length;
  const words = (fromMs: number, toMs: number) => `${clipTimeWords(fromMs)}–${clipTimeWords(toMs)}`;
  const marked = player?.in !== undefined ? { fromMs: offset(player.in), toMs: offset(player.out ?? player.at) } : undefined;
  return [
    ...(marked && marked.toMs > marked.fromMs ? [{ label: vscode.l10n.t('Between the Marks'), description: words(marked.fromMs, marked.toMs), ...marked }] : []),
    ...QUICK.filter((q) => q.ms <= end).map((q) => ({ label: q.label, ...(player ? { description: words(end - q.ms, end) } : {}), ...lastPart(end, q.ms) })),
  ];
}

/** Create Clip…: from a session row, the player or the palette; the last 30 s / 2 min, the player's marks, or times typed as mm:ss into the session. */
export async function createClipCommand(ctx: StreamContext, arg: unknown): Promise<void> {
  const found = await sessionOf(ctx, arg);
  if (!found) return;
  const { stream, session } = found;
  const length = sessionLengthMs(session);
  const title = vscode.l10n.t('Livepeer: Create Clip of {0}', nameOf(stream));
  const range = await ctx.prompts.pick([...rangesOf(session, length, fromPlayer(arg)), { label: vscode.l10n.t('Choose Start and End…'), fromMs: -1, toMs: -1 }], {
    title,
    placeHolder: vscode.l10n.t('The session is {0} long: which part?', clipTimeWords(length)),
  });
  if (!range) return;
  let { fromMs, toMs } = range;
  if (fromMs < 0) {
    const from = await askTime(ctx, title, vscode.l10n.t('Start, from the session start (mm:ss)'), '0:00', { lengthMs: length });
    if (from === undefined) return;
    const to = await askTime(ctx, title, vscode.l10n.t('End (mm:ss)'), clipTimeWords(Math.min(length, from + 30_000)), { lengthMs: length, after: from });
    if (to === undefined) return;
    [fromMs, toMs] = [from, to];
  }
  const name = await ctx.prompts.input({ title, prompt: vscode.l10n.t('Name of the clip (an asset)'), value: `${stream.name ? shownName(stream) : 'clip'} ${clipTimeWords(fromMs)}–${clipTimeWords(toMs)}` });
  if (name === undefined) return;
  const asset = await createClip(ctx.session.client(), { stream, session, fromMs, toMs, name });
  await vscode.commands.executeCommand(COMMANDS.assets.refresh);
  ctx.view.clipsChanged();
  ctx.prompts.notify('info', vscode.l10n.t('Livepeer: clip {0} is processing; it appears in Assets and plays once ready.', quoted(shownName(asset))));
  followToEnd(ctx, 'clip', asset);
}
