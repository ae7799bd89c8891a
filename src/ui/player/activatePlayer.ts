import * as vscode from 'vscode';
import type { Session, Stream } from '../../api';
import type { Account } from '../account/account';
import { registerCommand } from '../common/commands';
import { shortDateTime, shownName } from '../common/format';
import type { Prompts } from '../common/prompts';
import type { PrivateKeys } from '../keys/privateKeys';
import { pickStreamOrAsset } from '../common/contentPicker';
import { playbackTargetOf } from '../common/playbackTarget';
import type { PlayTarget } from './playbackPlan';
import { PlayerPanel } from './playerPanel';
import { COMMANDS } from '../common/commandIds';

export { PlayerPanel } from './playerPanel';

/** A row's content: an asset or stream row (its `playback`), a recorded session row (its `session`), or a playback id. */
function targetOf(arg: unknown): PlayTarget | undefined {
  const row = arg as { stream?: Stream; session?: Session; parent?: Stream } | undefined;
  const given = playbackTargetOf(arg);
  // A stream row (not a historic session object listed as a stream) can be clipped while live.
  const stream = row?.stream && !row.stream.parentId ? { clipOf: { streamId: row.stream.id } } : {};
  if (given) return { playbackId: given.playbackId, ...(given.name ? { name: given.name } : {}), ...stream };
  const playbackId = row?.session?.playbackId;
  if (!playbackId) return undefined;
  const clip = row?.parent?.id ? { clipOf: { streamId: row.parent.id, session: row.session } } : {};
  return { playbackId, name: `${row?.parent?.name ?? vscode.l10n.t('Recording')} · ${shortDateTime(row?.session?.createdAt)}`, ...clip };
}

/** Play from the palette: live streams first, then the other streams (the player waits for them) and ready assets. */
async function pickTarget(session: Account, prompts: Prompts): Promise<PlayTarget | undefined> {
  const picked = await pickStreamOrAsset(session, prompts, vscode.l10n.t('Play which stream or asset?'));
  if (picked?.kind === 'stream' && picked.stream.playbackId) {
    return { playbackId: picked.stream.playbackId, name: shownName(picked.stream), clipOf: { streamId: picked.stream.id } };
  }
  if (picked?.kind === 'asset' && picked.asset.playbackId) return { playbackId: picked.asset.playbackId, name: shownName(picked.asset) };
  return undefined;
}

/** The player panel and its Play command. */
export function activatePlayer(deps: { session: Account; prompts: Prompts; privateKeys: PrivateKeys; extensionUri: vscode.Uri }): { disposables: vscode.Disposable[] } {
  const player = new PlayerPanel(deps);
  const play = async (arg?: unknown) => {
    const target = targetOf(arg) ?? (await pickTarget(deps.session, deps.prompts));
    if (target) await player.play(target);
  };
  return { disposables: [player, registerCommand(COMMANDS.player.play, play, { prompts: deps.prompts, failed: (reason) => vscode.l10n.t('Livepeer: opening the player: {0}', reason) })] };
}
