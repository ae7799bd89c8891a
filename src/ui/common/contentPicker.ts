import * as vscode from 'vscode';
import type { Asset, Stream } from '../../api';
import type { Account } from '../account/account';
import { shownName } from './format';
import type { Prompts } from './prompts';

export type PickedContent = { kind: 'stream'; stream: Stream } | { kind: 'asset'; asset: Asset };

/**
 * From the palette, what a stream-or-asset command acts on (Play, Quality and Usage): the project's
 * streams, live first, then its ready assets. Undefined when cancelled, or when there is none (said).
 */
export async function pickStreamOrAsset(session: Account, prompts: Prompts, placeHolder: string): Promise<PickedContent | undefined> {
  const client = session.client();
  const [streams, assets] = await Promise.all([client.streams.list({ streamsOnly: true }), client.assets.listPage({ phase: 'ready' }, undefined, 100)]);
  const byLive = [...streams].sort((a, b) => Number(!!b.isActive) - Number(!!a.isActive));
  const items = [
    ...byLive.map((stream) => ({
      label: `$(broadcast) ${shownName(stream)}`,
      description: stream.isActive ? vscode.l10n.t('live') : vscode.l10n.t('offline'),
      content: { kind: 'stream' as const, stream },
    })),
    ...assets.items.map((asset) => ({ label: `$(file-media) ${shownName(asset)}`, description: vscode.l10n.t('asset'), content: { kind: 'asset' as const, asset } })),
  ];
  if (!items.length) {
    prompts.notify('info', vscode.l10n.t('Livepeer: there is no stream and no ready asset in this project yet.'));
    return undefined;
  }
  return (await prompts.pick(items, { placeHolder, matchOnDescription: true }))?.content;
}
