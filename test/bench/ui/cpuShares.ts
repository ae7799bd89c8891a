// Where the machine's CPU went while the first rows were on their way: per process of the run (the
// workbench's page, the extension host, VS Code's server, the bench with its emulator, the rest of
// the browser), the CPU time Linux counted from `cpuShares()` to `stop()`, all threads included. On the
// 2-core machine the window is the time the first rows took, so these say how full both cores were
// and whose work the first rows waited behind. Linux counts in ticks (10 ms), so each figure is ±10 ms.
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10;

/** Which part of the run a process is, from its command line. */
function partOf(command: string): string {
  if (command.includes('--type=renderer')) return 'workbench';
  if (command.includes('--type=extensionHost')) return 'extensionHost';
  if (command.includes('server-main.js')) return 'vscodeServer';
  if (command.includes('bench/ui/run.js')) return 'benchAndEmulator';
  if (command.includes('chromium')) return 'browserOther';
  return 'other';
}

function ticksPerPart(): Map<string, number> {
  const parts = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // utime and stime: fields 14 and 15, counted after the command name, which may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const part = partOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
      parts.set(part, (parts.get(part) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return parts;
}

/** Starts counting; `stop` returns ms of CPU per part (largest first) and the wall time counted over. */
export function cpuShares(): { stop(): Record<string, number> } {
  const before = ticksPerPart();
  const started = performance.now();
  return {
    stop() {
      const after = ticksPerPart();
      const wallMs = Math.round(performance.now() - started);
      const spent = [...after].map(([part, ticks]) => [part, (ticks - (before.get(part) ?? 0)) * TICK_MS] as const).filter(([, ms]) => ms > 0);
      return { wallMs, ...Object.fromEntries(spent.sort((a, b) => b[1] - a[1])) };
    },
  };
}
