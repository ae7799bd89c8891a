import * as vscode from 'vscode';
import type { PlaybackTarget } from '../common/playbackTarget';
import { shownName } from '../common/format';
import type { KeyCommandContext } from './keyPicker';

// Loaded on first use, as its own bundle (esbuild.mjs): only the playback commands and a rotation's check ask it.
const PLAYBACK_ID = /^[a-z0-9]{8,64}$/i;

/**
 * Asks which playback id to use: the account's streams with signed playback, or one typed in.
 * With `skippable`, "Skip the Check" resolves 'skip'. Undefined when dismissed.
 */
export async function pickPlaybackTarget(ctx: KeyCommandContext, placeHolder: string, skippable = false): Promise<PlaybackTarget | 'skip' | undefined> {
  const client = ctx.session.client();
  // The newest 100 ready assets: older ones can be typed in, or signed from their row in the Assets view.
  const [streams, assets] = await Promise.all([client.streams.list({ streamsOnly: true }), client.assets.listPage({ phase: 'ready' }, undefined, 100)]);
  type Item = { label: string; description?: string; detail?: string; target?: PlaybackTarget; action?: 'type' | 'skip' };
  const signed = [
    ...streams.map((s) => ({ icon: 'broadcast', name: shownName(s), playbackId: s.playbackId, policy: s.playbackPolicy })),
    ...assets.items.map((a) => ({ icon: 'file-media', name: shownName(a), playbackId: a.playbackId, policy: a.playbackPolicy })),
  ].filter((c) => c.playbackId && c.policy?.type === 'jwt');
  const items: Item[] = signed.map((c) => ({ label: `$(${c.icon}) ${c.name}`, description: c.playbackId, target: { playbackId: c.playbackId!, name: c.name, policy: c.policy } }));
  items.push({ label: vscode.l10n.t('$(edit) Enter a Playback ID…'), detail: vscode.l10n.t('of a stream or asset with signed playback'), action: 'type' });
  if (skippable) items.push({ label: vscode.l10n.t('$(debug-step-over) Skip the Check'), detail: vscode.l10n.t('continue without asking the service whether playback works'), action: 'skip' });
  const picked = await ctx.prompts.pick(items, { placeHolder, matchOnDescription: true });
  if (!picked) return undefined;
  if (picked.action === 'skip') return 'skip';
  if (picked.target) return picked.target;
  const typed = await ctx.prompts.input({
    title: vscode.l10n.t('Livepeer: Playback ID'),
    prompt: vscode.l10n.t('The playback id of a stream or asset with signed playback'),
    validateInput: (value) => (PLAYBACK_ID.test(value.trim()) ? undefined : vscode.l10n.t('A playback id is 8 or more letters and digits')),
  });
  return typed?.trim() ? { playbackId: typed.trim() } : undefined;
}
