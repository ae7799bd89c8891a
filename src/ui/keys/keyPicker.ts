import * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import { timeAgo } from '../common/format';
import type { Prompts } from '../common/prompts';
import type { ResultDocuments } from '../common/resultDocuments';
import type { Account } from '../account/account';
import { SigningKeyItem, type SigningKeysView } from './signingKeysView';

export interface KeyCommandContext {
  session: Account;
  prompts: Prompts;
  view: SigningKeysView;
  /** Where results that must stay are shown. */
  results: ResultDocuments;
}

/** A key given by the tree (an item), by a caller (an id), or picked from a list when run from the palette. */
export type KeyArgument = SigningKeyItem | SigningKey | string | undefined;

export interface KeyPickOptions {
  /** Which keys fit the action; all by default. */
  filter?: (key: SigningKey) => boolean;
  /** Keys for which this says something come first (the first is the active item), with it after their state. */
  first?: (key: SigningKey) => string | undefined;
}

export async function resolveKey(ctx: KeyCommandContext, arg: KeyArgument, placeHolder: string, options: KeyPickOptions = {}): Promise<SigningKey | undefined> {
  if (arg instanceof SigningKeyItem) return ctx.session.own(arg.key);
  if (typeof arg === 'string') return ctx.session.client().keys.get(arg);
  if (arg && typeof arg === 'object' && 'id' in arg) return ctx.session.own(arg);
  const keys = (await ctx.session.client().keys.list()).filter(options.filter ?? (() => true));
  if (!keys.length) {
    ctx.prompts.notify('info', vscode.l10n.t('Livepeer: no signing key fits this action.'));
    return undefined;
  }
  const items = keys.map((key) => {
    const note = options.first?.(key);
    return {
      label: key.name || vscode.l10n.t('Unnamed key'),
      description: [key.disabled ? vscode.l10n.t('disabled') : vscode.l10n.t('enabled'), note, timeAgo(key.createdAt)].filter(Boolean).join(' · '),
      detail: key.id,
      key,
      first: note !== undefined,
    };
  });
  // A stable sort: the keys the action prefers first, otherwise the service's order.
  items.sort((a, b) => Number(b.first) - Number(a.first));
  const picked = await ctx.prompts.pick(items, { placeHolder, matchOnDetail: true });
  return picked?.key;
}
