import * as vscode from 'vscode';
import { StudioApiError, hlsSource, ingestAddresses, type PlaybackSource, type Stream } from '../../api';
import { createStream as createStreamFor } from '../../operations/createStream';
import { SERVICE_LADDER, isServiceLadder } from '../../operations/renditionLadder';
import { copyToClipboard, registerCommand } from '../common/commands';
import { reportError, type Failure } from '../common/errorReporting';
import { openInStudio } from '../common/openInStudio';
import type { Prompts } from '../common/prompts';
import { askNameSearch } from '../common/search';
import { createClipCommand } from './clipCommand';
import { askLadder, editStreamCommand } from './editStreamCommand';
import { CHECK, FILTER_CHOICES, FILTER_GROUPS, type FilterChoice } from './filterChoices';
import { deleteStream, setRecord, setSuspended, terminate } from './streamChanges';
import { nameOf, resolveStream, type StreamArgument, type StreamContext } from './streamPicker';
import { SessionItem, type StreamsView } from './streamsView';
import type { Account } from '../account/account';
import { leaveWalkthrough, tickWhenHeld } from '../common/walkthrough';
import { COMMANDS } from '../common/commandIds';
import { COPY_RTMP_URL, COPY_STREAM_KEY } from '../common/actions';

/** The stream key, from the listed object or, when a list left it out, from the stream itself. */
async function streamKeyOf(session: Account, stream: Stream): Promise<string> {
  const key = stream.streamKey ?? (await session.client().streams.get(stream.id)).streamKey;
  if (!key) throw new StudioApiError('server', `the service sent no stream key for ${nameOf(stream)}: try Refresh`);
  return key;
}

/** RTMP and SRT addresses from GET /ingest, or the hosted service's when it cannot be read. */
async function ingestFor(session: Account, key: string): Promise<{ rtmp: string; srt: string }> {
  const points = await session
    .client()
    .streams.listIngests()
    .catch(() => []);
  return ingestAddresses(points, key);
}

/**
 * Shows a new stream at the top of the view and selects it: the service lists it last (never seen),
 * often on a page not loaded. A failure to show it is no failure of the creation.
 */
async function reveal(ctx: StreamContext, stream: Stream): Promise<void> {
  try {
    await vscode.commands.executeCommand('livepeer.streams.focus');
    const item = await ctx.view.showCreated(stream);
    if (item) await ctx.treeView.reveal(item, { select: true, focus: true });
  } catch {
    await ctx.view.refresh();
  }
}

async function createStream(ctx: StreamContext): Promise<void> {
  const { session, prompts } = ctx;
  const name = await prompts.input({
    title: vscode.l10n.t('Livepeer: Create Stream (1/4)'),
    prompt: vscode.l10n.t('Name of the new stream'),
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Give the stream a name.')),
  });
  if (!name?.trim()) return;
  const recording = await prompts.pick(
    [
      { label: vscode.l10n.t('Recording off'), record: false },
      { label: vscode.l10n.t('Recording on'), description: vscode.l10n.t('each session is recorded for playback later'), record: true },
    ],
    { title: vscode.l10n.t('Livepeer: Create Stream (2/4)'), placeHolder: vscode.l10n.t('Record the sessions of this stream?') },
  );
  if (!recording) return;
  const playback = await prompts.pick(
    [
      { label: vscode.l10n.t('Public playback'), description: vscode.l10n.t('anyone with the playback URL can watch'), type: 'public' as const },
      { label: vscode.l10n.t('Signed playback'), description: vscode.l10n.t('viewers need a token signed with one of your signing keys'), type: 'jwt' as const },
    ],
    { title: vscode.l10n.t('Livepeer: Create Stream (3/4)'), placeHolder: vscode.l10n.t('Who may watch?') },
  );
  if (!playback) return;
  // The service's default ladder ticked: Enter keeps it, and then the create leaves the ladder unsaid.
  const profiles = await askLadder(ctx, SERVICE_LADDER, vscode.l10n.t('Livepeer: Create Stream (4/4)'));
  if (!profiles) return;
  const stream = await createStreamFor(session.client(), { name, record: recording.record, playback: playback.type, ...(isServiceLadder(profiles) ? {} : { profiles }) });
  tickWhenHeld('Stream', 1);
  await reveal(ctx, stream);
  const text = vscode.l10n.t('Livepeer: stream {0} created. Broadcast to it with its stream key (its row has the copy actions too).', nameOf(stream));
  void prompts.message('info', text, {}, COPY_STREAM_KEY, COPY_RTMP_URL).then(async (action) => {
    try {
      if (action === COPY_STREAM_KEY) await copyToClipboard(await streamKeyOf(session, stream), vscode.l10n.t('Livepeer: stream key copied.'));
      if (action === COPY_RTMP_URL) await copyToClipboard((await ingestFor(session, await streamKeyOf(session, stream))).rtmp, vscode.l10n.t('Livepeer: RTMP ingest URL copied (it contains the stream key).'));
    } catch (error) {
      reportError(prompts, (reason) => vscode.l10n.t('Livepeer: copying the address: {0}', reason), error);
    }
  });
}

async function copyIngest(ctx: StreamContext, arg: StreamArgument, kind: 'rtmp' | 'srt'): Promise<void> {
  const stream = await resolveStream(ctx, arg, kind === 'rtmp' ? vscode.l10n.t('Select the stream whose RTMP ingest URL to copy') : vscode.l10n.t('Select the stream whose SRT URL to copy'));
  if (!stream) return;
  const addresses = await ingestFor(ctx.session, await streamKeyOf(ctx.session, stream));
  await copyToClipboard(addresses[kind], kind === 'rtmp' ? vscode.l10n.t('Livepeer: RTMP ingest URL copied (it contains the stream key).') : vscode.l10n.t('Livepeer: SRT URL copied (it contains the stream key).'));
}

async function copyPlaybackUrl(ctx: StreamContext, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream whose playback URL to copy'));
  if (!stream) return;
  if (!stream.playbackId) throw new StudioApiError('server', `${nameOf(stream)} has no playback ID: try Refresh`);
  const info = await ctx.session.client().playback.get(stream.playbackId);
  const { meta } = info;
  const hls = hlsSource(info);
  const webrtc = meta.source.find((s) => s.hrn.startsWith('WebRTC'));
  const offered = [hls, webrtc].filter((s): s is PlaybackSource => !!s);
  if (!offered.length) throw new StudioApiError('server', `the service offers no HLS or WebRTC playback for ${nameOf(stream)}`);
  const signed = meta.playbackPolicy?.type === 'jwt' || stream.playbackPolicy?.type === 'jwt';
  const source =
    offered.length === 1
      ? offered[0]
      : (
          await ctx.prompts.pick(
            offered.map((s) => ({ label: s.hrn, description: s === webrtc ? vscode.l10n.t('low latency') : vscode.l10n.t('plays everywhere'), detail: s.url, source: s })),
            { placeHolder: signed ? vscode.l10n.t('Playback URL of {0} (signed playback: viewers add ?jwt=<token>)', nameOf(stream)) : vscode.l10n.t('Playback URL of {0}', nameOf(stream)) },
          )
        )?.source;
  if (!source) return;
  await copyToClipboard(source.url, signed ? vscode.l10n.t('Livepeer: {0} playback URL copied (signed playback: add ?jwt=<token>).', source.hrn) : vscode.l10n.t('Livepeer: {0} playback URL copied.', source.hrn));
}

async function openStreamInStudio(ctx: StreamContext, arg: StreamArgument): Promise<vscode.Uri | undefined> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream to open in Livepeer Studio'));
  return stream ? openInStudio(ctx.prompts, 'stream', stream.id) : undefined;
}

async function showDetails(ctx: StreamContext, arg: StreamArgument): Promise<vscode.TextEditor | undefined> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream to show'));
  if (!stream) return undefined;
  return ctx.details.show(stream);
}

async function copyRecording(item: unknown, field: 'recordingUrl' | 'mp4Url', prompts: Prompts): Promise<void> {
  const value = item instanceof SessionItem ? item.session[field] : undefined;
  const recording = field === 'recordingUrl';
  if (!value) {
    prompts.notify('info', recording ? vscode.l10n.t('Livepeer: this session has no recording URL (its recording is not ready).') : vscode.l10n.t('Livepeer: this session has no MP4 URL (its recording is not ready).'));
    return;
  }
  await copyToClipboard(value, recording ? vscode.l10n.t('Livepeer: recording URL copied.') : vscode.l10n.t('Livepeer: MP4 URL copied.'));
}

/** The palette's Filter Streams…: the Filter menu's groups and entries, with the same labels and checkmarks. */
async function pickFilter(view: StreamsView, prompts: Prompts): Promise<void> {
  const current = view.filters.current;
  const checked = (choice: FilterChoice) => (choice.activity ? current.activity === choice.activity : !!choice.toggle && current[choice.toggle]);
  const picked = await prompts.pick(
    FILTER_GROUPS.flatMap((group) => [
      { label: group.title, kind: vscode.QuickPickItemKind.Separator },
      ...group.choices.map((choice) => ({ label: `${checked(choice) ? CHECK : ''}${choice.label}`, choice })),
    ]),
    { title: vscode.l10n.t('Livepeer: Filter Streams'), placeHolder: vscode.l10n.t('Show all, active or idle streams; Recording On Only and Streams Only turn on and off') },
  );
  if (picked && 'choice' in picked) await applyFilter(view, picked.choice);
}

function applyFilter(view: StreamsView, choice: FilterChoice): Promise<void> {
  if (choice.activity) return view.filters.setActivity(choice.activity);
  return choice.toggle ? view.filters.toggle(choice.toggle) : Promise.resolve();
}

async function search(view: StreamsView, prompts: Prompts, text?: string): Promise<void> {
  const value = await askNameSearch(prompts, 'Streams', view.filters.current.search, text);
  if (value !== undefined) await view.filters.setSearch(value);
}

type StreamField = 'id' | 'playbackId' | 'streamKey';

/** What the copy commands of a stream's fields say, each case its own sentence. */
const FIELD_WORDS: Record<StreamField, { failed: Failure; placeHolder(): string; copied(): string; missing(name: string): string }> = {
  id: {
    failed: (reason) => vscode.l10n.t('Livepeer: copying the stream ID: {0}', reason),
    placeHolder: () => vscode.l10n.t('Select the stream whose stream ID to copy'),
    copied: () => vscode.l10n.t('Livepeer: stream ID copied.'),
    missing: (name) => vscode.l10n.t('Livepeer: {0} has no stream ID.', name),
  },
  playbackId: {
    failed: (reason) => vscode.l10n.t('Livepeer: copying the playback ID: {0}', reason),
    placeHolder: () => vscode.l10n.t('Select the stream whose playback ID to copy'),
    copied: () => vscode.l10n.t('Livepeer: playback ID copied.'),
    missing: (name) => vscode.l10n.t('Livepeer: {0} has no playback ID.', name),
  },
  streamKey: {
    failed: (reason) => vscode.l10n.t('Livepeer: copying the stream key: {0}', reason),
    placeHolder: () => vscode.l10n.t('Select the stream whose stream key to copy'),
    copied: () => vscode.l10n.t('Livepeer: stream key copied.'),
    missing: (name) => vscode.l10n.t('Livepeer: {0} has no stream key.', name),
  },
};

/** The Streams view's commands, registered by the first of them to run (see registerStreams.ts). */
export function registerStreamCommands(ctx: StreamContext): vscode.Disposable[] {
  const { session, prompts, view } = ctx;
  const action = <A extends unknown[]>(id: string, failed: Failure, run: (...args: A) => unknown) => registerCommand(id, run, { prompts, failed });
  const copyField = (id: string, field: StreamField) =>
    action(id, FIELD_WORDS[field].failed, async (arg?: StreamArgument) => {
      const words = FIELD_WORDS[field];
      const stream = await resolveStream(ctx, arg, words.placeHolder());
      if (!stream) return;
      const value = field === 'streamKey' ? await streamKeyOf(session, stream) : stream[field];
      if (value) await copyToClipboard(value, words.copied());
      else prompts.notify('info', words.missing(nameOf(stream)));
    });
  return [
    registerCommand(COMMANDS.streams.refresh, () => view.refresh()),
    action(COMMANDS.streams.loadMore, (reason) => vscode.l10n.t('Livepeer: loading more streams: {0}', reason), () => view.loadMore()),
    action(COMMANDS.streams.loadMoreSessions, (reason) => vscode.l10n.t('Livepeer: loading more sessions: {0}', reason), (id: string) => view.loadMoreSessions(id)),
    registerCommand(COMMANDS.streams.filter, () => pickFilter(view, prompts)),
    registerCommand(COMMANDS.streams.search, (text?: string) => search(view, prompts, text)),
    registerCommand(COMMANDS.streams.clearSearch, () => view.filters.setSearch('')),
    ...FILTER_CHOICES.flatMap((choice) =>
      [choice.command, `${choice.command}.checked`].map((id) => registerCommand(id, () => applyFilter(view, choice))),
    ),
    action(COMMANDS.streams.create, (reason) => vscode.l10n.t('Livepeer: creating the stream: {0}', reason), (from?: unknown) => leaveWalkthrough(from, 'livepeer.streams').then(() => createStream(ctx))),
    action(COMMANDS.streams.delete, (reason) => vscode.l10n.t('Livepeer: deleting the stream: {0}', reason), (arg?: StreamArgument) => deleteStream(ctx, arg)),
    action(COMMANDS.streams.suspend, (reason) => vscode.l10n.t('Livepeer: suspending the stream: {0}', reason), (arg?: StreamArgument) => setSuspended(ctx, arg, true)),
    action(COMMANDS.streams.unsuspend, (reason) => vscode.l10n.t('Livepeer: unsuspending the stream: {0}', reason), (arg?: StreamArgument) => setSuspended(ctx, arg, false)),
    action(COMMANDS.streams.recordOn, (reason) => vscode.l10n.t('Livepeer: turning recording on: {0}', reason), (arg?: StreamArgument) => setRecord(ctx, arg, true)),
    action(COMMANDS.streams.recordOff, (reason) => vscode.l10n.t('Livepeer: turning recording off: {0}', reason), (arg?: StreamArgument) => setRecord(ctx, arg, false)),
    action(COMMANDS.streams.terminate, (reason) => vscode.l10n.t('Livepeer: stopping the live session: {0}', reason), (arg?: StreamArgument) => terminate(ctx, arg)),
    action(COMMANDS.streams.createClip, (reason) => vscode.l10n.t('Livepeer: creating the clip: {0}', reason), (arg?: unknown) => createClipCommand(ctx, arg)),
    action(COMMANDS.streams.edit, (reason) => vscode.l10n.t('Livepeer: editing the stream: {0}', reason), (arg?: StreamArgument) => editStreamCommand(ctx, arg)),
    action(COMMANDS.streams.copyRtmpUrl, (reason) => vscode.l10n.t('Livepeer: copying the RTMP ingest URL: {0}', reason), (arg?: StreamArgument) => copyIngest(ctx, arg, 'rtmp')),
    action(COMMANDS.streams.copySrtUrl, (reason) => vscode.l10n.t('Livepeer: copying the SRT URL: {0}', reason), (arg?: StreamArgument) => copyIngest(ctx, arg, 'srt')),
    action(COMMANDS.streams.copyPlaybackUrl, (reason) => vscode.l10n.t('Livepeer: copying the playback URL: {0}', reason), (arg?: StreamArgument) => copyPlaybackUrl(ctx, arg)),
    action(COMMANDS.streams.openInStudio, (reason) => vscode.l10n.t('Livepeer: opening the stream in Livepeer Studio: {0}', reason), (arg?: StreamArgument) => openStreamInStudio(ctx, arg)),
    action(COMMANDS.streams.showDetails, (reason) => vscode.l10n.t('Livepeer: showing the stream: {0}', reason), (arg?: StreamArgument) => showDetails(ctx, arg)),
    action(COMMANDS.streams.copyRecordingUrl, (reason) => vscode.l10n.t('Livepeer: copying the recording URL: {0}', reason), (item?: unknown) => copyRecording(item, 'recordingUrl', prompts)),
    action('livepeer.streams.copyMp4Url', (reason) => vscode.l10n.t('Livepeer: copying the MP4 URL: {0}', reason), (item?: unknown) => copyRecording(item, 'mp4Url', prompts)),
    copyField(COMMANDS.streams.copyId, 'id'),
    copyField(COMMANDS.streams.copyPlaybackId, 'playbackId'),
    copyField(COMMANDS.streams.copyStreamKey, 'streamKey'),
  ];
}
