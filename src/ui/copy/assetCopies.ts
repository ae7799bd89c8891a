import * as vscode from 'vscode';
import { isSettled, type Asset, type AssetWatcher } from '../../api';
import { copyAsset, keptKeySigner } from '../../operations/profileCopy';
import { quoted, SERVICE_TEXT_CHARS, serviceText, shownName } from '../common/format';
import { failedWithRetry, planned, reasonOf, said, type CopyDeps, type CopyTarget } from './copyTarget';

type Signer = (playbackId: string) => string;

/** One asset's copy: ready there, failed (why), or not followed to its end (cancelled). */
interface Outcome {
  asset: Asset;
  end: 'ready' | 'failed' | 'cancelled' | 'not started';
  problem?: string;
}

/** Resolves with the copy once the target's service settled it (read with the target profile's client), or undefined when it was cancelled or is gone. */
function settled(watcher: AssetWatcher, account: string, copy: Asset, signal: AbortSignal): Promise<Asset | undefined> {
  if (isSettled(copy)) return Promise.resolve(copy);
  return new Promise((resolve) => {
    const done = (asset: Asset | undefined) => {
      subscription.dispose();
      signal.removeEventListener('abort', cancel);
      resolve(asset);
    };
    const cancel = () => done(undefined);
    const subscription = watcher.subscribe(copy.id, { account, onUpdate: (asset) => isSettled(asset) && done(asset), onGone: () => done(undefined) });
    signal.addEventListener('abort', cancel);
    if (signal.aborted) cancel();
  });
}

/** Imports each asset into the target one after another, and follows each copy to its end; Cancel stops both (the imports started go on there). */
async function copyEach(deps: CopyDeps, target: CopyTarget, assets: Asset[], sign: Signer | undefined, report: (message: string) => void, signal: AbortSignal): Promise<Outcome[]> {
  let ready = 0;
  const say = () => report(vscode.l10n.t('{0} of {1} ready', ready, assets.length));
  say();
  const followed: Array<Promise<Outcome>> = [];
  for (const asset of assets) {
    if (signal.aborted) {
      followed.push(Promise.resolve({ asset, end: 'not started' }));
      continue;
    }
    try {
      const { asset: copy } = await copyAsset(target.client, asset, sign);
      followed.push(
        settled(deps.watcher, target.profile.id, copy, signal).then((end): Outcome => {
          if (!end) return { asset, end: 'cancelled' };
          if (end.status?.phase === 'failed') return { asset, end: 'failed', problem: serviceText(end.status.errorMessage ?? vscode.l10n.t('its processing failed'), SERVICE_TEXT_CHARS.line) };
          ready += 1;
          say();
          return { asset, end: 'ready' };
        }),
      );
    } catch (error) {
      followed.push(Promise.resolve({ asset, end: 'failed', problem: reasonOf(error) }));
    }
  }
  return Promise.all(followed);
}

/** Says how the copies ended: the ready ones together, each failure on its own with Retry, what a Cancel left going. */
function summarize(deps: CopyDeps, target: CopyTarget, outcomes: Outcome[]): void {
  const profile = target.profile.name;
  const ready = outcomes.filter((outcome) => outcome.end === 'ready');
  const [only] = ready;
  if (ready.length === 1 && only) deps.prompts.notify('info', vscode.l10n.t('Livepeer: {0} copied to profile “{1}”: ready there, with its name and playback policy.', quoted(shownName(only.asset)), profile));
  else if (ready.length > 1) deps.prompts.notify('info', vscode.l10n.t('Livepeer: {0} assets copied to profile “{1}”: ready there, with their names and playback policies.', ready.length, profile));
  for (const { asset, end, problem } of outcomes) {
    if (end !== 'failed') continue;
    const message = vscode.l10n.t('Livepeer: copying {0} to profile “{1}” failed: {2}', quoted(shownName(asset)), profile, problem ?? '');
    void failedWithRetry(deps, message, () => copyAssets(deps, target, [asset]));
  }
  const going = outcomes.filter((outcome) => outcome.end === 'cancelled').length;
  const notStarted = outcomes.filter((outcome) => outcome.end === 'not started').length;
  if (going || notStarted) deps.prompts.notify('info', vscode.l10n.t('Livepeer: copying to profile “{0}” cancelled. Imports started there, which go on: {1}; not started: {2}.', profile, going, notStarted));
}

/**
 * Copies `assets` into the target profile's project: those there already and those that cannot be
 * copied are said first, then the others are imported from their download addresses (signed ones
 * with a token of a kept private key), in one cancellable progress until each is ready or failed.
 */
export async function copyAssets(deps: CopyDeps, target: CopyTarget, assets: Asset[]): Promise<void> {
  const sign = assets.some((asset) => asset.playbackPolicy?.type === 'jwt') ? await keptKeySigner(deps.session.client(), (key) => deps.privateKeys.get(key.id)) : undefined;
  const steps = await planned(deps, target, assets.map((asset) => ({ kind: 'asset', asset })), !!sign);
  if (!steps) return;
  const toCopy = assets.filter((asset, index) => {
    const step = steps[index];
    const name = quoted(shownName(asset));
    return !!step && said(deps, step, name, target, vscode.l10n.t('Livepeer: {0} is in profile “{1}” already (asset {2}): nothing was copied.', name, target.profile.name, step.action === 'exists' ? step.id : ''));
  });
  if (!toCopy.length) return;
  const title = vscode.l10n.t('Livepeer: copying {0} assets to profile “{1}”', toCopy.length, target.profile.name);
  const outcomes = await deps.prompts.progress(title, async (report, cancellation) => {
    const aborts = new AbortController();
    const subscription = cancellation.onCancellationRequested(() => aborts.abort());
    try {
      return await copyEach(deps, target, toCopy, sign, report, aborts.signal);
    } finally {
      subscription.dispose();
    }
  });
  summarize(deps, target, outcomes);
}
