import { execFile } from 'node:child_process';

/** One curl run: each request's status and time_total (s), and the CPU time (user + sys, ms) of the curl process. */
export interface CurlRun {
  requests: Array<{ status: number; seconds: number }>;
  cpuMs: number;
}

/**
 * Runs curl under bash and reads the CPU time of the curl process from bash's `times` (children's
 * user and sys, to the millisecond): the figure set beside our uploader's own user + sys, steadier
 * than wall time on a machine the server and both clients share. `args` may hold several requests
 * joined with `--next`; each prints one `status seconds` line.
 */
export function curl(args: string[]): Promise<CurlRun> {
  const script = 'curl "$@"; code=$?; times >&2; exit $code';
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', script, 'bash', ...withReport(args)], (err, stdout, stderr) => {
      if (err) return reject(new Error(`curl failed: ${stderr || err.message}`));
      const children = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(stderr);
      if (!children) return reject(new Error(`no CPU times from bash: ${stderr}`));
      const [, um, us, sm, ss] = children.map(Number);
      const requests = stdout
        .trim()
        .split('\n')
        .map((line) => {
          const [status, seconds] = line.split(' ').map(Number);
          return { status, seconds };
        });
      resolve({ requests, cpuMs: (um * 60 + us + sm * 60 + ss) * 1000 });
    });
  });
}

/** Adds curl's quiet output and the `status seconds` line to each request of `args`. */
function withReport(args: string[]): string[] {
  const report = ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}\n'];
  const out = [...report];
  for (const arg of args) out.push(arg, ...(arg === '--next' ? report : []));
  return out;
}
