import type { RenditionProfile } from '../api';
import type { LadderProblem } from './refusal';

/**
 * A stream's rendition ladder (what the service transcodes a broadcast to) and its rules as the
 * service checks them: each rung needs name, width, height, bitrate (bits/s) and fps (0 keeps the
 * source's rate); width and height at least 128, bitrate at least 400; no rung named `source` (that
 * is the broadcast itself) and no two with one name. The service checks names only on create;
 * this checks them always, so an edit never stores a ladder a create would refuse.
 */
export const LADDER_PRESETS: readonly RenditionProfile[] = [
  { name: '240p0', width: 426, height: 240, bitrate: 250_000, fps: 0 },
  { name: '360p0', width: 640, height: 360, bitrate: 800_000, fps: 0 },
  { name: '480p0', width: 854, height: 480, bitrate: 1_600_000, fps: 0 },
  { name: '720p0', width: 1280, height: 720, bitrate: 3_000_000, fps: 0 },
  { name: '1080p0', width: 1920, height: 1080, bitrate: 6_000_000, fps: 0 },
];

/** The ladder the service gives a stream created without one: 240p–720p. */
export const SERVICE_LADDER = LADDER_PRESETS.filter((profile) => profile.height <= 720);

/** Whether `profiles` is the service's default ladder, which a create leaves unsaid (as before the ladder was asked). */
export function isServiceLadder(profiles: readonly RenditionProfile[]): boolean {
  const key = (ladder: readonly RenditionProfile[]) => JSON.stringify([...ladder].sort((a, b) => a.height - b.height).map(({ name, width, height, bitrate, fps }) => [name, width, height, bitrate, fps]));
  return key(profiles) === key(SERVICE_LADDER);
}

const MIN_SIDE = 128;
const MIN_BITRATE = 400;

/** What is wrong with a ladder; undefined when the service would take it. */
export function ladderProblem(profiles: readonly RenditionProfile[]): LadderProblem | undefined {
  const names = new Set<string>();
  for (const profile of profiles) {
    const name = profile.name?.trim();
    if (!name) return { code: 'ladder-no-name' };
    if (name === 'source') return { code: 'ladder-source-name' };
    if (names.has(name)) return { code: 'ladder-same-name', name };
    names.add(name);
    for (const field of ['width', 'height', 'bitrate', 'fps'] as const) {
      if (!Number.isInteger(profile[field])) return { code: 'ladder-not-whole', name, field };
    }
    if (profile.width < MIN_SIDE || profile.height < MIN_SIDE) return { code: 'ladder-too-small', name, min: MIN_SIDE };
    if (profile.bitrate < MIN_BITRATE) return { code: 'ladder-low-bitrate', name, min: MIN_BITRATE };
    if (profile.fps < 0) return { code: 'ladder-negative-fps', name };
  }
  return undefined;
}
