import { resolveKey, type KeyArgument, type KeyCommandContext } from './keyPicker';
import { handOutPrivateKey } from './privateKeyHandoff';

const DISABLE_OLD = 'New Key Is Deployed — Disable Old Key';

/**
 * The rotation the service recommends: create a new key, deploy it, disable the old one, verify,
 * and only then delete the old key (a later, separate Delete). Stopping at any step leaves both keys
 * in a state the tree shows truthfully.
 */
export async function rotateSigningKey(ctx: KeyCommandContext, arg?: KeyArgument): Promise<void> {
  const old = await resolveKey(ctx, arg, 'Rotate: select the signing key to replace', (key) => !key.disabled);
  if (!old) return;
  const oldName = old.name || old.id;
  if (old.disabled) {
    void ctx.prompts.message('info', `Livepeer: “${oldName}” is already disabled; delete it when you have checked playback.`, {});
    return;
  }

  const name = await ctx.prompts.input({
    title: 'Rotate Signing Key (1/3): name the new key',
    prompt: 'Name of the key that replaces the old one',
    value: `${oldName} (rotated ${new Date().toISOString().slice(0, 10)})`,
  });
  if (name === undefined) return;

  const created = await ctx.session.client().createSigningKey({ name });
  ctx.view.refresh();
  await handOutPrivateKey(ctx.prompts, created);

  const choice = await ctx.prompts.message(
    'warning',
    `Rotate Signing Key (3/3): deploy “${created.name || created.id}” wherever “${oldName}” signs playback, then disable “${oldName}”.`,
    { modal: true, detail: 'Disabling stops playback signed with the old key. You can enable it again if something breaks, and delete it once playback is verified.' },
    DISABLE_OLD,
  );
  if (choice !== DISABLE_OLD) {
    void ctx.prompts.message(
      'info',
      `Livepeer: rotation paused. The new key exists and “${oldName}” is still enabled; disable it once the new key is deployed.`,
      {},
    );
    return;
  }

  await ctx.session.client().updateSigningKey(old.id, { disabled: true });
  await ctx.view.retired.add(old.id);
  ctx.view.refresh();
  void ctx.prompts.message('info', `Livepeer: “${oldName}” is disabled. Check that playback still works, then delete it to finish the rotation.`, {});
}
