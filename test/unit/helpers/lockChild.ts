/**
 * Child process for the lock tests, a writer of a JSON-file store's lock as another process is:
 * - `empty`: creates the lock file exclusively, as a writer does, and is SIGKILLed before it can
 *   write its pid into it (the crash that leaves an empty lock);
 * - `hold`: takes the lock with its pid, says `held`, and keeps it until it is killed (a live
 *   process that holds the lock, e.g. one that hangs).
 *
 * argv: lockPath mode
 */
import * as fs from 'node:fs';

const [lock, mode] = process.argv.slice(2);
const fd = fs.openSync(lock, 'wx', 0o600);
if (mode === 'empty') process.kill(process.pid, 'SIGKILL');
fs.writeSync(fd, String(process.pid));
fs.closeSync(fd);
process.stdout.write('held\n');
setInterval(() => undefined, 60_000);
