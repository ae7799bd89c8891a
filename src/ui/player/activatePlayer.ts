import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { registerCommand } from '../common/commands';
import { shortDateTime } from '../common/format';
import type { Prompts } from '../common/prompts';
import type { PrivateKeys } from '../keys/privateKeys';
import { playbackTargetOf } from '../common/playbackTarget';
import type { PlayTarget } from './playbackPlan';
import { PlayerPanel } from './playerPanel';
import { COMMANDS } from '../common/commandIds';

export { PlayerPanel } from './playerPanel';

/** A row's content: an asset or stream row (its `playback`), a recorded session row (its `session`), or a playback id. */
function targetOf(arg: unknown): PlayTarget | undefined {
  const given = playbackTargetOf(arg);
  if (given) return { playbackId: given.playbackId, ...(given.name ? { name: given.name } : {}) };
  const row = arg as { session?: { playbackId?: string; createdAt?: number }; parent?: { name?: string } } | undefined;
  const playbackId = row?.session?.playbackId;
  return playbackId ? { playbackId, name: `${row?.parent?.name ?? vscode.l10n.t('Recording')} · ${shortDateTime(row?.session?.createdAt)}` } : undefined;
}

/** Play from the palette: live streams first, then the other streams (the player waits for them) and ready assets. */
async function pickTarget(session: Account, prompts: Prompts): Promise<PlayTarget | undefined> {
  const client = session.client();
  const [streams, assets] = await Promise.all([client.streams.list({ streamsOnly: true }), client.assets.listPage({ phase: 'ready' }, undefined, 100)]);
  const byLive = [...streams].sort((a, b) => Number(!!b.isActive) - Number(!!a.isActive));
  const items = [
    ...byLive.map((s) => ({ label: `$(broadcast) ${s.name || s.id}`, description: s.isActive ? vscode.l10n.t('live') : vscode.l10n.t('offline'), playbackId: s.playbackId, name: s.name || s.id })),
    ...assets.items.map((a) => ({ label: `$(file-media) ${a.name || a.id}`, description: vscode.l10n.t('asset'), playbackId: a.playbackId, name: a.name || a.id })),
  ].filter((item): item is typeof item & { playbackId: string } => !!item.playbackId);
  if (!items.length) {
    void prompts.message('info', vscode.l10n.t('Livepeer: nothing to play yet: no stream and no ready asset in this project.'), {});
    return undefined;
  }
  const picked = await prompts.pick(items, { placeHolder: vscode.l10n.t('Play which stream or asset?'), matchOnDescription: true });
  return picked && { playbackId: picked.playbackId, name: picked.name };
}

/** The player panel and its Play command. */
export function activatePlayer(deps: { session: Account; prompts: Prompts; privateKeys: PrivateKeys; extensionUri: vscode.Uri }): { player: PlayerPanel; disposables: vscode.Disposable[] } {
  const player = new PlayerPanel(deps);
  const play = async (arg?: unknown) => {
    const target = targetOf(arg) ?? (await pickTarget(deps.session, deps.prompts));
    if (target) await player.play(target);
  };
  return { player, disposables: [player, registerCommand(COMMANDS.player.play, play, { prompts: deps.prompts, what: 'opening the player' })] };
}
