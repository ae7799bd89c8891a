import * as l10n from '@vscode/l10n';
import { basename } from 'node:path';
import { createStream } from '../operations/createStream';
import { fileInsideFolders } from '../operations/folderFile';
import { byteSize } from '../upload/transferText';
import { signWithKeptKey } from '../operations/signPlaybackToken';
import { refusalSentence } from './refusalWords';
import { createSigningKey as createKey } from '../operations/signingKeys';
import { resendDelivery as resend } from '../operations/webhookChanges';
import * as z from 'zod';
import { defineTool } from './definition';
import { idField, nameField, playbackField } from './fields';
import { deliveryRow, keyRow, streamRow, when } from './rows';

/** The stream a confirmation names, each choice its own clause. */
function streamToCreate(name: string, signed: boolean, recorded: boolean): string {
  if (signed) return recorded ? l10n.t('create the stream “{0}” (signed playback, recorded)', name) : l10n.t('create the stream “{0}” (signed playback, not recorded)', name);
  return recorded ? l10n.t('create the stream “{0}” (public playback, recorded)', name) : l10n.t('create the stream “{0}” (public playback, not recorded)', name);
}

export const createStreamTool = defineTool({
  name: 'livepeer_create_stream',
  toolReferenceName: 'livepeerCreateStream',
  displayName: 'Livepeer: Create Stream',
  userDescription: 'Creates a live stream (asks first)',
  modelDescription:
    'Creates a live stream in the Livepeer Studio account and answers its id, playback id and where to broadcast (with a {streamKey} placeholder: the stream key is never given; the user copies it with "Livepeer: Copy Stream Key"). playback "jwt" makes viewers need a signed token. The user is asked to confirm first.',
  kind: 'change',
  input: {
    name: nameField('The stream name.'),
    record: z.boolean().default(false).describe('Record each session for playback later (default false).'),
    playback: playbackField(),
  },
  describeChange: (input) => streamToCreate(input.name, input.playback === 'jwt', input.record),
  async run(input, { client }) {
    const stream = await createStream(client, input);
    return { created: streamRow(stream), streamKey: 'not given to assistants: the user copies it with "Livepeer: Copy Stream Key"' };
  },
});

export const signPlaybackToken = defineTool({
  name: 'livepeer_sign_playback_token',
  toolReferenceName: 'livepeerSignToken',
  displayName: 'Livepeer: Sign Playback Token',
  userDescription: 'Signs a playback token with a kept private key (asks first)',
  modelDescription:
    'Signs a short-lived playback token (JWT) for a playback id with a signing key whose private key is kept in VS Code, and answers the token and the HLS URL that carries it. The private key never leaves VS Code. The user is asked to confirm first.',
  kind: 'change',
  needs: ['keptKey'],
  input: {
    playbackId: idField('The playback id to sign for.'),
    keyId: idField('The signing key id (see livepeer_list_signing_keys).'),
    expiresInSeconds: z.int().min(60).max(604_800).default(3600).describe('How long the token is valid (default 3600).'),
  },
  describeChange: (input) => l10n.t('sign a playback token for {0} with the signing key {1}, valid {2} s', input.playbackId, input.keyId, input.expiresInSeconds),
  async run(input, { client, keptKey, signal }) {
    const key = await client.keys.get(input.keyId, signal);
    const privateKey = await keptKey?.(key);
    if (!privateKey) throw new Error(l10n.t('no private key is kept in VS Code for the signing key {0}: create a key with livepeer_create_signing_key, or keep its private key with "Livepeer: Keep Private Key"', key.name ?? key.id));
    const { playbackId, expiresInSeconds } = input;
    const { urlProblem, ...signed } = await signWithKeptKey(client, { playbackId, key, privateKey, expiresInSeconds });
    return { playbackId, keyId: key.id, expiresAt: when(Date.now() + expiresInSeconds * 1000), ...signed, ...(urlProblem ? { urlProblem: refusalSentence(urlProblem) } : {}) };
  },
});

export const createSigningKey = defineTool({
  name: 'livepeer_create_signing_key',
  toolReferenceName: 'livepeerCreateSigningKey',
  displayName: 'Livepeer: Create Signing Key',
  userDescription: 'Creates a signing key and keeps its private key in VS Code (asks first)',
  modelDescription:
    'Creates a signing key for signed playback. Its private key is kept in VS Code’s secret storage (never answered), so livepeer_sign_playback_token can sign with it. Answers the key’s id, name and public key. The user is asked to confirm first.',
  kind: 'change',
  needs: ['keepKey'],
  input: { name: nameField('The key name.').optional() },
  describeChange: (input) => input.name === undefined ? l10n.t('create an unnamed signing key and keep its private key in VS Code') : l10n.t('create the signing key “{0}” and keep its private key in VS Code', input.name),
  async run(input, { client, keepKey, signal }) {
    if (!keepKey) throw new Error(l10n.t('keeping a private key is offered only inside VS Code'));
    const { key, privateKeyIs } = await createKey(client, { name: input.name, keep: { store: keepKey } }, signal);
    if (privateKeyIs === 'none') return { created: keyRow(key), privateKey: 'the service handed out no private key: it cannot sign tokens here' };
    return { created: keyRow(key), privateKey: 'kept in VS Code’s secret storage; never given to assistants' };
  },
});

export const resendDelivery = defineTool({
  name: 'livepeer_resend_webhook_delivery',
  toolReferenceName: 'livepeerResendDelivery',
  displayName: 'Livepeer: Resend Webhook Delivery',
  userDescription: 'Sends a webhook delivery again (asks first)',
  modelDescription:
    'Sends one delivery of a webhook again (the same event, re-signed, to the webhook’s URL) and answers the new delivery: success and the receiver’s HTTP status. The user is asked to confirm first.',
  kind: 'change',
  input: { webhookId: idField('The webhook id.'), deliveryId: idField('The delivery id (see livepeer_list_webhook_deliveries).') },
  describeChange: (input) => l10n.t('send the delivery {0} of the webhook {1} again to its URL', input.deliveryId, input.webhookId),
  async run(input, { client, signal }) {
    return { resent: deliveryRow(await resend(client, input.webhookId, input.deliveryId, signal)) };
  },
});

export const uploadFile = defineTool({
  name: 'livepeer_upload_file',
  toolReferenceName: 'livepeerUpload',
  displayName: 'Livepeer: Upload Video File',
  userDescription: 'Uploads a video file of an open folder as a new asset (asks first)',
  modelDescription:
    'Uploads a video file inside an open workspace folder as a new asset (a path relative to a folder, or absolute inside one; links are followed, and a file outside the open folders is refused), through the same upload queue (progress, pause, resume) as the Explorer’s "Upload to Livepeer". Answers the asset id at once (once it starts, when other uploads run first); the upload and processing go on: follow them with livepeer_why_not_ready. Offered in VS Code only. The user is asked to confirm first, with the file’s size.',
  kind: 'change',
  needs: ['uploadFile'],
  input: {
    path: z.string().trim().min(1).max(1000).describe('The file’s path, relative to a workspace folder or absolute inside one.'),
    name: nameField('The asset name (default: the file name).').optional(),
  },
  async describeChange(input, { folders }) {
    const file = await fileInsideFolders(input.path, folders?.() ?? []);
    return l10n.t('upload the file {0} ({1}) as a new asset “{2}”', file.path, byteSize(file.size), input.name ?? basename(file.path));
  },
  async run(input, { folders, uploadFile: upload }) {
    if (!upload) throw new Error(l10n.t('uploading files is offered only inside VS Code'));
    const file = await fileInsideFolders(input.path, folders?.() ?? []);
    const started = await upload(file, input.name ?? basename(file.path));
    return { ...started, file: file.path, sizeBytes: file.size, follow: 'the Uploads view shows its progress (pause and resume there); livepeer_why_not_ready with the assetId tells how it goes' };
  },
});
