import type { SigningKey } from '../../api';
import { timeAgo } from '../format';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import { SigningKeyItem, type SigningKeysView } from './signingKeysView';

export interface KeyCommandContext {
  session: Session;
  prompts: Prompts;
  view: SigningKeysView;
}

/** A key given by the tree (an item), by a caller (an id), or picked from a list when run from the palette. */
export type KeyArgument = SigningKeyItem | SigningKey | string | undefined;

export async function resolveKey(
  ctx: KeyCommandContext,
  arg: KeyArgument,
  placeHolder: string,
  filter: (key: SigningKey) => boolean = () => true,
): Promise<SigningKey | undefined> {
  if (arg instanceof SigningKeyItem) return arg.key;
  if (typeof arg === 'string') return ctx.session.client().getSigningKey(arg);
  if (arg && typeof arg === 'object' && 'id' in arg) return arg;
  const keys = (await ctx.session.client().listSigningKeys()).filter(filter);
  if (!keys.length) {
    void ctx.prompts.message('info', 'Livepeer: no signing key fits this action.', {});
    return undefined;
  }
  const picked = await ctx.prompts.pick(
    keys.map((key) => ({
      label: key.name || 'Unnamed key',
      description: [key.disabled ? 'disabled' : 'enabled', timeAgo(key.createdAt)].filter(Boolean).join(' · '),
      detail: key.id,
      key,
    })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.key;
}

