// The manifest as VS Code shows it: package.json with each `%key%` replaced by its English string
// from package.nls.json (tests that check titles, descriptions or welcome texts read this one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..', '..', '..');

/** package.json as written, with its `%key%` placeholders. */
export function rawManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
}

/** package.nls.json: the English string of each key. */
export function manifestStrings(): Record<string, string> {
  return JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
}

/** The keys of the `%key%` placeholders the manifest uses, in order (a key used twice, twice). */
export function placeholders(value: unknown = rawManifest()): string[] {
  if (typeof value === 'string') return /^%([^%\s]+)%$/.exec(value)?.slice(1) ?? [];
  if (Array.isArray(value)) return value.flatMap((item) => placeholders(item));
  if (value && typeof value === 'object') return Object.values(value).flatMap((item) => placeholders(item));
  return [];
}

/** The manifest with every placeholder replaced by its string (an unknown key stays as written). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document, read by shape in each test
export function localizedManifest(): any {
  const strings = manifestStrings();
  const localize = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/^%([^%\s]+)%$/, (whole, key: string) => strings[key] ?? whole);
    if (Array.isArray(value)) return value.map(localize);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item)]));
    return value;
  };
  return localize(rawManifest());
}
