import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonFileStore } from '../../src/upload';
import { EMPTY_LOCK_GRACE_MS } from '../../src/upload/store/fileLock';
import { TempDir } from './helpers/uploadFiles';

const LOCK_CHILD = path.join(__dirname, 'helpers', 'lockChild.js');

/** Runs the lock child; `empty` resolves once it was killed holding an empty lock, `hold` once it holds the lock. */
async function lockChild(lock: string, mode: 'empty' | 'hold'): Promise<ChildProcess> {
  const child = spawn(process.execPath, [LOCK_CHILD, lock, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (mode === 'empty') {
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    assert.equal(signal, 'SIGKILL', `child exited with ${code}`);
  } else {
    await once(child.stdout, 'data');
  }
  return child;
}

describe('JsonFileStore lock: taken over when stale, clear when held', function () {
  this.timeout(30_000);
  let dir: TempDir;
  let holder: ChildProcess | undefined;
  beforeEach(() => (dir = new TempDir('file-lock-')));
  afterEach(() => {
    holder?.kill('SIGKILL');
    holder = undefined;
    dir.remove();
  });

  it('an empty lock left by a process killed as it took the lock is taken over after a short grace (not 30 s, and no "locked" error)', async () => {
    const file = dir.file('uploads.json');
    await lockChild(`${file}.lock`, 'empty');
    assert.equal(fs.readFileSync(`${file}.lock`, 'utf8'), '', 'the child left an empty lock');
    // Before, this waited 10 s and failed with "locked by another process".
    await new JsonFileStore(file).update('k', 'v');
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { k: 'v' });
    assert.deepEqual(fs.readdirSync(dir.path), ['uploads.json'], 'the lock is released');
  });

  it('an empty lock younger than the grace is waited for: its owner is about to write its pid', async () => {
    const file = dir.file('uploads.json');
    fs.writeFileSync(`${file}.lock`, '');
    let done = false;
    const update = new JsonFileStore(file).update('k', 'v').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, EMPTY_LOCK_GRACE_MS / 4));
    assert.equal(done, false, 'not taken over at once');
    assert.equal(fs.existsSync(file), false);
    await update;
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { k: 'v' });
  });

  it('a lock held by a live process: the writer gives up after its wait with an error naming the process and what to do; once it is gone, its lock is taken over', async () => {
    const file = dir.file('uploads.json');
    holder = await lockChild(`${file}.lock`, 'hold');
    const store = new JsonFileStore(file, { lockWaitMs: 300 });
    await assert.rejects(store.update('k', 'v'), (err: Error) => {
      assert.equal(
        err.message,
        `the interrupted-uploads file ${file} is in use by process ${holder!.pid} (waited 0.3 s): close other VS Code windows or scripts uploading with it and try again; if none is running, delete ${file}.lock`,
      );
      return true;
    });
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    await store.update('k', 'v');
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), { k: 'v' });
  });

  it('a writer whose lock was taken over does not remove the new owner\'s lock', async () => {
    const file = dir.file('uploads.json');
    const store = new JsonFileStore(file);
    await store.modify('k', () => {
      // Another process took the lock over meanwhile (it judged ours stale).
      fs.writeFileSync(`${file}.lock`, `${process.pid} someone-else`);
      return 'v';
    });
    assert.equal(fs.readFileSync(`${file}.lock`, 'utf8'), `${process.pid} someone-else`);
  });
});
