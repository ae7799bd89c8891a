import * as vscode from 'vscode';
import type { Asset, Stream, Webhook } from '../../api';
import { copyStream, copyWebhook, multistreamTargetNames } from '../../operations/profileCopy';
import { COPY_SECRET } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { copyToClipboard, registerCommand } from '../common/commands';
import type { FeatureContext } from '../common/feature';
import { phaseText, quoted, shownName } from '../common/format';
import { copyAssets } from './assetCopies';
import { failedWithRetry, pickTarget, planned, reasonOf, said, type CopyDeps, type CopyTarget } from './copyTarget';

/** The assets of the rows the command was run on (every selected row when several are), else those picked from the listed ones. */
async function assetsToCopy(deps: CopyDeps, arg: unknown, selected: unknown): Promise<Asset[]> {
  const rows = Array.isArray(selected) && selected.length > 1 ? selected : arg === undefined ? [] : [arg];
  const given = rows.map((row) => deps.assets.assetOf(row)).filter((asset): asset is Asset => !!asset);
  if (given.length) return Promise.all(given.map((asset) => deps.session.own(asset)));
  const listed = deps.assets.listed();
  if (!listed.length) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: no assets are listed to copy: show the Assets view first.'));
    return [];
  }
  const items = listed.map((asset) => ({ label: shownName(asset), description: phaseText(asset), detail: asset.id, asset }));
  return ((await deps.prompts.pickMany(items, { placeHolder: vscode.l10n.t('Select the assets to copy to another profile') })) ?? []).map((item) => item.asset);
}

async function copyAssetsCommand(deps: CopyDeps, arg?: unknown, selected?: unknown): Promise<void> {
  const assets = await assetsToCopy(deps, arg, selected);
  const target = assets.length ? await pickTarget(deps) : undefined;
  if (target) await copyAssets(deps, target, assets);
}

async function copyStreamCommand(deps: CopyDeps, arg?: unknown): Promise<void> {
  const stream = await deps.streams.pickStream(arg, vscode.l10n.t('Select the stream to copy to another profile'));
  const target = stream && (await pickTarget(deps));
  if (!stream || !target) return;
  const [step] = (await planned(deps, target, [{ kind: 'stream', stream }], false)) ?? [];
  const name = quoted(shownName(stream));
  if (!step || !said(deps, step, name, target, vscode.l10n.t('Livepeer: profile “{0}” has a stream named {1} already: nothing was copied.', target.profile.name, name))) return;
  await copyOneStream(deps, target, stream);
}

async function copyOneStream(deps: CopyDeps, target: CopyTarget, stream: Stream): Promise<void> {
  const name = quoted(shownName(stream));
  try {
    await copyStream(target.client, stream);
  } catch (error) {
    void failedWithRetry(deps, vscode.l10n.t('Livepeer: copying the stream {0} to profile “{1}” failed: {2}', name, target.profile.name, reasonOf(error)), () => copyOneStream(deps, target, stream));
    return;
  }
  const targets = await multistreamTargetNames(deps.session.client(), stream);
  deps.prompts.notify(
    'info',
    targets.length
      ? vscode.l10n.t('Livepeer: stream {0} copied to profile “{1}”, with its renditions, recording and playback policy. Not copied: its multistream targets {2}, whose stream keys were never kept here; add them there.', name, target.profile.name, targets.join(', '))
      : vscode.l10n.t('Livepeer: stream {0} copied to profile “{1}”, with its renditions, recording and playback policy.', name, target.profile.name),
  );
}

async function copyWebhookCommand(deps: CopyDeps, arg?: unknown): Promise<void> {
  const webhook = await deps.webhooks.pickWebhook(arg, vscode.l10n.t('Select the webhook to copy to another profile'));
  const target = webhook && (await pickTarget(deps));
  if (!webhook || !target) return;
  const [step] = (await planned(deps, target, [{ kind: 'webhook', webhook }], false)) ?? [];
  const name = quoted(shownName(webhook));
  if (!step || !said(deps, step, name, target, vscode.l10n.t('Livepeer: profile “{0}” has a webhook to {1} already: nothing was copied.', target.profile.name, webhook.url))) return;
  await copyOneWebhook(deps, target, webhook);
}

async function copyOneWebhook(deps: CopyDeps, target: CopyTarget, webhook: Webhook): Promise<void> {
  const name = quoted(shownName(webhook));
  let copied: Awaited<ReturnType<typeof copyWebhook>>;
  try {
    copied = await copyWebhook(target.client, webhook);
  } catch (error) {
    void failedWithRetry(deps, vscode.l10n.t('Livepeer: copying the webhook {0} to profile “{1}” failed: {2}', name, target.profile.name, reasonOf(error)), () => copyOneWebhook(deps, target, webhook));
    return;
  }
  const message = vscode.l10n.t('Livepeer: webhook {0} copied to profile “{1}” with the same URL and events, and a new shared secret: give it to the handler.', name, target.profile.name);
  if ((await deps.prompts.message('info', message, {}, COPY_SECRET)) === COPY_SECRET) await copyToClipboard(copied.sharedSecret, vscode.l10n.t('Livepeer: webhook shared secret copied.'));
}

/** The registration of the commands, with the offers they take (activated before the copy feature). */
export function copyCommands(context: FeatureContext): () => vscode.Disposable[] {
  const { session, prompts, privateKeys, watcher } = context;
  const { profiles, assets, streams, webhooks } = context.offers;
  if (!profiles || !assets || !streams || !webhooks) throw new Error('the copy feature is activated before profiles, streams, assets or webhooks');
  return () => registerCopyCommands({ session, prompts, privateKeys, watcher, profiles, assets, streams, webhooks });
}

function registerCopyCommands(deps: CopyDeps): vscode.Disposable[] {
  const ids = COMMANDS.copyTo;
  const failed = (reason: string) => vscode.l10n.t('Livepeer: copying to another profile: {0}', reason);
  const failures = { prompts: deps.prompts, failed, retry: true };
  return [
    registerCommand(ids.asset, (arg?: unknown, selected?: unknown) => copyAssetsCommand(deps, arg, selected), failures),
    registerCommand(ids.stream, (arg?: unknown) => copyStreamCommand(deps, arg), failures),
    registerCommand(ids.webhook, (arg?: unknown) => copyWebhookCommand(deps, arg), failures),
  ];
}
