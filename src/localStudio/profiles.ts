import type { RenditionProfile } from '../api/streams/types';

// A stream's rendition profiles and recording spec as the service checks them (studio-api.md,
// "Profiles"): the schema's bounds are 422 (validator JSON), the name rules 400 on POST only.

/** What a stream created without `profiles` gets. */
export const DEFAULT_PROFILES: RenditionProfile[] = [
  { name: '240p0', width: 426, height: 240, bitrate: 250_000, fps: 0, profile: 'H264ConstrainedHigh' },
  { name: '360p0', width: 640, height: 360, bitrate: 800_000, fps: 0, profile: 'H264ConstrainedHigh' },
  { name: '480p0', width: 854, height: 480, bitrate: 1_600_000, fps: 0, profile: 'H264ConstrainedHigh' },
  { name: '720p0', width: 1280, height: 720, bitrate: 3_000_000, fps: 0, profile: 'H264ConstrainedHigh' },
];

const REQUIRED = ['name', 'width', 'height', 'bitrate', 'fps'];
const MINIMUM: Record<string, number> = { width: 128, height: 128, bitrate: 400, fps: 0 };

function schemaError(instancePath: string, keyword: string, params: Record<string, unknown>, message: string): string {
  return JSON.stringify([{ instancePath, schemaPath: `#/properties/profiles/items/${keyword}`, keyword, params, message }]);
}

/** The first problem of a ladder, as the service answers it, or undefined. `creating`: POST's name checks too. */
export function profilesProblem(profiles: unknown, creating: boolean, field = 'profiles'): { status: 400 | 422; error: string } | undefined {
  if (profiles === undefined || profiles === null) return undefined;
  if (!Array.isArray(profiles)) return { status: 422, error: schemaError(`/${field}`, 'type', { type: 'array' }, 'must be array') };
  for (const [i, profile] of (profiles as Array<Record<string, unknown>>).entries()) {
    const at = `/${field}/${i}`;
    const missing = REQUIRED.find((name) => profile?.[name] === undefined);
    if (missing) return { status: 422, error: schemaError(at, 'required', { missingProperty: missing }, `must have required property '${missing}'`) };
    for (const [name, limit] of Object.entries(MINIMUM)) {
      const value = profile[name];
      if (typeof value !== 'number') return { status: 422, error: schemaError(`${at}/${name}`, 'type', { type: 'integer' }, 'must be integer') };
      if (value < limit) return { status: 422, error: schemaError(`${at}/${name}`, 'minimum', { comparison: '>=', limit }, `must be >= ${limit}`) };
    }
    if (typeof profile.quality === 'number' && profile.quality > 44) return { status: 422, error: schemaError(`${at}/quality`, 'maximum', { comparison: '<=', limit: 44 }, 'must be <= 44') };
    if (profile.encoder !== undefined && profile.encoder !== 'H.264') return { status: 422, error: schemaError(`${at}/encoder`, 'enum', { allowedValues: ['H.264'] }, 'must be equal to one of the allowed values') };
  }
  if (!creating || field !== 'profiles') return undefined;
  const names = (profiles as Array<{ name: unknown }>).map((profile) => String(profile.name));
  if (names.includes('source')) return { status: 400, error: 'profile cannot be named "source"' };
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) return { status: 400, error: `duplicate profile name "${duplicate}"` };
  return undefined;
}

/** recordingSpec is checked against the record flag the stream will have. */
export function recordingSpecProblem(fields: Record<string, unknown>, record: boolean): { status: 400 | 422; error: string } | undefined {
  const spec = fields.recordingSpec as { profiles?: unknown } | undefined;
  if (spec === undefined || spec === null) return undefined;
  if (!record) return { status: 400, error: 'recordingSpec is only supported with record=true' };
  // Here only the bitrate is required (a rendition to keep), with the same lower bound.
  const bad = Array.isArray(spec.profiles) ? (spec.profiles as Array<{ bitrate?: unknown }>).findIndex((p) => typeof p?.bitrate !== 'number' || p.bitrate < 400) : -1;
  if (bad < 0) return undefined;
  return { status: 422, error: schemaError(`/recordingSpec/profiles/${bad}/bitrate`, 'minimum', { comparison: '>=', limit: 400 }, 'must be >= 400') };
}
