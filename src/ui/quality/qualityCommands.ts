import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { shownName } from '../common/format';
import { pickStreamOrAsset } from '../common/contentPicker';
import type { QualityTarget } from './qualityModel';
import { QualityPanel } from './qualityPanel';
import type { QualityDeps } from './registerQuality';

/** An asset row or a stream row (the element VS Code passes to a row's command), or one picked from the palette. */
function targetOf(arg: unknown): QualityTarget | undefined {
  const row = arg as { asset?: { id?: string; name?: string }; stream?: { id?: string; name?: string } } | undefined;
  if (row?.asset?.id) return { kind: 'asset', id: row.asset.id, name: shownName({ name: row.asset.name, id: row.asset.id }) };
  if (row?.stream?.id) return { kind: 'stream', id: row.stream.id, name: shownName({ name: row.stream.name, id: row.stream.id }) };
  return undefined;
}

/** Quality and Usage of an asset or a stream (from its row), and the account's usage: one panel each, reused. */
export function registerQualityCommands(deps: QualityDeps): vscode.Disposable[] {
  const panels = new Map<string, QualityPanel>();
  const open = (target: QualityTarget) => {
    const key = target.kind === 'account' ? 'account' : `${target.kind}:${target.id}`;
    const open = panels.get(key);
    if (open) return open.reveal();
    panels.set(key, new QualityPanel(deps, target, () => panels.delete(key)));
  };
  const failures = { prompts: deps.prompts, what: vscode.l10n.t('opening Quality and Usage') };
  return [
    registerCommand(COMMANDS.quality.show, async (arg?: unknown) => {
      const target = targetOf(arg) ?? targetOf(await pickStreamOrAsset(deps.session, deps.prompts, vscode.l10n.t('Quality and usage of which stream or asset?')));
      if (target) open(target);
    }, failures),
    registerCommand(COMMANDS.quality.showAccount, () => open({ kind: 'account', name: deps.session.profile?.name ?? '' }), failures),
    { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
  ];
}
