import * as vscode from 'vscode';
import { StudioApiError, ingestAddresses, withoutSecrets, type PlaybackSource, type Stream } from '../../api';
import { reportError, reportingFailures } from '../errors';
import { timeAgo } from '../format';
import { JsonDetails } from '../jsonDetails';
import { openInStudio } from '../openInStudio';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import { settings } from '../settings';
import { CHECK, FILTER_CHOICES, type FilterChoice } from './filterChoices';
import { SessionItem, StreamItem, type StreamsView } from './streamsView';
import { leaveWalkthrough } from '../walkthrough';

type StreamArgument = StreamItem | Stream | undefined;

interface Context {
  session: Session;
  prompts: Prompts;
  view: StreamsView;
  details: JsonDetails<Stream>;
}

const isLive = (stream: Stream): boolean => !!stream.isActive;
const nameOf = (stream: Stream): string => `“${stream.name || stream.id}”`;

/** The stream a command acts on: the row it was run on, or one picked from those it applies to. */
async function resolveStream(
  { session, prompts, view }: Context,
  arg: StreamArgument,
  placeHolder: string,
  applies: (stream: Stream) => boolean = () => true,
): Promise<Stream | undefined> {
  if (arg instanceof StreamItem) return arg.stream;
  if (arg?.id) return arg;
  const loaded = view.streams.length ? view.streams : await session.client().listStreams(view.filters.query());
  const streams = loaded.filter(applies);
  if (!streams.length) {
    void prompts.message('info', 'Livepeer: no stream this applies to.', {});
    return undefined;
  }
  const picked = await prompts.pick(
    streams.map((stream) => ({
      label: stream.name || stream.id,
      description: [stream.suspended ? 'suspended' : stream.isActive ? 'live' : 'idle', timeAgo(stream.lastSeen)].filter(Boolean).join(' · '),
      detail: stream.id,
      stream,
    })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.stream;
}

async function copy(value: string, label: string, note?: string): Promise<void> {
  await vscode.env.clipboard.writeText(value);
  vscode.window.setStatusBarMessage(`Livepeer: ${label} copied${note ? ` (${note})` : ''}`, 4000);
}

/** The stream key, from the listed object or, when a list left it out, from the stream itself. */
async function streamKeyOf(session: Session, stream: Stream): Promise<string> {
  const key = stream.streamKey ?? (await session.client().getStream(stream.id)).streamKey;
  if (!key) throw new StudioApiError('server', `the service sent no stream key for ${nameOf(stream)}: try Refresh`);
  return key;
}

/** RTMP and SRT addresses from GET /ingest, or the hosted service's when it cannot be read. */
async function ingestFor(session: Session, key: string): Promise<{ rtmp: string; srt: string }> {
  const points = await session
    .client()
    .listIngests()
    .catch(() => []);
  return ingestAddresses(points, key);
}

async function createStream(ctx: Context): Promise<void> {
  const { session, prompts, view } = ctx;
  const name = await prompts.input({
    title: 'Livepeer: Create Stream (1/3)',
    prompt: 'Name of the new stream',
    validateInput: (value) => (value.trim() ? undefined : 'Give the stream a name.'),
  });
  if (!name?.trim()) return;
  const recording = await prompts.pick(
    [
      { label: 'Recording off', record: false },
      { label: 'Recording on', description: 'each session is recorded for playback later', record: true },
    ],
    { title: 'Livepeer: Create Stream (2/3)', placeHolder: 'Record the sessions of this stream?' },
  );
  if (!recording) return;
  const playback = await prompts.pick(
    [
      { label: 'Public playback', description: 'anyone with the playback URL can watch', type: 'public' as const },
      { label: 'Signed playback', description: 'viewers need a token signed with one of your signing keys', type: 'jwt' as const },
    ],
    { title: 'Livepeer: Create Stream (3/3)', placeHolder: 'Who may watch?' },
  );
  if (!playback) return;
  const stream = await session.client().createStream({ name, record: recording.record, playbackPolicy: { type: playback.type } });
  view.refresh();
  void prompts.message('info', `Livepeer: stream ${nameOf(stream)} created. Broadcast to it with its stream key.`, {}, 'Copy Stream Key', 'Copy RTMP URL').then(async (action) => {
    try {
      if (action === 'Copy Stream Key') await copy(await streamKeyOf(session, stream), 'stream key');
      if (action === 'Copy RTMP URL') await copy((await ingestFor(session, await streamKeyOf(session, stream))).rtmp, 'RTMP ingest URL');
    } catch (error) {
      reportError(prompts, 'copying the address', error);
    }
  });
}

async function deleteStream(ctx: Context, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, 'Select the stream to delete');
  if (!stream) return;
  const detail = `Its stream key stops working${isLive(stream) ? ' and the live broadcast is cut' : ''}. This cannot be undone.`;
  if ((await ctx.prompts.confirm(`Delete stream ${nameOf(stream)}?`, { detail }, 'Delete')) !== 'Delete') return;
  await ctx.session.client().deleteStream(stream.id);
  ctx.view.refresh();
  vscode.window.setStatusBarMessage(`Livepeer: stream ${nameOf(stream)} deleted`, 3000);
}

async function setSuspended(ctx: Context, arg: StreamArgument, suspended: boolean): Promise<void> {
  const stream = await resolveStream(ctx, arg, `Select the stream to ${suspended ? 'suspend' : 'unsuspend'}`, (s) => !!s.suspended !== suspended);
  if (!stream) return;
  if (suspended && isLive(stream)) {
    const detail = 'The broadcast is cut and the stream key is refused until you unsuspend the stream.';
    if ((await ctx.prompts.confirm(`Suspend live stream ${nameOf(stream)}?`, { detail }, 'Suspend')) !== 'Suspend') return;
  }
  await ctx.session.client().setStreamSuspended(stream.id, suspended);
  ctx.view.refresh();
  vscode.window.setStatusBarMessage(`Livepeer: ${nameOf(stream)} ${suspended ? 'suspended' : 'unsuspended'}`, 3000);
}

async function setRecord(ctx: Context, arg: StreamArgument, record: boolean): Promise<void> {
  const stream = await resolveStream(ctx, arg, `Select the stream to turn recording ${record ? 'on' : 'off'} for`, (s) => !!s.record !== record);
  if (!stream) return;
  try {
    await ctx.session.client().setStreamRecord(stream.id, record);
  } catch (error) {
    if (!(error instanceof StudioApiError && error.kind === 'validation' && error.messages.some((m) => /while stream is active/.test(m)))) throw error;
    const action = await ctx.prompts.message(
      'warning',
      `Livepeer: recording cannot be changed while ${nameOf(stream)} is live: the service refuses it. Change it after the broadcast ends.`,
      {},
      'Stop Live Session',
    );
    if (action === 'Stop Live Session') await terminate(ctx, stream);
    return;
  }
  ctx.view.refresh();
  vscode.window.setStatusBarMessage(`Livepeer: recording ${record ? 'on' : 'off'} for ${nameOf(stream)}`, 3000);
}

async function terminate(ctx: Context, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, 'Select the live stream to stop', isLive);
  if (!stream) return;
  const detail = 'The broadcaster is disconnected. The stream and its key stay, and it can go live again.';
  if ((await ctx.prompts.confirm(`Stop the live session of ${nameOf(stream)}?`, { detail }, 'Stop Live Session')) !== 'Stop Live Session') return;
  try {
    await ctx.session.client().terminateStream(stream.id);
  } catch (error) {
    if (!(error instanceof StudioApiError && error.kind === 'rate-limited')) throw error;
    void ctx.prompts.message('warning', `Livepeer: the service refuses another stop of ${nameOf(stream)} this soon: wait a few seconds and try again.`, {});
    return;
  }
  ctx.view.refresh();
  vscode.window.setStatusBarMessage(`Livepeer: live session of ${nameOf(stream)} stopped`, 3000);
}

async function copyIngest(ctx: Context, arg: StreamArgument, kind: 'rtmp' | 'srt'): Promise<void> {
  const label = kind === 'rtmp' ? 'RTMP ingest URL' : 'SRT URL';
  const stream = await resolveStream(ctx, arg, `Select the stream whose ${label} to copy`);
  if (!stream) return;
  const addresses = await ingestFor(ctx.session, await streamKeyOf(ctx.session, stream));
  await copy(addresses[kind], label, 'it contains the stream key');
}

async function copyPlaybackUrl(ctx: Context, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, 'Select the stream whose playback URL to copy');
  if (!stream) return;
  if (!stream.playbackId) throw new StudioApiError('server', `${nameOf(stream)} has no playback ID: try Refresh`);
  const { meta } = await ctx.session.client().getPlayback(stream.playbackId);
  const hls = meta.source.find((s) => s.hrn.startsWith('HLS'));
  const webrtc = meta.source.find((s) => s.hrn.startsWith('WebRTC'));
  const offered = [hls, webrtc].filter((s): s is PlaybackSource => !!s);
  if (!offered.length) throw new StudioApiError('server', `the service offers no HLS or WebRTC playback for ${nameOf(stream)}`);
  const signed = meta.playbackPolicy?.type === 'jwt' || stream.playbackPolicy?.type === 'jwt';
  const source =
    offered.length === 1
      ? offered[0]
      : (
          await ctx.prompts.pick(
            offered.map((s) => ({ label: s.hrn, description: s === webrtc ? 'low latency' : 'plays everywhere', detail: s.url, source: s })),
            { placeHolder: `Playback URL of ${nameOf(stream)}${signed ? ' (signed playback: viewers add ?jwt=<token>)' : ''}` },
          )
        )?.source;
  if (!source) return;
  await copy(source.url, `${source.hrn} playback URL`, signed ? 'signed playback: add ?jwt=<token>' : undefined);
}

async function openStreamInStudio(ctx: Context, arg: StreamArgument): Promise<vscode.Uri | undefined> {
  const stream = await resolveStream(ctx, arg, 'Select the stream to open in Livepeer Studio');
  return stream ? openInStudio(ctx.prompts, 'stream', stream.id) : undefined;
}

async function showDetails(ctx: Context, arg: StreamArgument): Promise<vscode.TextEditor | undefined> {
  const stream = await resolveStream(ctx, arg, 'Select the stream to show');
  if (!stream) return undefined;
  return ctx.details.show(stream);
}

async function copyRecording(item: unknown, field: 'recordingUrl' | 'mp4Url', prompts: Prompts): Promise<void> {
  const label = field === 'recordingUrl' ? 'recording URL' : 'MP4 URL';
  const value = item instanceof SessionItem ? item.session[field] : undefined;
  if (!value) {
    void prompts.message('info', `Livepeer: this session has no ${label} (its recording is not ready).`, {});
    return;
  }
  await copy(value, label);
}

/** The palette's Filter Streams…: the Filter menu's entries, with the same labels and checkmarks. */
async function pickFilter(view: StreamsView, prompts: Prompts): Promise<void> {
  const current = view.filters.current;
  const checked = (choice: FilterChoice) => (choice.activity ? current.activity === choice.activity : current.recordingOnly);
  const picked = await prompts.pick(
    FILTER_CHOICES.map((choice) => ({ label: `${checked(choice) ? CHECK : ''}${choice.label}`, choice })),
    { title: 'Livepeer: Filter Streams', placeHolder: 'Show all, active or idle streams; Recording On Only turns on and off' },
  );
  if (picked) await applyFilter(view, picked.choice);
}

function applyFilter(view: StreamsView, choice: FilterChoice): Promise<void> {
  return choice.activity ? view.filters.setActivity(choice.activity) : view.filters.toggleRecordingOnly();
}

/** Refreshes the view on a timer while it is visible, when `livepeer.streams.autoRefreshSeconds` > 0. */
function autoRefresh(treeView: vscode.TreeView<unknown>, view: StreamsView): vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  const restart = () => {
    clearInterval(timer);
    const seconds = settings.streamsAutoRefreshSeconds();
    if (seconds > 0 && treeView.visible) timer = setInterval(() => view.refresh(), seconds * 1000);
  };
  restart();
  const subscriptions = [
    treeView.onDidChangeVisibility(restart),
    vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'streams.autoRefreshSeconds') && restart()),
  ];
  return { dispose: () => (clearInterval(timer), subscriptions.forEach((s) => s.dispose())) };
}

export function registerStreamCommands(session: Session, prompts: Prompts, view: StreamsView, treeView: vscode.TreeView<unknown>): vscode.Disposable[] {
  // The key is a password for broadcasting: never put it in a document that may be shared or saved.
  // The rest goes through the same stripping as an asset's (credentials in nested fields and addresses).
  const details = new JsonDetails('livepeer-stream', (id) => session.client().getStream(id), ({ streamKey, ...stream }) => withoutSecrets(stream));
  const ctx: Context = { session, prompts, view, details };
  const action = <A extends unknown[], R>(what: string, run: (...args: A) => Promise<R>) => reportingFailures(prompts, what, run);
  const copyField = (field: 'id' | 'playbackId' | 'streamKey', label: string) =>
    action(`copying the ${label}`, async (arg?: StreamArgument) => {
      const stream = await resolveStream(ctx, arg, `Select the stream whose ${label} to copy`);
      if (!stream) return;
      const value = field === 'streamKey' ? await streamKeyOf(session, stream) : stream[field];
      if (value) await copy(value, label);
      else void prompts.message('info', `Livepeer: ${nameOf(stream)} has no ${label}.`, {});
    });
  const describe = () => {
    treeView.description = view.filters.describe();
  };
  describe();
  return [
    view.filters.onDidChange(describe),
    autoRefresh(treeView, view),
    details,
    vscode.commands.registerCommand('livepeer.streams.refresh', () => view.refresh()),
    vscode.commands.registerCommand('livepeer.streams.loadMore', action('loading more streams', () => view.loadMore())),
    vscode.commands.registerCommand('livepeer.streams.loadMoreSessions', action('loading more sessions', (id: string) => view.loadMoreSessions(id))),
    vscode.commands.registerCommand('livepeer.streams.filter', () => pickFilter(view, prompts)),
    ...FILTER_CHOICES.flatMap((choice) =>
      [choice.command, `${choice.command}.checked`].map((id) => vscode.commands.registerCommand(id, () => applyFilter(view, choice))),
    ),
    vscode.commands.registerCommand('livepeer.streams.create', action('creating the stream', (from?: unknown) => leaveWalkthrough(from, 'livepeer.streams').then(() => createStream(ctx)))),
    vscode.commands.registerCommand('livepeer.streams.delete', action('deleting the stream', (arg?: StreamArgument) => deleteStream(ctx, arg))),
    vscode.commands.registerCommand('livepeer.streams.suspend', action('suspending the stream', (arg?: StreamArgument) => setSuspended(ctx, arg, true))),
    vscode.commands.registerCommand('livepeer.streams.unsuspend', action('unsuspending the stream', (arg?: StreamArgument) => setSuspended(ctx, arg, false))),
    vscode.commands.registerCommand('livepeer.streams.recordOn', action('turning recording on', (arg?: StreamArgument) => setRecord(ctx, arg, true))),
    vscode.commands.registerCommand('livepeer.streams.recordOff', action('turning recording off', (arg?: StreamArgument) => setRecord(ctx, arg, false))),
    vscode.commands.registerCommand('livepeer.streams.terminate', action('stopping the live session', (arg?: StreamArgument) => terminate(ctx, arg))),
    vscode.commands.registerCommand('livepeer.streams.copyRtmpUrl', action('copying the RTMP ingest URL', (arg?: StreamArgument) => copyIngest(ctx, arg, 'rtmp'))),
    vscode.commands.registerCommand('livepeer.streams.copySrtUrl', action('copying the SRT URL', (arg?: StreamArgument) => copyIngest(ctx, arg, 'srt'))),
    vscode.commands.registerCommand('livepeer.streams.copyPlaybackUrl', action('copying the playback URL', (arg?: StreamArgument) => copyPlaybackUrl(ctx, arg))),
    vscode.commands.registerCommand('livepeer.streams.openInStudio', action('opening the stream in Livepeer Studio', (arg?: StreamArgument) => openStreamInStudio(ctx, arg))),
    vscode.commands.registerCommand('livepeer.streams.showDetails', action('showing the stream', (arg?: StreamArgument) => showDetails(ctx, arg))),
    vscode.commands.registerCommand('livepeer.streams.copyRecordingUrl', action('copying the recording URL', (item?: unknown) => copyRecording(item, 'recordingUrl', prompts))),
    vscode.commands.registerCommand('livepeer.streams.copyMp4Url', action('copying the MP4 URL', (item?: unknown) => copyRecording(item, 'mp4Url', prompts))),
    vscode.commands.registerCommand('livepeer.streams.copyId', copyField('id', 'stream ID')),
    vscode.commands.registerCommand('livepeer.streams.copyPlaybackId', copyField('playbackId', 'playback ID')),
    vscode.commands.registerCommand('livepeer.streams.copyStreamKey', copyField('streamKey', 'stream key')),
  ];
}
