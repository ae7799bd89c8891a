import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Ends the process group `groupId` (the VS Code server runs in its own, so that its extension
 * host and watchers go with it) whenever this process ends, however it ends:
 * - a normal exit or an uncaught exception: the `exit` handler kills the group at once;
 * - SIGKILL or a crash no handler sees: a watcher process holds this one's end of a pipe and
 *   kills the group when the pipe closes (the kernel closes it when this process dies).
 * Without this the server lived on with parent 1 after the demo died (issue 36).
 */
export function endWithThisProcess(groupId: number): void {
  const kill = () => {
    try {
      process.kill(-groupId, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', kill);
  const watcher = `process.stdin.resume(); process.stdin.on('close', () => { try { process.kill(-${groupId}, 'SIGTERM'); } catch {} process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', watcher], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  // The watcher must not keep this process alive, nor die with this process's group on Ctrl+C before it has done its work.
  child.unref();
  (child.stdin as Socket).unref();
}
