import * as vscode from 'vscode';
import { withPlaybackJwt, type Asset, type StudioClient } from '../../api';
import { readInventory, writeInventory, type AccountInventory } from '../../backup/inventory';
import { backUpSourceFiles, type AddressOf, type FileOutcome } from '../../backup/sourceFiles';
import type { Account } from '../account/account';
import { setToken } from '../account/tokenCommands';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { reportError } from '../common/errorReporting';
import { byteSize, quoted, serviceText, shownName } from '../common/format';
import type { Prompts } from '../common/prompts';
import { keptSigner } from '../keys/keptSigner';
import type { PrivateKeys } from '../keys/privateKeys';

// Loaded at the first Back Up Account… (see index.ts).

interface Deps {
  session: Account;
  prompts: Prompts;
  privateKeys: PrivateKeys;
}

type Scope = 'inventory' | 'all' | 'selected';

const SCOPES: Array<vscode.QuickPickItem & { scope: Scope }> = [
  { scope: 'inventory', label: vscode.l10n.t('Inventory Only'), description: vscode.l10n.t('account.json and assets.csv: assets, streams, signing keys, webhooks, the project') },
  { scope: 'all', label: vscode.l10n.t('Inventory and Every Source File'), description: vscode.l10n.t('each asset’s file too; files already in the folder are not fetched again') },
  { scope: 'selected', label: vscode.l10n.t('Inventory and Selected Source Files'), description: vscode.l10n.t('choose the assets whose files to download') },
];

/** A download's playback token lives this long: a large backup on a slow link takes a while. */
const TOKEN_SECONDS = 60 * 60;

/** How a backup ended, as its last message says it. */
export interface BackupSummary {
  folder: string;
  saved: number;
  skipped: number;
  failed: Array<{ name: string; reason: string }>;
  stopped: boolean;
}

export function registerBackupCommand(deps: Deps): vscode.Disposable[] {
  return [registerCommand(COMMANDS.backup.account, () => backUpAccount(deps))];
}

/** The asset's file address, with a playback token signed by a kept private key when its playback is signed. */
function addressOf(deps: Deps, client: StudioClient): AddressOf {
  return async (asset) => {
    const url = asset.downloadUrl ?? '';
    if (asset.playbackPolicy?.type !== 'jwt' || !asset.playbackId) return { url };
    const sign = await keptSigner({ client, privateKeys: deps.privateKeys }, asset.playbackId, TOKEN_SECONDS);
    if (sign) return { url: withPlaybackJwt(url, sign()) };
    return { reason: vscode.l10n.t('its playback is signed, and no private key of an enabled signing key is kept in VS Code to sign a token for its download') };
  };
}

/** The assets whose files to download, chosen among those that have one. */
async function pickAssets(prompts: Prompts, inventory: AccountInventory): Promise<Asset[] | undefined> {
  const items = inventory.assets
    .filter((asset) => asset.downloadUrl)
    .map((asset) => ({ label: shownName(asset), description: asset.size === undefined ? '' : byteSize(asset.size), asset }));
  const picked = await prompts.pickMany(items, { title: vscode.l10n.t('Livepeer: Back Up Account'), placeHolder: vscode.l10n.t('Select the assets whose source files to download') });
  return picked?.length ? picked.map((item) => item.asset) : undefined;
}

function summaryOf(folder: string, outcomes: FileOutcome[], stopped: boolean): BackupSummary {
  const count = (status: FileOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const failed = outcomes.flatMap((o) => (o.status === 'failed' ? [{ name: quoted(shownName(o.asset)), reason: o.reason }] : []));
  return { folder, saved: count('saved'), skipped: count('skipped'), failed, stopped };
}

function say(prompts: Prompts, scope: Scope, summary: BackupSummary): void {
  const { folder, saved, skipped, failed } = summary;
  if (summary.stopped) {
    prompts.notify('info', vscode.l10n.t('Livepeer: backup stopped (source files saved: {0}). Back Up Account… into {1} again continues where it stopped.', saved, folder));
  } else if (scope === 'inventory') {
    prompts.notify('info', vscode.l10n.t('Livepeer: saved the account’s inventory (account.json, assets.csv) to {0}.', folder));
  } else if (!failed.length) {
    prompts.notify('info', vscode.l10n.t('Livepeer: backed up the account to {0}. Source files saved: {1}; already there: {2}.', folder, saved, skipped));
  } else {
    const why = serviceText(failed.map((f) => vscode.l10n.t('{0}: {1}', f.name, f.reason)).join('; '), 600);
    prompts.notify('warning', vscode.l10n.t('Livepeer: backed up the account to {0}. Source files saved: {1}; already there: {2}; failed: {3} ({4}).', folder, saved, skipped, failed.length, why));
  }
}

/**
 * Back Up Account…: what to back up, into which folder (chosen each time, never read from
 * settings), then one cancellable progress: the inventory written, then each source file fetched
 * (files already there skipped, a part left by a stop continued), and a summary.
 */
async function backUpAccount(deps: Deps): Promise<BackupSummary | undefined> {
  const { session, prompts } = deps;
  const abort = new AbortController();
  const title = vscode.l10n.t('Livepeer: Back Up Account');
  try {
    if (!(await session.signedIn()) && !(await setToken(session, prompts))) return undefined;
    const scope = (await prompts.pick(SCOPES, { title, placeHolder: vscode.l10n.t('What to back up') }))?.scope;
    if (!scope) return undefined;
    const chosen = await prompts.openDialog({ title, canSelectFiles: false, canSelectFolders: true, canSelectMany: false, openLabel: vscode.l10n.t('Back Up Here') });
    const folder = chosen?.[0]?.fsPath;
    if (!folder) return undefined;
    const client = session.client();
    let inventory: AccountInventory | undefined;
    let selected: Asset[] | undefined;
    if (scope === 'selected') {
      inventory = await prompts.progress(vscode.l10n.t('Livepeer: reading the account'), (_report, cancelled) => {
        cancelled.onCancellationRequested(() => abort.abort());
        return readInventory(client, abort.signal);
      });
      selected = await pickAssets(prompts, inventory);
      if (!selected) return undefined;
    }
    const summary = await prompts.progress(vscode.l10n.t('Livepeer: backing up the account to {0}', folder), async (report, cancelled) => {
      report(vscode.l10n.t('reading the account'));
      cancelled.onCancellationRequested(() => abort.abort());
      const listed = inventory ?? (await readInventory(client, abort.signal));
      writeInventory(folder, listed);
      if (scope === 'inventory') return summaryOf(folder, [], false);
      const outcomes = await backUpSourceFiles(selected ?? listed.assets, {
        folder,
        signal: abort.signal,
        addressOf: addressOf(deps, client),
        onProgress: ({ bytes, total, files, of }) => report(vscode.l10n.t('file {0} of {1}: {2} of {3}', files + 1, of, byteSize(bytes), byteSize(total))),
      });
      return summaryOf(folder, outcomes, abort.signal.aborted);
    });
    say(prompts, scope, summary);
    return summary;
  } catch (error) {
    if (abort.signal.aborted) prompts.notify('info', vscode.l10n.t('Livepeer: backup stopped before the account was read; nothing was written.'));
    else reportError(prompts, (reason) => vscode.l10n.t('Livepeer: backing up the account: {0}', reason), error);
    return undefined;
  }
}
