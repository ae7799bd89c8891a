import * as vscode from 'vscode';
import { reportError, type Failure } from '../common/errorReporting';
import type { SigningKey } from '../../api';
import { resolveKey, type KeyArgument, type KeyCommandContext } from './keyPicker';
import { handOutPrivateKey } from './privateKeyHandoff';
import { continueRotation, rotateSigningKey } from './rotation';
import { SigningKeyItem } from './signingKeysView';
import { quoted, shownName } from '../common/format';
import { leaveWalkthrough, tickWhenHeld } from '../common/walkthrough';
import { copyToClipboard } from '../common/commands';
import { COMMANDS } from '../common/commandIds';
import { DELETE, DISABLE, DISABLE_INSTEAD } from '../common/actions';
import { createSigningKey, deleteSigningKey, renameSigningKey, setSigningKeyDisabled } from '../../operations/signingKeys';

/** Runs one key action; failures become an error notification naming the action. */
async function run(ctx: KeyCommandContext, failed: Failure, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    reportError(ctx.prompts, failed, error, () => run(ctx, failed, action));
  } finally {
    ctx.view.refresh();
  }
}

async function createKey(ctx: KeyCommandContext, options?: { name?: string }): Promise<void> {
  const name =
    options?.name ??
    (await ctx.prompts.input({
      title: vscode.l10n.t('Livepeer: Create Signing Key'),
      prompt: vscode.l10n.t('Name of the new key (leave empty for the default name)'),
      placeHolder: vscode.l10n.t('e.g. production playback'),
    }));
  if (name === undefined) return;
  await run(ctx, (reason) => vscode.l10n.t('Livepeer: creating a signing key: {0}', reason), async () => {
    const created = await createSigningKey(ctx.session.client(), { name });
    tickWhenHeld('SigningKey', 1);
    ctx.view.refresh();
    await handOutPrivateKey(ctx.prompts, ctx.view.privateKeys, { ...created.key, privateKey: created.privateKey });
  });
}

async function renameKey(ctx: KeyCommandContext, arg?: KeyArgument, newName?: string): Promise<void> {
  await run(ctx, (reason) => vscode.l10n.t('Livepeer: renaming the signing key: {0}', reason), async () => {
    const key = await resolveKey(ctx, arg, vscode.l10n.t('Select the signing key to rename'));
    if (!key) return;
    const name =
      newName ??
      (await ctx.prompts.input({
        title: vscode.l10n.t('Livepeer: Rename Signing Key'),
        prompt: vscode.l10n.t('New name'),
        value: key.name ?? '',
        validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('The name cannot be empty')),
      }));
    if (name !== undefined) await renameSigningKey(ctx.session.client(), key, name);
  });
}

async function setKeyDisabled(ctx: KeyCommandContext, arg: KeyArgument, disabled: boolean): Promise<void> {
  await run(ctx, disabled ? (reason) => vscode.l10n.t('Livepeer: disabling the signing key: {0}', reason) : (reason) => vscode.l10n.t('Livepeer: enabling the signing key: {0}', reason), async () => {
    const key = await resolveKey(ctx, arg, disabled ? vscode.l10n.t('Select the signing key to disable') : vscode.l10n.t('Select the signing key to enable'), { filter: (k) => !!k.disabled !== disabled });
    if (!key) return;
    if (disabled && !(await confirmDisable(ctx, key))) return;
    await setSigningKeyDisabled(ctx.session.client(), key.id, disabled);
    ctx.view.keyChanges.changed(key.id);
    // Enabling a key again ends its rotation: it is no longer waiting to be deleted.
    if (!disabled) await ctx.view.rotations.end(key.id);
  });
}

/** Disabling breaks playback at once: asked first, saying what stops working; the safe answer keeps the key enabled. */
async function confirmDisable(ctx: KeyCommandContext, key: SigningKey): Promise<boolean> {
  const choice = await ctx.prompts.confirm(
    vscode.l10n.t('Disable signing key {0}?', quoted(shownName(key))),
    {
      detail: vscode.l10n.t(
        'Players presenting tokens signed with it are refused: signed playback that uses this key stops working (the service may take up to 2 minutes to notice). Enable the key again to undo. To replace a key without breaking playback, use Rotate Signing Key.',
      ),
      safeLabel: vscode.l10n.t('Keep Enabled'),
    },
    DISABLE,
  );
  return choice === DISABLE;
}

async function deleteKey(ctx: KeyCommandContext, arg?: KeyArgument): Promise<void> {
  await run(ctx, (reason) => vscode.l10n.t('Livepeer: deleting the signing key: {0}', reason), async () => {
    const key = await resolveKey(ctx, arg, vscode.l10n.t('Select the signing key to delete'));
    if (!key) return;
    const name = shownName(key);
    const choice = key.disabled
      ? await ctx.prompts.confirm(vscode.l10n.t('Delete signing key {0}?', quoted(name)), { detail: vscode.l10n.t('This cannot be undone.'), safeLabel: vscode.l10n.t('Keep Key') }, DELETE)
      : await ctx.prompts.confirm(
          vscode.l10n.t('Signing key {0} is still enabled. Delete it anyway?', quoted(name)),
          {
            detail: vscode.l10n.t('Playback signed with it stops working at once. The safe way is to disable it, check that nothing broke, then delete it.'),
            safeLabel: vscode.l10n.t('Keep Key'),
          },
          DELETE,
          DISABLE_INSTEAD,
        );
    if (choice === DISABLE_INSTEAD) {
      await setSigningKeyDisabled(ctx.session.client(), key.id, true);
      ctx.view.keyChanges.changed(key.id);
    } else if (choice === DELETE) {
      await deleteSigningKey(ctx.session.client(), key.id, ctx.view.privateKeys);
      await ctx.view.rotations.end(key.id);
    }
  });
}

async function copyKeyField(ctx: KeyCommandContext, arg: KeyArgument, field: 'id' | 'publicKey', placeHolder: string): Promise<void> {
  await run(ctx, field === 'id' ? (reason) => vscode.l10n.t('Livepeer: copying the key ID: {0}', reason) : (reason) => vscode.l10n.t('Livepeer: copying the public key: {0}', reason), async () => {
    const key = await resolveKey(ctx, arg, placeHolder);
    if (!key) return;
    await copyToClipboard(key[field], field === 'id' ? vscode.l10n.t('Livepeer: key ID copied.') : vscode.l10n.t('Livepeer: public key copied.'));
  });
}

export function registerKeyCommands(ctx: KeyCommandContext): vscode.Disposable[] {
  const register = (id: string, handler: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, handler);
  return [
    register(COMMANDS.keys.refresh, () => ctx.view.refresh()),
    register(COMMANDS.keys.create, (options?: { name?: string } | string) =>
      leaveWalkthrough(options, 'livepeer.signingKeys').then(() => createKey(ctx, typeof options === 'object' ? options : undefined)),
    ),
    register(COMMANDS.keys.rename, (arg?: KeyArgument, name?: string) => renameKey(ctx, arg, name)),
    register(COMMANDS.keys.disable, (arg?: KeyArgument) => setKeyDisabled(ctx, arg, true)),
    register(COMMANDS.keys.enable, (arg?: KeyArgument) => setKeyDisabled(ctx, arg, false)),
    register(COMMANDS.keys.delete, (arg?: KeyArgument) => deleteKey(ctx, arg)),
    register(COMMANDS.keys.copyId, (arg?: KeyArgument) => copyKeyField(ctx, arg, 'id', vscode.l10n.t('Select the signing key whose key ID to copy'))),
    register(COMMANDS.keys.copyPublicKey, (arg?: KeyArgument) => copyKeyField(ctx, arg, 'publicKey', vscode.l10n.t('Select the signing key whose public key to copy'))),
    register(COMMANDS.keys.rotate, (arg?: KeyArgument) => run(ctx, (reason) => vscode.l10n.t('Livepeer: rotating the signing key: {0}', reason), () => rotateSigningKey(ctx, arg))),
    // The view title's button: VS Code hands it the selected row, which may not be the key meant, so it asks (the selected key first).
    register(COMMANDS.keys.rotatePicking, (selected?: unknown) =>
      run(ctx, (reason) => vscode.l10n.t('Livepeer: rotating the signing key: {0}', reason), () => rotateSigningKey(ctx, undefined, selected instanceof SigningKeyItem ? selected.key.id : undefined)),
    ),
    register(COMMANDS.keys.continueRotation, (arg?: KeyArgument) => run(ctx, (reason) => vscode.l10n.t('Livepeer: continuing the rotation: {0}', reason), () => continueRotation(ctx, arg))),
  ];
}

// One bundle for both (see extension.ts): they share the key picker and its state.
export { registerPlaybackCommands } from './playbackCommands';
