// The manifest as VS Code shows it: package.json with each `%key%` replaced by its English string
// from package.nls.json (tests that check titles, descriptions or welcome texts read this one).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..', '..', '..');

/** A contributed setting, as the tests read it (a type, so that it is also a Record<string, unknown>). */
export type Setting = {
  type: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  order?: number;
  scope?: string;
  markdownDescription?: string;
  deprecationMessage?: string;
};

/** The parts of package.json the tests read. */
export interface Manifest {
  name: string;
  publisher: string;
  displayName: string;
  description: string;
  activationEvents?: string[];
  capabilities: {
    untrustedWorkspaces: { supported: string; description: string; restrictedConfigurations: string[] };
    virtualWorkspaces: { supported: string; description: string };
  };
  contributes: {
    commands: Array<{ command: string; title: string; category: string }>;
    configuration: { title: string; properties: Record<string, Setting> };
    menus: Record<string, Array<{ command: string; when: string; group?: string }>>;
    views: Record<string, Array<{ id: string; name: string; contextualTitle?: string }>>;
    viewsContainers: { activitybar: Array<{ id: string; title: string }> };
    viewsWelcome: Array<{ view: string; contents: string; when?: string }>;
    submenus: Array<{ id: string; label: string }>;
    walkthroughs: Array<{
      id: string;
      title: string;
      description: string;
      steps: Array<{ id: string; title: string; description: string; when?: string; completionEvents: string[]; media: { markdown: string } }>;
    }>;
    languageModelTools: Array<Record<string, unknown>>;
  };
}

/** package.json as written, with its `%key%` placeholders. */
export function rawManifest(): Manifest {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
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
export function localizedManifest(): Manifest {
  const strings = manifestStrings();
  const localize = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/^%([^%\s]+)%$/, (whole, key: string) => strings[key] ?? whole);
    if (Array.isArray(value)) return value.map(localize);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item)]));
    return value;
  };
  return localize(rawManifest()) as Manifest;
}
