import { ingestAddresses, messageOf } from '../api';
import { streamDetails } from '../operations/streamDetails';
import * as z from 'zod';
import { defineTool } from './definition';
import { idField } from './fields';
import { PAGE_INPUT, pageAnswer, pageRequest } from './paging';
import { assetRow, keyRow, sessionRow, streamRow } from './rows';

/** Sessions (recordings) a stream's answer shows. */
const SESSIONS_SHOWN = 5;

export const currentAccount = defineTool({
  name: 'livepeer_current_account',
  toolReferenceName: 'livepeerAccount',
  displayName: 'Livepeer: Current Account',
  userDescription: 'Which Livepeer profile and project the tools use',
  modelDescription: 'Tells which Livepeer Studio profile, project and API base URL the other Livepeer tools act on. Call it before a change, to tell the user which account it changes.',
  kind: 'read',
  input: {},
  run: (_input, context) => context.account(),
});

export const listStreams = defineTool({
  name: 'livepeer_list_streams',
  toolReferenceName: 'livepeerStreams',
  displayName: 'Livepeer: List Streams',
  userDescription: 'Lists or searches the live streams of the account',
  modelDescription:
    'Lists the live streams of the Livepeer Studio account, newest first, a page at a time: id, name, live or idle, health, suspended, recording, playback id and policy. Filter by a name substring, by live (isActive) or by recording. Never shows stream keys.',
  kind: 'read',
  input: {
    name: z.string().max(200).optional().describe('Only streams whose name contains this text (any case).'),
    isActive: z.boolean().optional().describe('true: only live streams; false: only idle ones.'),
    record: z.boolean().optional().describe('true: only streams that record their sessions.'),
    ...PAGE_INPUT,
  },
  async run(input, { client, signal }) {
    const { limit, cursor } = pageRequest(input);
    const query = { streamsOnly: true, name: input.name, isActive: input.isActive, record: input.record || undefined };
    return pageAnswer(await client.streams.listPage(query, cursor, limit, signal), limit, streamRow);
  },
});

export const getStream = defineTool({
  name: 'livepeer_get_stream',
  toolReferenceName: 'livepeerStream',
  displayName: 'Livepeer: Get Stream',
  userDescription: 'A stream’s state, health, ingest and playback addresses, sessions and recordings',
  modelDescription:
    'Gets one live stream by id: state and health, where to broadcast (RTMP and SRT addresses with a {streamKey} placeholder: the stream key itself is never given; the user copies it with the "Copy Stream Key" command of the Livepeer view), playback policy and id, and its latest sessions with their recordings.',
  kind: 'read',
  input: { streamId: idField('The stream id.') },
  async run(input, { client, signal }) {
    const stream = await streamDetails(client, input.streamId);
    const [ingests, sessions] = await Promise.all([client.streams.listIngests(signal).catch(() => []), client.streams.listSessionsPage(stream.id, { limit: SESSIONS_SHOWN }, signal)]);
    return {
      ...streamRow(stream),
      broadcastTo: { ...ingestAddresses(ingests, '{streamKey}'), streamKey: 'not given to assistants: the user copies it with "Livepeer: Copy Stream Key"' },
      latestSessions: sessions.items.map(sessionRow),
      ...(sessions.nextCursor ? { olderSessions: 'more sessions exist: see them in the Livepeer Streams view' } : {}),
    };
  },
});

export const listAssets = defineTool({
  name: 'livepeer_list_assets',
  toolReferenceName: 'livepeerAssets',
  displayName: 'Livepeer: List Assets',
  userDescription: 'Lists or searches the uploaded videos (assets)',
  modelDescription:
    'Lists the assets (uploaded or imported videos) of the Livepeer Studio account, newest first, a page at a time: id, name, phase (waiting, processing, ready, failed), progress, playback id and policy. Filter by a name substring or an exact phase.',
  kind: 'read',
  input: {
    name: z.string().max(200).optional().describe('Only assets whose name contains this text (any case).'),
    phase: z.enum(['waiting', 'processing', 'ready', 'failed']).optional().describe('Only assets in this phase.'),
    ...PAGE_INPUT,
  },
  async run(input, { client, signal }) {
    const { limit, cursor } = pageRequest(input);
    return pageAnswer(await client.assets.listPage({ name: input.name, phase: input.phase }, cursor, limit, signal), limit, assetRow);
  },
});

export const getAsset = defineTool({
  name: 'livepeer_get_asset',
  toolReferenceName: 'livepeerAsset',
  displayName: 'Livepeer: Get Asset',
  userDescription: 'An asset’s phase, failure, format and playback',
  modelDescription:
    'Gets one asset by id: its phase and progress, the failure message when it failed, format, duration, size, playback id, policy and addresses once ready.',
  kind: 'read',
  input: { assetId: idField('The asset id.') },
  async run(input, { client, signal }) {
    const asset = await client.assets.get(input.assetId, signal);
    return {
      ...assetRow(asset),
      ...(asset.status?.errorMessage ? { failure: asset.status.errorMessage } : {}),
      sizeBytes: asset.size,
      format: asset.videoSpec?.format,
      tracks: asset.videoSpec?.tracks?.map(({ type, codec, width, height, fps, bitrate }) => ({ type, codec, width, height, fps, bitrate })),
      playbackUrl: asset.playbackUrl,
      downloadUrl: asset.downloadUrl,
      source: asset.source?.type,
    };
  },
});

export const listSigningKeys = defineTool({
  name: 'livepeer_list_signing_keys',
  toolReferenceName: 'livepeerSigningKeys',
  displayName: 'Livepeer: List Signing Keys',
  userDescription: 'Lists the signing keys of the account',
  modelDescription:
    'Lists the signing keys (access control for playback with a signed JWT) of the account, a page at a time: id, name, enabled or disabled, last used, public key. Private keys are never given.',
  kind: 'read',
  input: PAGE_INPUT,
  async run(input, { client, signal }) {
    const { limit, cursor } = pageRequest(input);
    return pageAnswer(await client.keys.listPage(cursor, limit, signal), limit, keyRow);
  },
});

/** A part of an answer that could not be read, in words (the rest of the answer still helps). */
export function unavailable(error: unknown): string {
  return `not available: ${messageOf(error)}`;
}
