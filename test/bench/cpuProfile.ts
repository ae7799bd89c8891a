import * as fs from 'node:fs';
import { Session } from 'node:inspector';

/**
 * CPU profiles of the uploader process for `npm run bench` (LIVEPEER_BENCH_CPU_PROFILE=<folder>):
 * one upload at a time, through the inspector of the process itself, written as `.cpuprofile`
 * files that Chrome DevTools or VS Code open, and summarized as the functions with the most self
 * time. Profiling costs CPU of its own: ratios of a profiled run are not the benchmark's figures.
 */
export class UploadProfiler {
  private readonly session = new Session();

  constructor() {
    this.session.connect();
  }

  private post<T>(method: string, params?: object): Promise<T> {
    return new Promise((resolve, reject) => this.session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as T))));
  }

  async start(): Promise<void> {
    await this.post('Profiler.enable');
    // 200 µs rather than the default 1 ms: a 1 GiB upload's per-chunk work is a few ms in all.
    await this.post('Profiler.setSamplingInterval', { interval: 200 });
    await this.post('Profiler.start');
  }

  async stopTo(file: string): Promise<void> {
    const { profile } = await this.post<{ profile: Profile }>('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  /** Of the profile's busy time (its samples but the idle ones), 0..1. */
  share: number;
}

/** The functions with the most self time in a `.cpuprofile`, merged by name and place; the idle samples left out. */
export function topSelfTime(file: string, count = 8): ProfileEntry[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    const place = frame.url ? ` ${frame.url.replace(/^.*\/(node_modules|out|node:)/, '$1')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'}${place}`;
    const delta = profile.timeDeltas[i] ?? 0;
    selfUs.set(key, (selfUs.get(key) ?? 0) + delta);
    totalUs += delta;
  });
  return [...selfUs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, selfMs: Math.round(us / 100) / 10, share: totalUs ? Math.round((us / totalUs) * 1000) / 1000 : 0 }));
}
