import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { SESSIONS_SEARCHED, createClip, lastPart, sessionLengthMs, sessionToClip } from '../operations/createClip';
import { importFromUrl } from '../operations/importFromUrl';
import { whyNotReady } from '../operations/whyNotReady';
import { defineTool } from './definition';
import { idField, nameField, playbackField } from './fields';
import { assetRow } from './rows';

const FOLLOW = 'livepeer_why_not_ready (or livepeer_get_asset) with the asset id tells how it goes';

// The operations load as the commands load them: one copy of each in the extension (bundles of their own).

export const importFromUrlTool = defineTool({
  name: 'livepeer_import_from_url',
  toolReferenceName: 'livepeerImport',
  displayName: 'Livepeer: Import Video from URL',
  userDescription: 'Imports a video from a URL as a new asset (asks first)',
  modelDescription:
    'Imports a video from an http(s)://, ipfs:// or ar:// URL as a new asset: Livepeer fetches it from its own servers (so the URL must be reachable from the internet, without a user name or password in it). Answers the new asset and its task id at once; fetching and processing go on. The same URL imported again while its first import is under way (within 15 minutes) answers that import. The user is asked to confirm first.',
  kind: 'change',
  input: {
    url: z.string().trim().min(1).max(2000).describe('The video’s URL: http(s)://, ipfs:// or ar://.'),
    name: nameField('The asset name.'),
    playback: playbackField(),
  },
  describeChange: (input) => input.playback === 'jwt' ? l10n.t('import the video at {0} as a new asset “{1}” (signed playback)', input.url, input.name) : l10n.t('import the video at {0} as a new asset “{1}” (public playback)', input.url, input.name),
  async run(input, { client }) {
    const answer = await importFromUrl(client, input);
    return {
      [answer.existing ? 'alreadyImporting' : 'importing']: assetRow(answer.asset),
      taskId: answer.task.id,
      ...(answer.existing ? { note: 'this URL is already being imported: that import goes on, under its first name' } : {}),
      follow: FOLLOW,
    };
  },
});

/** The clip a confirmation names, each case its own clause: the last seconds or a span, of a session named or the latest. */
function clipToCut({ streamId, sessionId, lastSeconds, fromSeconds = 0, toSeconds = 0 }: { streamId: string; sessionId?: string; lastSeconds?: number; fromSeconds?: number; toSeconds?: number }): string {
  if (lastSeconds !== undefined) {
    if (sessionId === undefined) return l10n.t('cut a clip of the last {0} s of the latest session of the stream {1} as a new asset', lastSeconds, streamId);
    return l10n.t('cut a clip of the last {0} s of the session {1} of the stream {2} as a new asset', lastSeconds, sessionId, streamId);
  }
  if (sessionId === undefined) return l10n.t('cut a clip of {0} s to {1} s of the latest session of the stream {2} as a new asset', fromSeconds, toSeconds, streamId);
  return l10n.t('cut a clip of {0} s to {1} s of the session {2} of the stream {3} as a new asset', fromSeconds, toSeconds, sessionId, streamId);
}

export const createClipTool = defineTool({
  name: 'livepeer_create_clip',
  toolReferenceName: 'livepeerClip',
  displayName: 'Livepeer: Create Clip',
  userDescription: 'Cuts a clip of a stream’s session as a new asset (asks first)',
  modelDescription:
    'Cuts a clip from a live stream’s session (live now or recorded) as a new asset: either its last N seconds (lastSeconds) or a part given as seconds from the session’s start (fromSeconds, toSeconds). The session is the stream’s latest unless sessionId names one (see livepeer_get_stream). Answers the new asset, which processes and then plays like an upload. The user is asked to confirm first.',
  kind: 'change',
  input: {
    streamId: idField('The stream id.'),
    sessionId: idField('The session id (default: the stream’s latest session).').optional(),
    lastSeconds: z.number().min(1).max(7200).optional().describe('Clip the last this many seconds of the session (instead of fromSeconds and toSeconds).'),
    fromSeconds: z.number().min(0).optional().describe('Where the clip starts, in seconds from the session’s start.'),
    toSeconds: z.number().min(0).optional().describe('Where the clip ends, in seconds from the session’s start.'),
    name: nameField('The clip’s asset name.').optional(),
  },
  describeChange: (input) => {
    const clip = clipToCut(input);
    return input.name === undefined ? clip : l10n.t('{0}, named “{1}”', clip, input.name);
  },
  async run({ streamId, sessionId, lastSeconds, fromSeconds, toSeconds, name }, { client, signal }) {
    const byEnd = lastSeconds !== undefined;
    if (byEnd === (fromSeconds !== undefined || toSeconds !== undefined) || (!byEnd && toSeconds === undefined)) {
      throw new Error(l10n.t('give either lastSeconds, or fromSeconds and toSeconds'));
    }
    const stream = await client.streams.get(streamId, signal);
    const session = await sessionToClip(client, stream.id, sessionId, signal);
    if (!session) throw new Error(sessionId ? l10n.t('the session {0} is not among the stream’s latest {1} sessions', sessionId, SESSIONS_SEARCHED) : l10n.t('the stream has no session with video to clip yet: it clips what was broadcast'));
    const length = sessionLengthMs(session);
    const { fromMs, toMs } = byEnd ? lastPart(length, lastSeconds * 1000) : { fromMs: Math.round((fromSeconds ?? 0) * 1000), toMs: Math.round((toSeconds ?? 0) * 1000) };
    const asset = await createClip(client, { stream, session, fromMs, toMs, name });
    return { created: assetRow(asset), sessionId: session.id, fromSeconds: fromMs / 1000, toSeconds: toMs / 1000, follow: FOLLOW };
  },
});

export const whyNotReadyTool = defineTool({
  name: 'livepeer_why_not_ready',
  toolReferenceName: 'livepeerWhyNotReady',
  displayName: 'Livepeer: Why Is This Not Ready?',
  userDescription: 'Why an asset is not ready yet, and what to do',
  modelDescription:
    'Explains why an asset (upload, import or clip) is not ready, in one answer: its phase and error, its task (phase, progress, retries, error), what its upload left on this machine where that is known, the latest webhook deliveries about it, and the next thing to do (step: play, wait, resume, reupload, retry, fixUrl or fixWebhook; etaMinutes while processing).',
  kind: 'read',
  input: { assetId: idField('The asset id.') },
  async run({ assetId }, { client, localUpload }) {
    return whyNotReady(client, { assetId, local: await localUpload?.(assetId), seesUploads: !!localUpload });
  },
});
