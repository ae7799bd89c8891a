import * as fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which version of a file a part holds, kept beside it (`<file>.part.json`): the first answer's
 * validators (ETag, Last-Modified) and whole size. A resume asks for the rest of that
 * version only (If-Range); an answer of another one replaces the part, so a file that changed
 * between tries is never saved from two versions.
 */
export interface PartVersion {
  etag?: string;
  lastModified?: string;
  total?: number;
}

const versionPathOf = (target: string): string => `${target}.part.json`;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => [headers[name]].flat()[0] || undefined;

/** The version an answer is of: its validators (and the whole size, which the caller knows best). */
export function versionOf(headers: IncomingHttpHeaders, total: number | undefined): PartVersion {
  return { etag: header(headers, 'etag'), lastModified: header(headers, 'last-modified'), total };
}

/** What If-Range may carry: a strong ETag (a weak one may not be used), else the Last-Modified date. */
export function ifRangeOf(kept: PartVersion): string | undefined {
  return kept.etag && !kept.etag.startsWith('W/') ? kept.etag : kept.lastModified;
}

/** Whether `now` (a later answer) is another version than `kept`: a validator or the size differs. */
export function isAnotherVersion(kept: PartVersion, now: PartVersion): boolean {
  const differs = (a: string | number | undefined, b: string | number | undefined) => a !== undefined && b !== undefined && a !== b;
  return differs(kept.etag, now.etag) || differs(kept.lastModified, now.lastModified) || differs(kept.total, now.total);
}

/** The version kept for `target`'s part; undefined when none was kept (or it cannot be read). */
export function readPartVersion(target: string): PartVersion | undefined {
  try {
    const kept = JSON.parse(fs.readFileSync(versionPathOf(target), 'utf8')) as PartVersion;
    return kept && typeof kept === 'object' ? kept : undefined;
  } catch {
    return undefined;
  }
}

export function writePartVersion(target: string, version: PartVersion): void {
  fs.writeFileSync(versionPathOf(target), JSON.stringify(version));
}

export function dropPartVersion(target: string): void {
  fs.rmSync(versionPathOf(target), { force: true });
}
