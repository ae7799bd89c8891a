import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import { dateTime, quoted, shownName } from '../common/format';
import { verifyPlaybackToken } from '../../api/playback/token';
import { askGate, fitsKeyState, keyAccess, type AccessResult } from '../../operations/checkAccess';
import { signWithKeptKey } from '../../operations/signPlaybackToken';
import { refusalSentence } from '../../tools/refusalWords';
import { accessSentence } from './accessWords';
import { CACHE_WORDS, waitOutGateCache } from './gateCache';
import { playbackTargetOf, type PlaybackTarget } from '../common/playbackTarget';
import { resolveKey, type KeyCommandContext } from './keyPicker';
import { pickPlaybackTarget } from './playbackTargetPicker';

import { SigningKeyItem } from './signingKeysView';
import { copyToClipboard, registerCommand } from '../common/commands';
import { COMMANDS } from '../common/commandIds';
import { CHOOSE_FILE, COPY_SIGNED_URL, COPY_TOKEN, ROTATE_KEY } from '../common/actions';

const LIFETIMES = [
  { label: vscode.l10n.t('1 hour'), seconds: 3600 },
  { label: vscode.l10n.t('1 day'), seconds: 86_400 },
  { label: vscode.l10n.t('7 days'), seconds: 7 * 86_400 },
  { label: vscode.l10n.t('30 days'), seconds: 30 * 86_400 },
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

/**
 * The private key of `key`: from VS Code's secret storage when kept there, else from a file the
 * person picks. A key kept once whose secret is gone (another machine, a cleared keychain) is said so first.
 */
async function privateKeyOf(ctx: KeyCommandContext, key: SigningKey): Promise<string | undefined> {
  const name = shownName(key);
  const kept = await ctx.view.privateKeys.get(key.id);
  if (kept) {
    const source = await ctx.prompts.pick(
      [
        { label: vscode.l10n.t('$(lock) VS Code’s Secret Storage'), description: vscode.l10n.t('kept when the key was created'), kept: true },
        { label: vscode.l10n.t('$(file) From a File…'), description: vscode.l10n.t('the PEM file or the base64 text'), kept: false },
      ],
      { placeHolder: vscode.l10n.t('Private key of {0}', quoted(name)) },
    );
    if (!source) return undefined;
    if (source.kept) return kept;
  } else if (ctx.view.privateKeys.state(key.id) === 'lost') {
    ctx.view.refresh();
    const choice = await ctx.prompts.message(
      'warning',
      vscode.l10n.t('The private key of {0} is missing from VS Code’s secret storage.', quoted(name)),
      {
        modal: true,
        detail: vscode.l10n.t(
          'It was kept there, but this VS Code no longer has it (another machine, or a cleared keychain). Choose the PEM file if you saved one; otherwise rotate the key to get a new private key.',
        ),
      },
      CHOOSE_FILE,
      ROTATE_KEY,
    );
    if (choice === ROTATE_KEY) void vscode.commands.executeCommand(COMMANDS.keys.rotate, key.id);
    if (choice !== CHOOSE_FILE) return undefined;
  }
  const [file] =
    (await ctx.prompts.openDialog({
      title: vscode.l10n.t('Private key of {0} (PEM or base64)', quoted(name)),
      openLabel: vscode.l10n.t('Use Private Key'),
      canSelectMany: false,
      defaultUri: vscode.Uri.file(join(homedir(), '.livepeer')),
      filters: { [vscode.l10n.t('Private keys')]: ['pem', 'key', 'txt'], [vscode.l10n.t('All files')]: ['*'] },
    })) ?? [];
  return file ? readFile(file.fsPath, 'utf8') : undefined;
}

/** Sign Playback Token…: resolves with the token (for callers and tests), undefined when stopped. */
async function signToken(ctx: KeyCommandContext, arg?: unknown): Promise<string | undefined> {
  const playback = await target(ctx, arg, vscode.l10n.t('Sign a token for which playback id?'));
  if (!playback) return undefined;
  // Keys whose private key is kept here can sign at once: they come first, marked.
  const key =
    keyOf(arg) ??
    (await resolveKey(ctx, undefined, vscode.l10n.t('Sign with which signing key?'), {
      filter: (k) => !k.disabled,
      first: (k) => (ctx.view.privateKeys.has(k.id) ? vscode.l10n.t('$(key) private key kept') : undefined),
    }));
  if (!key) return undefined;
  const lifetime = await ctx.prompts.pick(LIFETIMES, { placeHolder: vscode.l10n.t('How long may the token be used? (1 hour is usual: players fetch a fresh one)') });
  if (!lifetime) return undefined;
  const privateKey = await privateKeyOf(ctx, key);
  if (!privateKey) return undefined;
  const signed = await signWithKeptKey(ctx.session.client(), { playbackId: playback.playbackId, key, privateKey, expiresInSeconds: lifetime.seconds });
  const { token } = signed;
  const what = playback.name ? `${quoted(playback.name)}` : playback.playbackId;
  const url = signed.url ?? vscode.l10n.t('(no signed playback URL: {0})', signed.urlProblem ? refusalSentence(signed.urlProblem) : '');
  // The token stays in a document until closed; the notification's buttons are the quick way to copy.
  await ctx.results.show(vscode.l10n.t('Playback token for {0}', playback.name ?? playback.playbackId), [
    vscode.l10n.t('Signed with {0} for {1}, valid for {2} (until {3}).', quoted(shownName(key)), what, lifetime.label, dateTime(Date.now() + lifetime.seconds * 1000)),
    '',
    vscode.l10n.t('## Token'),
    '',
    '```text',
    token,
    '```',
    '',
    vscode.l10n.t('## Signed playback URL'),
    '',
    '```text',
    url,
    '```',
    '',
    vscode.l10n.t('Players present the token as `?jwt=<token>` on the playback URL, or in a `Livepeer-Jwt` header. Anyone holding it can play the content until it expires. Closing this document discards it.'),
  ]);
  void ctx.prompts
    .message('info', vscode.l10n.t('Livepeer: playback token for {0} signed with {1}, valid for {2}.', what, quoted(shownName(key)), lifetime.label), {}, COPY_TOKEN, COPY_SIGNED_URL)
    .then(async (action) => {
      if (!action) return;
      await (action === COPY_TOKEN ? copyToClipboard(token, vscode.l10n.t('Livepeer: playback token copied.')) : copyToClipboard(url, vscode.l10n.t('Livepeer: signed playback URL copied.')));
    });
  return token;
}

/**
 * Check Playback Access: verifies a token locally (signature, expiry, subject) as the playback edge
 * does, then asks the service's gate; or, for a key, asks the gate alone. Resolves with the result.
 */
async function checkAccess(ctx: KeyCommandContext, arg?: unknown, given?: { token?: string }): Promise<AccessResult | undefined> {
  const playback = await target(ctx, arg, vscode.l10n.t('Check access to which playback id?'));
  if (!playback) return undefined;
  const client = ctx.session.client();
  const keys = await client.keys.list();
  let key = keyOf(arg);
  let token = given?.token;
  if (!key && !token) {
    const picked = await ctx.prompts.pick(
      [
        { label: vscode.l10n.t('$(symbol-key) Paste a Token…'), description: vscode.l10n.t('verify a playback token (JWT)') },
        ...keys.map((k) => ({ label: `$(key) ${shownName(k)}`, description: k.disabled ? vscode.l10n.t('disabled') : vscode.l10n.t('enabled'), key: k })),
      ],
      { placeHolder: vscode.l10n.t('Check a token, or a signing key?') },
    );
    if (!picked) return undefined;
    if ('key' in picked) key = picked.key;
    else
      token = await ctx.prompts.input({
        title: vscode.l10n.t('Livepeer: Check Playback Access'),
        prompt: vscode.l10n.t('Paste the playback token (the value of ?jwt=)'),
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Paste a token')),
      });
    if (!key && !token) return undefined;
  }
  let result: AccessResult;
  // The key as the service lists it now (a row's copy may be older): its state tells a cached gate answer apart.
  let listed = key && (keys.find((k) => k.id === key?.id) ?? key);
  let signedHere = !key;
  if (listed) {
    const privateKey = await ctx.view.privateKeys.get(listed.id);
    signedHere = !!privateKey;
    result = await keyAccess(client, playback.playbackId, listed, keys, privateKey);
  } else {
    const local = verifyPlaybackToken(token ?? '', { playbackId: playback.playbackId });
    listed = local.ok ? keys.find((k) => k.publicKey === local.claims.pub) : undefined;
    result = local.ok ? await askGate(client, playback.playbackId, local.claims.pub, keys) : { allowed: false, code: 'refused-locally', detail: local.reason };
  }
  const what = playback.name ? `${quoted(playback.name)}` : playback.playbackId;
  let note: string | undefined;
  if (listed && result.code !== 'refused-locally') {
    const stateKey = listed;
    const waited = await ctx.view.keyChanges.waitingFor(stateKey.id, () =>
      waitOutGateCache(
        ctx.prompts,
        stateKey.disabled
          ? vscode.l10n.t('Livepeer: waiting for the service’s cache: {0}, and {1} was disabled recently', CACHE_WORDS, quoted(shownName(stateKey)))
          : vscode.l10n.t('Livepeer: waiting for the service’s cache: {0}, and {1} was enabled recently', CACHE_WORDS, quoted(shownName(stateKey))),
        ctx.view.keyChanges.cacheEndsAt(stateKey.id),
        result,
        () => askGate(client, playback.playbackId, stateKey.publicKey, keys),
        (answer) => fitsKeyState(answer, stateKey),
      ),
    );
    result = waited.result;
    note = cacheNote(waited.outcome, stateKey, result);
  }
  const seen = result.allowed && listed && !note ? vscode.l10n.t('The key’s “last seen” shows this check about a minute from now (the service records it later).') : undefined;
  const checked = dateTime(Date.now());
  await ctx.results.show(vscode.l10n.t('Playback access of {0}', playback.name ?? playback.playbackId), [
    verdict(result.allowed, what, key),
    '',
    accessSentence(result),
    ...[note, seen].filter((line): line is string => !!line).flatMap((line) => ['', line]),
    '',
    signedHere
      ? vscode.l10n.t('Checked {0}: the token’s signature, expiry and playback id here, as the playback edge does, then the service’s gate.', checked)
      : vscode.l10n.t('Checked {0}: the service’s gate (no private key kept here to sign a test token with).', checked),
  ]);
  ctx.view.refresh();
  return result;
}

/** The result's first line: allowed or refused, for the playback, with the key or the token. */
function verdict(allowed: boolean, what: string, key: SigningKey | undefined): string {
  if (!key) return allowed ? vscode.l10n.t('**Allowed**: {0} with this token.', what) : vscode.l10n.t('**Refused**: {0} with this token.', what);
  const name = quoted(shownName(key));
  return allowed ? vscode.l10n.t('**Allowed**: {0} with key {1}.', what, name) : vscode.l10n.t('**Refused**: {0} with key {1}.', what, name);
}

/** What a cached gate answer means for the result, in words; undefined when the answer fits the key's state at once. */
function cacheNote(outcome: 'agrees' | 'expired' | 'cancelled', key: SigningKey, result: AccessResult): string | undefined {
  const name = `${quoted(shownName(key))}`;
  if (outcome === 'cancelled') {
    return key.disabled
      ? vscode.l10n.t('Careful: this may be the service’s cached answer from before {0} was disabled ({1}). Check again in two minutes.', name, CACHE_WORDS)
      : vscode.l10n.t('Careful: this may be the service’s cached answer from before {0} was enabled ({1}). Check again in two minutes.', name, CACHE_WORDS);
  }
  if (outcome === 'expired') {
    if (key.disabled) {
      return result.allowed
        ? vscode.l10n.t('Careful: {0} is disabled, yet the service still accepts it after its cache time: check the key in Livepeer Studio.', name)
        : vscode.l10n.t('Careful: {0} is disabled, yet the service still refuses it after its cache time: check the key in Livepeer Studio.', name);
    }
    return result.allowed
      ? vscode.l10n.t('Careful: {0} is enabled, yet the service still accepts it after its cache time: check the key in Livepeer Studio.', name)
      : vscode.l10n.t('Careful: {0} is enabled, yet the service still refuses it after its cache time: check the key in Livepeer Studio.', name);
  }
  return undefined;
}

export function registerPlaybackCommands(ctx: KeyCommandContext): vscode.Disposable[] {
  const { prompts } = ctx;
  return [
    registerCommand(COMMANDS.playback.signToken, (arg?: unknown) => signToken(ctx, arg), { prompts, failed: (reason) => vscode.l10n.t('Livepeer: signing a playback token: {0}', reason) }),
    registerCommand(COMMANDS.playback.checkAccess, (arg?: unknown, given?: { token?: string }) => checkAccess(ctx, arg, given), { prompts, failed: (reason) => vscode.l10n.t('Livepeer: checking playback access: {0}', reason) }),
  ];
}
