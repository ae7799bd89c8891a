import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import { randomUUID } from 'node:crypto';

/** How long a writer waits for a lock another live process holds before giving up. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this is stale even if its pid is alive (a reused pid, another machine). */
const LOCK_STALE_MS = 30_000;
/**
 * A lock gets its owner's pid right after it is created. One still without a pid after this was
 * left by a process killed in between (or a full disk): taken over, not waited on for 30 s.
 */
export const EMPTY_LOCK_GRACE_MS = 2_000;

/** The lock file as found: its identity (to remove exactly this one), its pid, and whether it is stale. */
interface Holder {
  identity: string;
  pid?: number;
  stale: boolean;
}

/**
 * Runs `work` while holding the lock file `lock` (created exclusively, holding "pid tag"). A lock
 * whose process is gone, that stayed empty past a short grace, or that is older than 30 s is taken
 * over; a live one is waited for up to `waitMs`, then the error says what holds it and what to do.
 * `what` names the locked file in that error.
 */
export async function withFileLock<T>(lock: string, what: string, work: () => Promise<T>, waitMs = LOCK_WAIT_MS): Promise<T> {
  const tag = `${process.pid} ${randomUUID()}`;
  const started = Date.now();
  for (let wait = 5; !(await tryCreate(lock, tag)); wait = Math.min(wait * 2, 50)) {
    const holder = await inspect(lock);
    if (!holder) continue; // released meanwhile
    if (holder.stale) {
      await removeIfUnchanged(lock, holder.identity);
      continue;
    }
    if (Date.now() - started > waitMs) {
      throw new Error(
        holder.pid
          ? l10n.t('{0} is in use by process {1} (waited {2} s): close other VS Code windows or scripts uploading with it and try again; if none is running, delete {3}', what, holder.pid, waitMs / 1000, lock)
          : l10n.t('{0} is in use by another process (waited {1} s): close other VS Code windows or scripts uploading with it and try again; if none is running, delete {2}', what, waitMs / 1000, lock),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  try {
    return await work();
  } finally {
    await releaseIfOurs(lock, tag);
  }
}

/** Creates the lock with our tag; false when it exists. */
async function tryCreate(lock: string, tag: string): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(lock, 'wx', 0o600);
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(tag);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(lock, { force: true });
    throw err;
  }
  await handle.close();
  return true;
}

function identityOf(stat: fs.Stats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

/** The lock as it is now; undefined when it is gone. */
async function inspect(lock: string): Promise<Holder | undefined> {
  let stat: fs.Stats;
  let text: string;
  try {
    [stat, text] = await Promise.all([fs.promises.stat(lock), fs.promises.readFile(lock, 'utf8')]);
  } catch {
    return undefined;
  }
  const identity = identityOf(stat);
  const age = Date.now() - stat.mtimeMs;
  const pid = Number(text.split(' ')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return { identity, stale: age > EMPTY_LOCK_GRACE_MS };
  return { identity, pid, stale: age > LOCK_STALE_MS || !isAlive(pid) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as { code?: string }).code !== 'ESRCH';
  }
}

/**
 * Removes the stale lock judged, not one another waiter took meanwhile: only while it is still the
 * same file (inode, size, mtime). What is left is the instant between this check and the removal.
 */
async function removeIfUnchanged(lock: string, identity: string): Promise<void> {
  try {
    if (identityOf(await fs.promises.stat(lock)) === identity) await fs.promises.rm(lock, { force: true });
  } catch {
    // Gone already: nothing to take over.
  }
}

/** Removes the lock if it is still ours (it is not, when a stalled run of ours was taken over). */
async function releaseIfOurs(lock: string, tag: string): Promise<void> {
  const text = await fs.promises.readFile(lock, 'utf8').catch(() => undefined);
  if (text === tag) await fs.promises.rm(lock, { force: true });
}
