import * as vscode from 'vscode';
import { StudioApiError, type SigningKey } from '../../api';
import { askGate, fitsKeyState, keyAccess } from '../../operations/checkAccess';
import { createSigningKey, setSigningKeyDisabled } from '../../operations/signingKeys';
import { reportError } from '../common/errorReporting';
import { onProfileOf } from '../profiles/profileGuard';
import { accessSentence } from './accessWords';
import { CACHE_WORDS, waitOutGateCache } from './gateCache';
import { resolveKey, type KeyArgument, type KeyCommandContext } from './keyPicker';
import { pickPlaybackTarget } from './playbackTargetPicker';
import { handOutPrivateKey } from './privateKeyHandoff';
import type { Rotation } from './rotations';
import { SigningKeyItem } from './signingKeysView';
import { quoted, shownName } from '../common/format';
import { COMMANDS } from '../common/commandIds';
import { CONTINUE_ROTATION as CONTINUE } from '../common/actions';

/**
 * The rotation the service recommends: create a new key, deploy it, disable the old one, verify,
 * and only then delete the old key (a later, separate Delete). Its state is kept (see Rotations), so
 * it can stop at any step and Continue Rotation picks it up; Rotate on a key being rotated continues.
 */
export async function rotateSigningKey(ctx: KeyCommandContext, arg?: KeyArgument, selectedId?: string): Promise<void> {
  const old = await resolveKey(ctx, arg, vscode.l10n.t('Rotate: select the signing key to replace'), {
    filter: (key) => !key.disabled,
    first: (key) => (key.id === selectedId ? vscode.l10n.t('selected in the view') : undefined),
  });
  if (!old) return;
  const running = ctx.view.rotations.of(old.id);
  if (running) return continueFrom(ctx, running.rotation);
  const oldName = shownName(old);
  if (old.disabled) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} is already disabled; delete it when you have checked playback.', quoted(oldName)));
    return;
  }

  const name = await ctx.prompts.input({
    title: vscode.l10n.t('Livepeer: Rotate Signing Key (1/3)'),
    prompt: vscode.l10n.t('Name of the key that replaces the old one'),
    value: successorName(oldName),
  });
  if (name === undefined) return;

  const created = await createSigningKey(ctx.session.client(), { name });
  const rotation: Rotation = { oldKeyId: old.id, newKeyId: created.key.id, oldName, newName: shownName(created.key), step: 'deploy', startedAt: Date.now() };
  await ctx.view.rotations.save(rotation);
  ctx.view.refresh();
  await handOutPrivateKey(ctx.prompts, ctx.view.privateKeys, { ...created.key, privateKey: created.privateKey });
  announceDeployStep(ctx, rotation);
}

/** A short name for the replacement, so the rows keep room for their state: `web player` → `web player v2`, `v2` → `v3`. */
export function successorName(oldName: string): string {
  const numbered = /^(.*?\bv)(\d+)$/i.exec(oldName);
  return numbered ? `${numbered[1]}${Number(numbered[2]) + 1}` : `${oldName} v2`;
}

/** Not a modal: the person may take hours to deploy; the view's marker and this action bring them back. */
function announceDeployStep(ctx: KeyCommandContext, rotation: Rotation): void {
  const profileId = ctx.session.profile?.id;
  void ctx.prompts
    .message('info', vscode.l10n.t('Livepeer: Rotate (2/3): deploy {0} wherever {1} signs playback, then Continue Rotation.', quoted(rotation.newName), quoted(rotation.oldName)), {}, CONTINUE)
    .then((action) => {
      if (action === CONTINUE) void onProfileOf(ctx.session, ctx.prompts, profileId, () => vscode.commands.executeCommand(COMMANDS.keys.continueRotation, rotation.oldKeyId));
    });
}

/** Continue Rotation: on either key of a rotation, or from the palette (picks one when several run). */
export async function continueRotation(ctx: KeyCommandContext, arg?: KeyArgument): Promise<void> {
  const id = arg instanceof SigningKeyItem ? arg.key.id : typeof arg === 'string' ? arg : arg?.id;
  let rotation = id ? ctx.view.rotations.of(id)?.rotation : undefined;
  if (!rotation) {
    const all = ctx.view.rotations.all();
    if (!all.length) {
      ctx.prompts.notify('info', vscode.l10n.t('Livepeer: no signing key rotation is in progress. Start one with Rotate Signing Key.'));
      return;
    }
    rotation =
      all.length === 1
        ? all[0]
        : (await ctx.prompts.pick(
            all.map((r) => ({ label: `${r.oldName} → ${r.newName}`, description: r.step === 'deploy' ? vscode.l10n.t('deploy the new key') : vscode.l10n.t('verify, then delete the old key'), rotation: r })),
            { placeHolder: vscode.l10n.t('Continue which rotation?') },
          ))?.rotation;
    if (!rotation) return;
  }
  await continueFrom(ctx, rotation);
}

async function continueFrom(ctx: KeyCommandContext, rotation: Rotation): Promise<void> {
  const client = ctx.session.client();
  const [oldKey, newKey] = await Promise.all([keyOrGone(ctx, rotation.oldKeyId), keyOrGone(ctx, rotation.newKeyId)]);
  if (!oldKey || !newKey) {
    await ctx.view.rotations.end(rotation.oldKeyId);
    ctx.view.refresh();
    const gone = !oldKey ? rotation.oldName : rotation.newName;
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} no longer exists, so the rotation of {1} has ended.', quoted(gone), quoted(rotation.oldName)));
    return;
  }
  if (rotation.step === 'verify') {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} is disabled. Check that playback works, then delete it to finish the rotation.', quoted(rotation.oldName)));
    return;
  }

  const target = await pickPlaybackTarget(ctx, vscode.l10n.t('Check {0} on which signed playback id before disabling {1}?', quoted(rotation.newName), quoted(rotation.oldName)), true);
  if (!target) return;
  const keys = await client.keys.list();
  const checkable = target === 'skip' ? undefined : target;
  if (checkable) {
    const accepted = await keyAccess(client, checkable.playbackId, newKey, keys, await ctx.view.privateKeys.get(newKey.id));
    if (!accepted.allowed) {
      ctx.prompts.notify(
        'warning',
        vscode.l10n.t(
          'Livepeer: {0} is not accepted for {1}. {2} {3} stays enabled; fix it and Continue Rotation.',
          quoted(rotation.newName),
          checkable.playbackId,
          accessSentence(accepted),
          quoted(rotation.oldName),
        ),
      );
      return;
    }
  }

  await setSigningKeyDisabled(client, oldKey.id, true);
  ctx.view.keyChanges.changed(oldKey.id);
  await ctx.view.rotations.save({ ...rotation, step: 'verify' });
  ctx.view.refresh();

  if (!checkable) return showOutcome(ctx, rotation, vscode.l10n.t('The access check was skipped (no playback id): check playback yourself.'));
  const ask = () => askGate(client, checkable.playbackId, oldKey.publicKey, keys);
  const first = await ask();
  const disabledKey = { ...oldKey, disabled: true };
  const refused = vscode.l10n.t('The service accepts {0} and now refuses {1} for {2}.', quoted(rotation.newName), quoted(rotation.oldName), checkable.playbackId);
  if (fitsKeyState(first, disabledKey)) return showOutcome(ctx, rotation, refused);
  // Still accepted: the gate's cache. The rotation is saved; the wait runs on and the row says so.
  void ctx.view.keyChanges
    .waitingFor(oldKey.id, async () => {
      ctx.view.refresh();
      return waitOutGateCache(
        ctx.prompts,
        vscode.l10n.t('Livepeer: Rotate (3/3): waiting for the service’s cache: {0}, so it still accepts {1}', CACHE_WORDS, quoted(rotation.oldName)),
        ctx.view.keyChanges.cacheEndsAt(oldKey.id),
        first,
        ask,
        (result) => fitsKeyState(result, disabledKey),
      );
    })
    .then(
      ({ outcome }) => {
        ctx.view.refresh();
        const said: Record<typeof outcome, string> = {
          agrees: refused,
          cancelled: vscode.l10n.t('The service may still accept {0} for up to 2 minutes after it was disabled ({1}): run Check Playback Access before deleting it.', quoted(rotation.oldName), CACHE_WORDS),
          expired: vscode.l10n.t(
            'Careful: the service still accepts {0} for {1} more than 2 minutes after it was disabled: check the key in Livepeer Studio before deleting it.',
            quoted(rotation.oldName),
            checkable.playbackId,
          ),
        };
        return showOutcome(ctx, rotation, said[outcome]);
      },
      (error: unknown) => {
        ctx.view.refresh();
        reportError(ctx.prompts, (reason) => vscode.l10n.t('Livepeer: checking that the service refuses the old key: {0}', reason), error);
      },
    );
}

/** Step 3/3's outcome stays in a document until closed: it may arrive minutes later (the cache). */
async function showOutcome(ctx: KeyCommandContext, rotation: Rotation, outcome: string): Promise<void> {
  await ctx.results.show(vscode.l10n.t('Rotation of {0}', rotation.oldName), [
    vscode.l10n.t('**Rotate (3/3)**: {0} is disabled; {1} replaces it.', quoted(rotation.oldName), quoted(rotation.newName)),
    '',
    outcome,
    '',
    vscode.l10n.t('Next: check that playback works, then delete {0} to finish (its row says *retired*; **Delete Signing Key**). Enabling it again undoes the rotation.', quoted(rotation.oldName)),
  ]);
}

async function keyOrGone(ctx: KeyCommandContext, id: string): Promise<SigningKey | undefined> {
  try {
    return await ctx.session.client().keys.get(id);
  } catch (error) {
    if (error instanceof StudioApiError && error.kind === 'not-found') return undefined;
    throw error;
  }
}
