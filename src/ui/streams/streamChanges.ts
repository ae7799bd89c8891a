import * as vscode from 'vscode';
import { StudioApiError, type Stream } from '../../api';
import { isLive, nameOf, resolveStream, type StreamArgument, type StreamContext } from './streamPicker';
import { DELETE, STOP_LIVE_SESSION, SUSPEND } from '../common/actions';
import {
  StreamChangeFailed,
  deleteStream as deleteStreamOperation,
  setStreamRecord,
  setStreamSuspended,
  stopLiveSession as stopLiveSessionOperation,
  type StreamChangeOutcome,
  type StreamState,
} from '../../operations/streamChanges';

const STOP_DETAIL = vscode.l10n.t('The broadcaster is disconnected. The stream and its key stay, and it can go live again (Suspend, instead, also refuses the key until unsuspended).');

function done(text: string): void {
  vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: {0}', text), 4000);
}

/**
 * Runs a delete, suspend or stop (the operation reads the stream again after the service's 500) and
 * says a change that took despite the error. Resolves true when it was said that way.
 */
async function changeStream(ctx: StreamContext, stream: Stream, change: () => Promise<StreamChangeOutcome>, took: string): Promise<boolean> {
  try {
    if ((await change()) === 'changed') return false;
  } catch (error) {
    if (!(error instanceof StreamChangeFailed)) throw error;
    await ctx.view.refresh();
    const still: Record<StreamState, string> = {
      live: vscode.l10n.t('{0}: {1} is still live.', error.message, nameOf(stream)),
      idle: vscode.l10n.t('{0}: {1} is still idle.', error.message, nameOf(stream)),
      suspended: vscode.l10n.t('{0}: {1} is still suspended.', error.message, nameOf(stream)),
    };
    throw error.state ? new StudioApiError('server', still[error.state], { status: 500, messages: error.messages }) : error;
  }
  await ctx.view.refresh();
  ctx.prompts.notify('warning', took);
  return true;
}

export async function deleteStream(ctx: StreamContext, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream to delete'));
  if (!stream) return;
  const detail = isLive(stream)
    ? vscode.l10n.t('Its stream key stops working and the live broadcast is cut. This cannot be undone.')
    : vscode.l10n.t('Its stream key stops working. This cannot be undone.');
  if ((await ctx.prompts.confirm(vscode.l10n.t('Delete stream {0}?', nameOf(stream)), { detail }, DELETE)) !== DELETE) return;
  const reported = await changeStream(ctx, stream, () => deleteStreamOperation(ctx.session.client(), stream.id), vscode.l10n.t('Livepeer: the service reported an error (HTTP 500), but {0} is deleted.', nameOf(stream)));
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
  const took = suspended
    ? vscode.l10n.t('Livepeer: the service reported an error (HTTP 500), but {0} is now suspended.', nameOf(stream))
    : vscode.l10n.t('Livepeer: the service reported an error (HTTP 500), but {0} is now unsuspended.', nameOf(stream));
  const reported = await changeStream(ctx, stream, () => setStreamSuspended(ctx.session.client(), stream.id, suspended), took);
  await ctx.view.refresh();
  if (!reported) done(suspended ? vscode.l10n.t('{0} suspended', nameOf(stream)) : vscode.l10n.t('{0} unsuspended', nameOf(stream)));
}

/** Sends the stop; false when the service refused a repeat this soon (429, said in words). */
async function stopLiveSession(ctx: StreamContext, stream: Stream): Promise<boolean> {
  try {
    const took = vscode.l10n.t('Livepeer: the service reported an error (HTTP 500), but {0} is no longer live.', nameOf(stream));
    const reported = await changeStream(ctx, stream, () => stopLiveSessionOperation(ctx.session.client(), stream.id), took);
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
  const change = () => setStreamRecord(ctx.session.client(), stream.id, record);
  if ((await change()) === 'refused-while-live') {
    const detail = `${vscode.l10n.t('The service refuses to change recording while the stream is live. Stop its live session and turn recording {0}?', onOff)} ${STOP_DETAIL}`;
    const choice = await ctx.prompts.confirm(vscode.l10n.t('{0} is live: recording cannot change until the broadcast ends.', nameOf(stream)), { detail }, STOP_LIVE_SESSION);
    if (choice !== STOP_LIVE_SESSION || !(await stopLiveSession(ctx, stream))) return;
    if ((await change()) === 'refused-while-live') {
      ctx.prompts.notify('warning', vscode.l10n.t('Livepeer: the live session of {0} is stopping: turn recording {1} again in a few seconds.', nameOf(stream), onOff));
      return;
    }
  }
  await ctx.view.refresh();
  done(vscode.l10n.t('recording {0} for {1}', onOff, nameOf(stream)));
}
