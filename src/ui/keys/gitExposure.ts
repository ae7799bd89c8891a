import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';

function git(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 10_000 }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout: stdout.toString().trim() });
    });
  });
}

/** The nearest folder at or above `dir` holding a `.git`, found without running git. */
async function folderWithGit(dir: string): Promise<string | undefined> {
  for (let current = dir; ; current = dirname(current)) {
    if (await stat(join(current, '.git')).then(() => true, () => false)) return current;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The git work tree a file would be committed from: its top folder when the file is inside a work
 * tree and not ignored, otherwise undefined (also when git is not installed). In Restricted Mode
 * git is not run (a folder's own git configuration can make it run programs, e.g. core.fsmonitor):
 * any work tree above the file counts, ignored or not.
 */
export async function gitExposure(file: string, trusted = vscode.workspace.isTrusted): Promise<string | undefined> {
  const dir = dirname(file);
  if (!trusted) return folderWithGit(dir);
  const top = await git(dir, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0 || !top.stdout) return undefined;
  // check-ignore: 0 = ignored, 1 = not ignored, anything else = could not tell (say nothing).
  const ignored = await git(dir, ['check-ignore', '-q', '--', file]);
  return ignored.code === 1 ? top.stdout : undefined;
}
