import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { withPlaybackJwt, type Asset } from '../../api';
import { DownloadError, downloadFile, partPathOf } from '../../download/rangeDownload';
import { CREATE_SIGNING_KEY, RETRY } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { reportError } from '../common/errorReporting';
import { byteSize, phaseOf, quoted, shownName } from '../common/format';
import { resolveAsset, type AssetCommandContext } from './assetCommands';
import { keptSigner } from '../keys/keptSigner';
import type { PrivateKeys } from '../keys/privateKeys';

// Loaded at the first Download… (see activateAssets.ts).

type DownloadContext = AssetCommandContext & { privateKeys: PrivateKeys };

/** A download's playback token lives this long: a large file on a slow link takes a while. */
const DOWNLOAD_TOKEN_SECONDS = 60 * 60;

/** A file offered: its address and its size as the service lists it (a rendition's, else the asset's). */
type Choice = { label: string; url: string; bytes?: number };

/** The asset's source file and its MP4 renditions, each address once. */
async function choices(ctx: Pick<AssetCommandContext, 'session'>, asset: Asset): Promise<Choice[]> {
  const found: Choice[] = asset.downloadUrl ? [{ label: vscode.l10n.t('Source file'), url: asset.downloadUrl, bytes: asset.size }] : [];
  const sources = asset.playbackId ? await ctx.session.client().playback.get(asset.playbackId).then((info) => info.meta.source, () => []) : [];
  for (const source of sources.filter((s) => s.hrn === 'MP4' && !found.some((f) => f.url === s.url))) {
    found.push({ label: source.height ? vscode.l10n.t('MP4 {0}p', source.height) : vscode.l10n.t('MP4'), url: source.url, bytes: source.size ?? asset.size });
  }
  return found;
}

/** "<first workspace folder>/<asset name>.mp4" (the home folder without a workspace). */
function defaultTarget(asset: Asset): vscode.Uri {
  const base = (asset.name || asset.id).replace(/[\\/:*?"<>|]+/g, '_');
  const name = path.extname(base) ? base : `${base}.mp4`;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  return vscode.Uri.joinPath(folder, name);
}

/**
 * Download…: the asset's source (or an MP4 rendition) into a file chosen in a save dialog, with a
 * cancellable progress. A cancel or a failure keeps `<file>.part`; Download… to the same file again
 * (the dialog proposes it) continues from there, after a reload too.
 */
export async function downloadAssetCommand(ctx: DownloadContext, arg: unknown): Promise<string | undefined> {
  try {
    const asset = await resolveAsset(ctx, arg as Asset | undefined, vscode.l10n.t('Select the asset to download'));
    if (!asset) return undefined;
    const name = quoted(shownName(asset));
    if (phaseOf(asset) !== 'ready') {
      ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} can be downloaded once it is ready.', name));
      return undefined;
    }
    const offered = await choices(ctx, asset);
    const chosen = offered.length > 1 ? await ctx.prompts.pick(offered, { title: vscode.l10n.t('Livepeer: Download {0}', name) }) : offered[0];
    if (!offered.length) ctx.prompts.notify('info', vscode.l10n.t('Livepeer: {0} has no file to download.', name));
    if (!chosen) return undefined;
    const address = await addressOf(ctx, asset, chosen.url);
    if (!address) return undefined;
    const target = await ctx.prompts.saveDialog({ defaultUri: defaultTarget(asset), title: vscode.l10n.t('Livepeer: Download {0}', name), saveLabel: vscode.l10n.t('Download') });
    if (!target) return undefined;
    return await downloadTo(ctx, { name, address, file: target.fsPath, bytes: chosen.bytes });
  } catch (error) {
    reportError(ctx.prompts, (reason) => vscode.l10n.t('Livepeer: downloading the asset: {0}', reason), error);
    return undefined;
  }
}

/**
 * The address to download from at each attempt: as listed, or for signed content with a playback
 * token signed by a kept private key, fresh at each attempt (a Retry an hour later still has a valid
 * one). Undefined, and said, when signed content has no kept key to sign with.
 */
async function addressOf(ctx: DownloadContext, asset: Asset, url: string): Promise<(() => string) | undefined> {
  if (asset.playbackPolicy?.type !== 'jwt' || !asset.playbackId) return () => url;
  const sign = await keptSigner({ client: ctx.session.client(), privateKeys: ctx.privateKeys }, asset.playbackId, DOWNLOAD_TOKEN_SECONDS);
  if (sign) return () => withPlaybackJwt(url, sign());
  const text = vscode.l10n.t('Livepeer: {0} has signed playback, and no private key of an enabled signing key is kept in VS Code to sign a token for its download.', quoted(shownName(asset)));
  void ctx.prompts.message('warning', text, {}, CREATE_SIGNING_KEY).then((action) => action === CREATE_SIGNING_KEY && vscode.commands.executeCommand(COMMANDS.keys.create));
  return undefined;
}

/** A download asked for: what messages call it, where from (fresh at each attempt), where to, and its listed size. */
interface DownloadJob {
  name: string;
  address: () => string;
  file: string;
  bytes?: number;
}

/** Downloads with progress; says how it ended. Resolves the file's path when it is whole. */
async function downloadTo(ctx: DownloadContext, job: DownloadJob): Promise<string | undefined> {
  const { name, address, file } = job;
  const part = partPathOf(file);
  const kept = fs.existsSync(part) ? fs.statSync(part).size : 0;
  const title = kept ? vscode.l10n.t('Livepeer: downloading {0} (continuing after {1})', name, byteSize(kept)) : vscode.l10n.t('Livepeer: downloading {0}', name);
  const abort = new AbortController();
  try {
    await ctx.prompts.progress(title, (report, cancelled) => {
      cancelled.onCancellationRequested(() => abort.abort());
      return downloadFile({
        url: address(),
        target: file,
        signal: abort.signal,
        expectedBytes: job.bytes,
        onProgress: (bytes, total) => report(total ? vscode.l10n.t('{0} of {1} ({2} %)', byteSize(bytes), byteSize(total), Math.floor((bytes / total) * 100)) : byteSize(bytes)),
      });
    });
  } catch (error) {
    const have = byteSize(fs.existsSync(part) ? fs.statSync(part).size : 0);
    const partName = path.basename(part);
    if (abort.signal.aborted) {
      ctx.prompts.notify('info', vscode.l10n.t('Livepeer: download of {0} stopped; {1} kept in {2}. Download… it to the same file to continue.', name, have, partName));
      return undefined;
    }
    const reason = error instanceof DownloadError ? error.message : String((error as Error)?.message ?? error);
    const action = await ctx.prompts.message('error', vscode.l10n.t('Livepeer: downloading {0} failed: {1}. {2} kept in {3}; Retry continues from there.', name, reason, have, partName), {}, RETRY);
    return action === RETRY ? downloadTo(ctx, job) : undefined;
  }
  ctx.prompts.notify('info', vscode.l10n.t('Livepeer: downloaded {0} to {1}.', name, vscode.workspace.asRelativePath(file)));
  return file;
}
