import { execFile } from 'node:child_process';
import { dirname } from 'node:path';

function git(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 10_000 }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout: stdout.toString().trim() });
    });
  });
}

/**
 * The git work tree a file would be committed from: its top folder when the file is inside a work
 * tree and not ignored, otherwise undefined (also when git is not installed).
 */
export async function gitExposure(file: string): Promise<string | undefined> {
  const dir = dirname(file);
  const top = await git(dir, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0 || !top.stdout) return undefined;
  // check-ignore: 0 = ignored, 1 = not ignored, anything else = could not tell (say nothing).
  const ignored = await git(dir, ['check-ignore', '-q', '--', file]);
  return ignored.code === 1 ? top.stdout : undefined;
}
