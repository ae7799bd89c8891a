import * as vscode from 'vscode';
import type { AssetWatcher, StudioClient } from '../../api';
import { planCopy, type CopyItem, type CopyStep } from '../../operations/profileCopy';
import { Refused } from '../../operations/refusal';
import type { Profile } from '../../profiles/profile';
import { refusalSentence } from '../../tools/refusalWords';
import type { Account } from '../account/account';
import type { PrivateKeys } from '../keys/privateKeys';
import { RETRY } from '../common/actions';
import type { AssetsOffer, ProfilesOffer, StreamsOffer, WebhooksOffer } from '../common/feature';
import type { Prompts } from '../common/prompts';

export interface CopyDeps {
  session: Account;
  prompts: Prompts;
  privateKeys: PrivateKeys;
  watcher: AssetWatcher;
  profiles: ProfilesOffer;
  assets: AssetsOffer;
  streams: StreamsOffer;
  webhooks: WebhooksOffer;
}

/** Where a copy goes: another profile, and its own client (its token goes only to its own service). */
export interface CopyTarget {
  profile: Profile;
  client: StudioClient;
}

/** The profile to copy to, picked among the others (each named with its project); undefined when there is none or it is dismissed. */
export async function pickTarget(deps: CopyDeps): Promise<CopyTarget | undefined> {
  const source = deps.session.profile;
  if (!source) throw new Error(deps.session.noProfileProblem());
  if (!deps.session.profiles.all().some((profile) => profile.id !== source.id)) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: a copy goes to another profile’s project: add one with Add Profile… first.'));
    return undefined;
  }
  const profile = await deps.profiles.pick(vscode.l10n.t('Copy to Profile'), source.id);
  return profile && { profile, client: deps.session.client(profile.id) };
}

/** Why a copy cannot be made, in the person's words. */
export function reasonOf(error: unknown): string {
  return error instanceof Refused ? refusalSentence(error.refusal) : error instanceof Error ? error.message : String(error);
}

/** The steps of `items`, or undefined (said) when the target could not be read. */
export async function planned(deps: CopyDeps, target: CopyTarget, items: CopyItem[], canSign: boolean): Promise<CopyStep[] | undefined> {
  try {
    return await planCopy(target.client, items, canSign);
  } catch (error) {
    deps.prompts.notify('error', vscode.l10n.t('Livepeer: profile “{0}” could not be read, so nothing was copied: {1}', target.profile.name, reasonOf(error)));
    return undefined;
  }
}

/** Whether the step makes a copy; else says why not: it is there already (`exists`), or refused. */
export function said(deps: Pick<CopyDeps, 'prompts'>, step: CopyStep, name: string, target: CopyTarget, exists: string): boolean {
  if (step.action === 'exists') deps.prompts.notify('info', exists);
  if (step.action === 'refused') deps.prompts.notify('error', vscode.l10n.t('Livepeer: {0} was not copied to profile “{1}”: {2}', name, target.profile.name, refusalSentence(step.refusal)));
  return step.action === 'create';
}

/** An error notification with Retry, which runs `again`. */
export async function failedWithRetry(deps: Pick<CopyDeps, 'prompts'>, message: string, again: () => Promise<void>): Promise<void> {
  if ((await deps.prompts.message('error', message, {}, RETRY)) === RETRY) await again();
}

