import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { signPlaybackToken, verifyPlaybackToken, type SigningKey } from '../../api';
import { reportError, reportingFailures } from '../errors';
import { askGate, keyAccess, type AccessResult } from './accessCheck';
import type { PlaybackTarget } from '../playbackTarget';
import { resolveKey, type KeyCommandContext } from './keyPicker';
import { pickPlaybackTarget, playbackTargetOf } from './playbackTarget';
import { SigningKeyItem } from './signingKeysView';

const LIFETIMES = [
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '7 days', seconds: 7 * 86_400 },
  { label: '30 days', seconds: 30 * 86_400 },
];

async function target(ctx: KeyCommandContext, arg: unknown, placeHolder: string): Promise<PlaybackTarget | undefined> {
  const given = playbackTargetOf(arg);
  if (given) return given;
  const picked = await pickPlaybackTarget(ctx, placeHolder);
  return picked === 'skip' ? undefined : picked;
}

function keyOf(arg: unknown): SigningKey | undefined {
  return arg instanceof SigningKeyItem ? arg.key : undefined;
}

/** The private key of `key`: from VS Code's secret storage when kept there, else from a file the person picks. */
async function privateKeyOf(ctx: KeyCommandContext, key: SigningKey): Promise<string | undefined> {
  const kept = await ctx.view.privateKeys.get(key.id);
  if (kept) {
    const source = await ctx.prompts.pick(
      [
        { label: '$(lock) VS Code’s Secret Storage', description: 'kept when the key was created', kept: true },
        { label: '$(file) From a File…', description: 'the PEM file or the base64 text', kept: false },
      ],
      { placeHolder: `Private key of “${key.name || key.id}”` },
    );
    if (!source) return undefined;
    if (source.kept) return kept;
  }
  const [file] =
    (await ctx.prompts.openDialog({
      title: `Private key of “${key.name || key.id}” (PEM or base64)`,
      openLabel: 'Use Private Key',
      canSelectMany: false,
      defaultUri: vscode.Uri.file(join(homedir(), '.livepeer')),
      filters: { 'Private keys': ['pem', 'key', 'txt'], 'All files': ['*'] },
    })) ?? [];
  return file ? readFile(file.fsPath, 'utf8') : undefined;
}

/** The HLS address of the playback id with the token as `?jwt=`, as players present it. */
async function signedPlaybackUrl(ctx: KeyCommandContext, playbackId: string, token: string): Promise<string> {
  const info = await ctx.session.client().getPlayback(playbackId);
  const hls = info.meta.source.find((source) => source.hrn.startsWith('HLS'));
  if (!hls) throw new Error(`the service offers no HLS address for ${playbackId}`);
  const url = new URL(hls.url);
  url.searchParams.set('jwt', token);
  return url.toString();
}

/** Sign Playback Token…: resolves with the token (for callers and tests), undefined when stopped. */
async function signToken(ctx: KeyCommandContext, arg?: unknown): Promise<string | undefined> {
  const playback = await target(ctx, arg, 'Sign a token for which playback id?');
  if (!playback) return undefined;
  const key = keyOf(arg) ?? (await resolveKey(ctx, undefined, 'Sign with which signing key?', (k) => !k.disabled));
  if (!key) return undefined;
  const lifetime = await ctx.prompts.pick(LIFETIMES, { placeHolder: 'How long may the token be used? (1 hour is usual: players fetch a fresh one)' });
  if (!lifetime) return undefined;
  const privateKey = await privateKeyOf(ctx, key);
  if (!privateKey) return undefined;
  const token = signPlaybackToken({ playbackId: playback.playbackId, privateKey, publicKey: key.publicKey, expiresInSeconds: lifetime.seconds });
  const what = playback.name ? `“${playback.name}”` : playback.playbackId;
  void ctx.prompts
    .message('info', `Livepeer: playback token for ${what} signed with “${key.name || key.id}”, valid for ${lifetime.label}.`, {}, 'Copy Token', 'Copy Signed Playback URL')
    .then(async (action) => {
      try {
        if (action === 'Copy Token') await vscode.env.clipboard.writeText(token);
        else if (action === 'Copy Signed Playback URL') await vscode.env.clipboard.writeText(await signedPlaybackUrl(ctx, playback.playbackId, token));
        if (action) vscode.window.setStatusBarMessage(`Livepeer: ${action === 'Copy Token' ? 'token' : 'signed playback URL'} copied`, 3000);
      } catch (error) {
        reportError(ctx.prompts, 'copying the signed playback URL', error);
      }
    });
  return token;
}

/**
 * Check Playback Access: verifies a token locally (signature, expiry, subject) as the playback edge
 * does, then asks the service's gate; or, for a key, asks the gate alone. Resolves with the result.
 */
async function checkAccess(ctx: KeyCommandContext, arg?: unknown, given?: { token?: string }): Promise<AccessResult | undefined> {
  const playback = await target(ctx, arg, 'Check access to which playback id?');
  if (!playback) return undefined;
  const client = ctx.session.client();
  const keys = await client.listSigningKeys();
  let key = keyOf(arg);
  let token = given?.token;
  if (!key && !token) {
    const picked = await ctx.prompts.pick(
      [
        { label: '$(symbol-key) Paste a Token…', description: 'verify a playback token (JWT)' },
        ...keys.map((k) => ({ label: `$(key) ${k.name || k.id}`, description: k.disabled ? 'disabled' : 'enabled', key: k })),
      ],
      { placeHolder: 'Check a token, or a signing key?' },
    );
    if (!picked) return undefined;
    if ('key' in picked) key = picked.key;
    else
      token = await ctx.prompts.input({
        title: 'Livepeer: Check Playback Access',
        prompt: 'Paste the playback token (the value of ?jwt=)',
        validateInput: (value) => (value.trim() ? undefined : 'Paste a token'),
      });
    if (!key && !token) return undefined;
  }
  let result: AccessResult;
  if (key) {
    result = await keyAccess(client, playback.playbackId, key, keys, await ctx.view.privateKeys.get(key.id));
  } else {
    const local = verifyPlaybackToken(token ?? '', { playbackId: playback.playbackId });
    result = local.ok ? await askGate(client, playback.playbackId, local.claims.pub, keys) : { allowed: false, words: `refused before the service is asked: ${local.reason}` };
  }
  const what = playback.name ? `“${playback.name}”` : playback.playbackId;
  const by = key ? `key “${key.name || key.id}”` : 'this token';
  void ctx.prompts.message(result.allowed ? 'info' : 'warning', `Livepeer: ${what} with ${by}: ${result.words}.`, {});
  ctx.view.refresh(); // a successful check updates the key's last seen
  return result;
}

export function registerPlaybackCommands(ctx: KeyCommandContext): vscode.Disposable[] {
  const guarded = <A extends unknown[], R>(what: string, action: (...args: A) => Promise<R>) => reportingFailures(ctx.prompts, what, action);
  return [
    vscode.commands.registerCommand('livepeer.playback.signToken', guarded('signing a playback token', (arg?: unknown) => signToken(ctx, arg))),
    vscode.commands.registerCommand(
      'livepeer.playback.checkAccess',
      guarded('checking playback access', (arg?: unknown, given?: { token?: string }) => checkAccess(ctx, arg, given)),
    ),
  ];
}
