import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface FolderFile {
  /** The file's real path (every symlink resolved). */
  path: string;
  size: number;
}

/** Whether `file` lies below `root` (both real paths). */
function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
}

/**
 * The file `given` names inside one of `folders` (relative to one of them, or absolute), with every
 * symlink resolved, the file's and the folders': a path or a link that leads outside them is
 * refused, so a tool cannot send a file of the machine the user did not open. Throws what is wrong.
 */
export async function fileInsideFolders(given: string, folders: readonly string[]): Promise<FolderFile> {
  if (!folders.length) throw new Error('no folder is open: open the folder that holds the video, then ask again');
  const roots = (await Promise.all(folders.map((folder) => fs.realpath(folder).catch(() => undefined)))).filter((root) => root !== undefined);
  const candidates = path.isAbsolute(given) ? [given] : folders.map((folder) => path.resolve(folder, given));
  for (const candidate of candidates) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (!real) continue;
    if (!roots.some((root) => isInside(root, real))) throw new Error(`${given} is outside the open folders (links followed): only files inside them can be uploaded`);
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new Error(`${given} is not a file`);
    return { path: real, size: stat.size };
  }
  throw new Error(`${given} was not found in the open folders`);
}

/** A size as a confirmation says it: "12.5 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 1_000) return `${bytes} bytes`;
  const [unit, scale] = bytes < 1e6 ? ['KB', 1e3] : bytes < 1e9 ? ['MB', 1e6] : ['GB', 1e9];
  return `${(bytes / scale).toFixed(1)} ${unit}`;
}
