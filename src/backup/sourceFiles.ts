import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { messageOf, type Asset } from '../api';
import { downloadFile, partPathOf } from '../download/rangeDownload';

/** Where a backup puts the assets' source files, inside the chosen folder. */
export const SOURCES_FOLDER = 'source files';

/** An asset's file in a backup: by its id, which no rename changes, so a second backup finds it. */
export function sourceFileName(asset: Pick<Asset, 'id'>): string {
  return `${asset.id.replace(/[^\w.-]+/g, '_')}.mp4`;
}

/** How one asset's source file fared: saved now, already there, or failed (with why, in words). */
export type FileOutcome = { asset: Asset; file: string } & ({ status: 'saved' | 'skipped' } | { status: 'failed'; reason: string });

/** The address to fetch an asset's file from (signed when its playback is), or why there is none. */
export type AddressOf = (asset: Asset) => Promise<{ url: string } | { reason: string }>;

export interface SourceFilesOptions {
  folder: string;
  addressOf: AddressOf;
  signal?: AbortSignal;
  /** Bytes on disk of the files this run fetches (resumed parts included), of their listed total. */
  onProgress?: (progress: { bytes: number; total: number; files: number; of: number }) => void;
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

/**
 * A file already there is whole: a download gets its name only once every byte arrived. With the
 * listed size, it must be that size too (an older version of the asset's file is fetched again).
 */
function alreadyThere(asset: Asset, file: string): boolean {
  const size = sizeOf(file);
  return size !== undefined && (asset.size === undefined || size === asset.size);
}

/**
 * Downloads each asset's source file into `<folder>/source files/` with the resumable download
 * (a part left by a cut continues), skipping a file already there; stops at the signal, keeping
 * the part. An asset that is not ready, or cannot be fetched, is a failure with its reason.
 */
export async function backUpSourceFiles(assets: readonly Asset[], options: SourceFilesOptions): Promise<FileOutcome[]> {
  const folder = path.join(options.folder, SOURCES_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const outcomes: FileOutcome[] = [];
  const toFetch: Array<{ asset: Asset; file: string }> = [];
  for (const asset of assets) {
    const file = path.join(folder, sourceFileName(asset));
    if (!asset.downloadUrl) outcomes.push({ asset, file, status: 'failed', reason: l10n.t('it has no file to download yet ({0})', asset.status?.phase ?? 'unknown') });
    else if (alreadyThere(asset, file)) outcomes.push({ asset, file, status: 'skipped' });
    else toFetch.push({ asset, file });
  }
  const total = toFetch.reduce((sum, { asset, file }) => sum + (asset.size ?? sizeOf(partPathOf(file)) ?? 0), 0);
  let finished = 0;
  for (const [index, { asset, file }] of toFetch.entries()) {
    if (options.signal?.aborted) break;
    const report = (bytes: number) => options.onProgress?.({ bytes: finished + bytes, total: Math.max(total, finished + bytes), files: index, of: toFetch.length });
    const address = await options.addressOf(asset);
    if ('reason' in address) {
      outcomes.push({ asset, file, status: 'failed', reason: address.reason });
      continue;
    }
    try {
      const { bytes } = await downloadFile({ url: address.url, target: file, signal: options.signal, expectedBytes: asset.size, onProgress: report });
      finished += bytes;
      outcomes.push({ asset, file, status: 'saved' });
    } catch (error) {
      if (options.signal?.aborted) break;
      finished += sizeOf(partPathOf(file)) ?? 0;
      outcomes.push({ asset, file, status: 'failed', reason: messageOf(error) });
    }
  }
  return outcomes;
}
