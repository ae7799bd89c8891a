import * as vscode from 'vscode';
import type { Asset, AssetWatcher } from '../../api';
import type { Account } from '../account/account';
import { COMMANDS } from './commandIds';
import { SERVICE_TEXT_CHARS, quoted, serviceText, shownName } from './format';
import type { Prompts } from './prompts';
import { onProfileOf } from '../profiles/profileGuard';

// Loaded on first use by the imports, uploads and clips this machine starts (each through `await import`).

/** What made the asset on this machine. */
export type TaskOrigin = 'import' | 'upload' | 'clip';

const PLAY = { title: vscode.l10n.t('Play') };
const COPY_PLAYBACK_URL = { title: vscode.l10n.t('Copy Playback URL') };
const WHY = { title: vscode.l10n.t('Why?') };

/** Assets whose end was announced (or is being followed): once each, whatever follows them. */
const announced = new Set<string>();

function readyText(origin: TaskOrigin, name: string): string {
  if (origin === 'upload') return vscode.l10n.t('Livepeer: {0} is uploaded and ready.', name);
  if (origin === 'clip') return vscode.l10n.t('Livepeer: clip {0} is ready.', name);
  return vscode.l10n.t('Livepeer: {0} is imported and ready.', name);
}

function failedText(origin: TaskOrigin, name: string, reason: string): string {
  if (origin === 'upload') return vscode.l10n.t('Livepeer: {0} was uploaded but the service could not process it: {1}', name, reason);
  if (origin === 'clip') return vscode.l10n.t('Livepeer: clip {0} failed: {1}', name, reason);
  return vscode.l10n.t('Livepeer: importing {0} failed: {1}', name, reason);
}

export interface EndDeps {
  prompts: Prompts;
  session: Account;
}

/**
 * Says once that the task of this machine that makes `asset` (of profile `profileId`) ended: ready
 * (Play, Copy Playback URL) or failed with the service's reason (Why?, which opens Why Is This Not
 * Ready?). Nothing for an asset still processing, or one already announced. An action clicked once
 * another profile is current says whose asset it is instead of asking the current account.
 */
export function announceEnd(deps: EndDeps, origin: TaskOrigin, asset: Pick<Asset, 'id' | 'name' | 'playbackId' | 'status'>, profileId: string | undefined): void {
  const phase = asset.status?.phase;
  if ((phase !== 'ready' && phase !== 'failed') || announced.has(`${asset.id}:end`)) return;
  announced.add(`${asset.id}:end`);
  const name = quoted(shownName(asset));
  const run = (command: string, arg: unknown) => void onProfileOf(deps.session, deps.prompts, profileId, () => vscode.commands.executeCommand(command, arg));
  if (phase === 'ready') {
    void deps.prompts.message('info', readyText(origin, name), {}, PLAY, COPY_PLAYBACK_URL).then((action) => {
      if (action === PLAY) run(COMMANDS.player.play, asset.playbackId);
      if (action === COPY_PLAYBACK_URL) run(COMMANDS.assets.copyPlaybackUrl, asset.id);
    });
  } else {
    const reason = asset.status?.errorMessage ? serviceText(asset.status.errorMessage, SERVICE_TEXT_CHARS.line) : vscode.l10n.t('no reason given');
    void deps.prompts.message('error', failedText(origin, name, reason), {}, WHY).then((action) => {
      if (action === WHY) run(COMMANDS.assets.whyNotReady, asset.id);
    });
  }
}

/** A retried asset runs anew: its new end is followed and said, as the first one was. */
export function forgetEnd(assetId: string): void {
  announced.delete(assetId);
  announced.delete(`${assetId}:end`);
}

/** The Tasks view reads its list again: what this window started shows at once, and its end as soon as it is seen. */
function showInTasks(): void {
  void vscode.commands.executeCommand(COMMANDS.tasks.refresh);
}

/**
 * Follows an asset this machine's import, clip or retry makes (in the current profile) until it is
 * ready or failed, then announces it (once); the Tasks view shows its task from the start.
 */
export function followToEnd(deps: EndDeps & { watcher: AssetWatcher; onSettled?: (asset: Asset) => void }, origin: TaskOrigin, asset: Asset): void {
  showInTasks();
  if (announced.has(asset.id)) return;
  announced.add(asset.id);
  const profileId = deps.session.profile?.id;
  const subscription = deps.watcher.subscribe(asset.id, {
    onUpdate: (fresh) => {
      const phase = fresh.status?.phase;
      if (phase !== 'ready' && phase !== 'failed') return;
      subscription.dispose();
      deps.onSettled?.(fresh);
      showInTasks();
      announceEnd(deps, origin, fresh, profileId);
    },
    onGone: () => subscription.dispose(),
  });
}
