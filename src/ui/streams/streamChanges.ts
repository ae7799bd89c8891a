import * as vscode from 'vscode';
import { StudioApiError, type Stream } from '../../api';
import { isLive, nameOf, resolveStream, type StreamArgument, type StreamContext } from './streamPicker';
import { DELETE, STOP_LIVE_SESSION, SUSPEND } from '../common/actions';

const STOP_DETAIL = vscode.l10n.t('The broadcaster is disconnected. The stream and its key stay, and it can go live again (Suspend, instead, also refuses the key until unsuspended).');

function done(text: string): void {
  vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: {0}', text), 4000);
}

const stateOf = (stream: Stream): string => (stream.suspended ? 'suspended' : isLive(stream) ? 'live' : 'idle');

/**
 * Runs a delete, suspend or terminate. The service changes the stream before it calls its media
 * server and answers 500 when that call fails, although the change was made: after a 500 the stream
 * is read again, and when it shows the change (`took`: undefined means deleted) that is said instead
 * of the error. Resolves true when the change was confirmed that way.
 */
async function changeStream(ctx: StreamContext, stream: Stream, change: () => Promise<void>, took: (now: Stream | undefined) => boolean, what: string): Promise<boolean> {
  try {
    await change();
    return false;
  } catch (error) {
    if (!(error instanceof StudioApiError && error.status === 500)) throw error;
    const now = await ctx.session
      .client()
      .streams.get(stream.id)
      .catch((readError: unknown) => {
        if (readError instanceof StudioApiError && readError.kind === 'not-found') return undefined;
        throw error;
      });
    await ctx.view.refresh();
    if (!took(now)) {
      const state = now ? `: ${nameOf(stream)} is still ${stateOf(now)}` : '';
      throw new StudioApiError('server', `${error.message}${state}`, { status: 500, messages: error.messages });
    }
    ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: the service reported an error (HTTP 500), but {0} {1}.', nameOf(stream), what));
    return true;
  }
}

export async function deleteStream(ctx: StreamContext, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream to delete'));
  if (!stream) return;
  const detail = isLive(stream)
    ? vscode.l10n.t('Its stream key stops working and the live broadcast is cut. This cannot be undone.')
    : vscode.l10n.t('Its stream key stops working. This cannot be undone.');
  if ((await ctx.prompts.confirm(vscode.l10n.t('Delete stream {0}?', nameOf(stream)), { detail }, DELETE)) !== DELETE) return;
  const reported = await changeStream(ctx, stream, () => ctx.session.client().streams.delete(stream.id), (now) => !now, vscode.l10n.t('is deleted'));
  await ctx.view.refresh();
  if (!reported) done(vscode.l10n.t('stream {0} deleted', nameOf(stream)));
}

export async function setSuspended(ctx: StreamContext, arg: StreamArgument, suspended: boolean): Promise<void> {
  const stream = await resolveStream(ctx, arg, suspended ? vscode.l10n.t('Select the stream to suspend') : vscode.l10n.t('Select the stream to unsuspend'), (s) => !!s.suspended !== suspended);
  if (!stream) return;
  if (suspended && isLive(stream)) {
    const detail = vscode.l10n.t('The broadcast is cut and the stream key is refused until you unsuspend the stream (Stop Live Session, instead, only ends this broadcast).');
    if ((await ctx.prompts.confirm(vscode.l10n.t('Suspend live stream {0}?', nameOf(stream)), { detail }, SUSPEND)) !== SUSPEND) return;
  }
  const took = (now: Stream | undefined) => !!now && !!now.suspended === suspended;
  const reported = await changeStream(ctx, stream, () => ctx.session.client().streams.setSuspended(stream.id, suspended), took, suspended ? vscode.l10n.t('is now suspended') : vscode.l10n.t('is now unsuspended'));
  await ctx.view.refresh();
  if (!reported) done(suspended ? vscode.l10n.t('{0} suspended', nameOf(stream)) : vscode.l10n.t('{0} unsuspended', nameOf(stream)));
}

/** Sends the stop; false when the service refused a repeat this soon (429, said in words). */
async function stopLiveSession(ctx: StreamContext, stream: Stream): Promise<boolean> {
  try {
    const took = (now: Stream | undefined) => !!now && !isLive(now);
    const reported = await changeStream(ctx, stream, () => ctx.session.client().streams.terminate(stream.id), took, vscode.l10n.t('is no longer live'));
    await ctx.view.refresh();
    if (!reported) done(vscode.l10n.t('live session of {0} stopped', nameOf(stream)));
    return true;
  } catch (error) {
    if (!(error instanceof StudioApiError && error.kind === 'rate-limited')) throw error;
    ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: the service refuses another stop of {0} this soon: wait a few seconds and try again.', nameOf(stream)));
    return false;
  }
}

export async function terminate(ctx: StreamContext, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the live stream to stop'), isLive);
  if (!stream) return;
  if ((await ctx.prompts.confirm(vscode.l10n.t('Stop the live session of {0}?', nameOf(stream)), { detail: STOP_DETAIL }, STOP_LIVE_SESSION)) !== STOP_LIVE_SESSION) return;
  await stopLiveSession(ctx, stream);
}

const refusedWhileLive = (error: unknown): boolean =>
  error instanceof StudioApiError && error.kind === 'validation' && error.messages.some((m) => /while stream is active/.test(m));

/**
 * Recording cannot change while a stream is live (the service answers 400). The row hides the
 * action on live streams; the palette lists them last saying so; when the service refuses anyway, a
 * modal (it stays until answered) offers to stop the live session and then makes the change.
 */
export async function setRecord(ctx: StreamContext, arg: StreamArgument, record: boolean): Promise<void> {
  const onOff = record ? 'on' : 'off';
  const why = vscode.l10n.t('live: recording can change once the broadcast ends');
  const stream = await resolveStream(ctx, arg, record ? vscode.l10n.t('Select the stream to turn recording on for') : vscode.l10n.t('Select the stream to turn recording off for'), (s) => !!s.record !== record, { refused: isLive, why });
  if (!stream) return;
  const change = () => ctx.session.client().streams.setRecord(stream.id, record);
  try {
    await change();
  } catch (error) {
    if (!refusedWhileLive(error)) throw error;
    const detail = `${vscode.l10n.t('The service refuses to change recording while the stream is live. Stop its live session and turn recording {0}?', onOff)} ${STOP_DETAIL}`;
    const choice = await ctx.prompts.confirm(vscode.l10n.t('{0} is live: recording cannot change until the broadcast ends.', nameOf(stream)), { detail }, STOP_LIVE_SESSION);
    if (choice !== STOP_LIVE_SESSION || !(await stopLiveSession(ctx, stream))) return;
    try {
      await change();
    } catch (again) {
      if (!refusedWhileLive(again)) throw again;
      ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: the live session of {0} is stopping: turn recording {1} again in a few seconds.', nameOf(stream), onOff));
      return;
    }
  }
  await ctx.view.refresh();
  done(vscode.l10n.t('recording {0} for {1}', onOff, nameOf(stream)));
}
