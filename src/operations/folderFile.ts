import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Refused } from './refusal';

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
  if (!folders.length) throw new Refused({ code: 'file-no-folder' });
  const roots = (await Promise.all(folders.map((folder) => fs.realpath(folder).catch(() => undefined)))).filter((root) => root !== undefined);
  const candidates = path.isAbsolute(given) ? [given] : folders.map((folder) => path.resolve(folder, given));
  for (const candidate of candidates) {
    const real = await fs.realpath(candidate).catch(() => undefined);
    if (!real) continue;
    if (!roots.some((root) => isInside(root, real))) throw new Refused({ code: 'file-outside', path: given });
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new Refused({ code: 'file-not-file', path: given });
    return { path: real, size: stat.size };
  }
  throw new Refused({ code: 'file-not-found', path: given });
}
