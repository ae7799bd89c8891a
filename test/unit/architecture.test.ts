import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

// The layering docs/architecture.md describes: api ← upload ← profiles ← operations ← tools ← (mcp | ui ← extension.ts). Read from the source's own import statements (type-only
// imports count: they tie modules together for a reader as much as any other).
const root = resolve(__dirname, '..', '..', '..');
const src = join(root, 'src');
const MAX_LINES = 300;

/** What each layer may import besides itself; `vscode` only where it says so. */
const ALLOWED: Record<string, { layers: string[]; vscode: boolean }> = {
  api: { layers: [], vscode: false },
  upload: { layers: ['api'], vscode: false },
  profiles: { layers: ['api', 'upload'], vscode: false },
  // Downloads of an asset's file (HTTP Range, resume): the network of api/core, no vscode.
  download: { layers: ['api'], vscode: false },
  operations: { layers: ['api', 'upload', 'profiles'], vscode: false },
  // The assistant tools (defined once) and the MCP server that serves them outside VS Code.
  tools: { layers: ['api', 'upload', 'profiles', 'operations'], vscode: false },
  mcp: { layers: ['api', 'upload', 'operations', 'tools'], vscode: false },
  ui: { layers: ['api', 'upload', 'profiles', 'operations', 'tools', 'download'], vscode: true },
  extension: { layers: ['api', 'upload', 'profiles', 'operations', 'tools', 'ui', 'download'], vscode: true },
};

/**
 * Inside src/api: core (HTTP, errors, pagination, redaction, network) imports no resource folder;
 * a resource folder imports core and, only where listed here, another resource's types; the files at
 * src/api's top (the StudioClient of sub-clients and index.ts) tie them together.
 */
const API_RESOURCES = ['access', 'assets', 'clips', 'keys', 'multistream', 'playback', 'projects', 'streams', 'tasks', 'usage', 'viewership', 'webhooks'];
const API_ALSO: Record<string, string[]> = {
  core: [],
  access: ['playback', 'webhooks'],
  assets: ['playback'],
  clips: ['assets'],
  keys: [],
  multistream: [],
  playback: [],
  projects: [],
  streams: ['playback', 'multistream'],
  tasks: [],
  usage: [],
  viewership: [],
  webhooks: ['assets', 'streams'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `core`, a resource folder, or `top` for the files directly in src/api. */
function apiFolderOf(file: string): string {
  const parts = relative(join(src, 'api'), file).split('/');
  return parts.length > 1 ? (parts[0] ?? '') : 'top';
}

function layerOf(file: string): string {
  const first = relative(src, file).split('/')[0] ?? '';
  return first === 'extension.ts' ? 'extension' : first;
}

/** The modules a file imports: source files for relative specifiers, package names otherwise. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2] ?? '');
  return specifiers.map((spec) => {
    if (!spec.startsWith('.')) return spec;
    const base = resolve(dirname(file), spec);
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not this one
      }
    }
    throw new Error(`${relative(root, file)} imports ${spec}, which is no source file`);
  });
}

const files = sources(src);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('source layout (src/)', () => {
  it('each layer imports only the layers below it, and only ui and extension.ts import vscode', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const layer = layerOf(file);
      const allowed = ALLOWED[layer];
      assert.ok(allowed, `${relative(root, file)} is in no known layer`);
      for (const target of imports) {
        if (target === 'vscode' && !allowed.vscode) wrong.push(`${relative(root, file)} → vscode`);
        if (!target.startsWith(src)) continue;
        const to = layerOf(target);
        if (to !== layer && !allowed.layers.includes(to)) wrong.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('src/api: core imports no resource, a resource imports core (and only the resources listed), nothing below the top imports it', () => {
    assert.deepEqual(Object.keys(API_ALSO).sort(), ['core', ...API_RESOURCES].sort());
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (layerOf(file) !== 'api') continue;
      const from = apiFolderOf(file);
      if (from === 'top') continue;
      const allowed = API_ALSO[from];
      assert.ok(allowed, `${relative(root, file)} is in no known folder of src/api`);
      for (const target of imports) {
        if (!target.startsWith(join(src, 'api'))) continue;
        const to = apiFolderOf(target);
        if (to !== from && to !== 'core' && !allowed.includes(to)) wrong.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(src, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    assert.deepEqual(cycles, []);
  });

  it('names files once within a folder (case aside), without the folder’s name as a prefix in src/api and src/upload; index.ts only as a layer’s public entry', () => {
    const seen = new Map<string, string[]>();
    for (const file of files) {
      const key = relative(src, file).toLowerCase();
      seen.set(key, [...(seen.get(key) ?? []), relative(src, file)]);
    }
    assert.deepEqual([...seen.values()].filter((paths) => paths.length > 1), []);
    const prefixed = files
      .map((file) => relative(src, file).split('/'))
      .filter((parts) => ['api', 'upload'].includes(parts[0] ?? '') && parts.length > 2)
      .filter((parts) => {
        const folder = (parts[parts.length - 2] ?? '').replace(/s$/, '');
        return new RegExp(`^${folder}s?[A-Z]`).test(parts[parts.length - 1] ?? '');
      })
      .map((parts) => parts.join('/'));
    assert.deepEqual(prefixed, []);
    const entries = files.filter((file) => basename(file) === 'index.ts').map((file) => relative(src, file)).sort();
    assert.deepEqual(entries, ['api/index.ts', 'upload/index.ts']);
  });

  it(`keeps every file within ${MAX_LINES} lines`, () => {
    const long = files.map((file) => [relative(src, file), readFileSync(file, 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it('loads undici only through src/api/core/undiciParts.ts (its package index is ~500 KB of fetch, mocks and caches)', () => {
    const direct = files.filter((file) => /^\s*import\s+(?!type\b)[^;]*?from\s+'undici'/m.test(readFileSync(file, 'utf8')));
    assert.deepEqual(direct.map((file) => relative(src, file)), []);
  });

  it('opens no test door: activate() returns nothing, no test-hooks variable, no swappable prompt responder', () => {
    // The host tests wrap the vscode API object itself (test/integration/capture.ts): the product needs no seam for them.
    const doors = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [
        /LIVEPEER_TEST\w*/.exec(text)?.[0],
        /\b\w*[Rr]esponder\w*\b/.exec(text)?.[0],
        /process\.env\[[^\]]*TEST/.exec(text)?.[0],
      ]
        .filter((found): found is string => !!found)
        .map((found) => `${relative(src, file)}: ${found}`);
    });
    assert.deepEqual(doors, []);
    const extension = readFileSync(join(src, 'extension.ts'), 'utf8');
    assert.match(extension, /^export function activate\(context: vscode\.ExtensionContext\): void \{/m, 'activate() is declared to return void');
  });

  it('reads the imports it checks (a test of the test: a known import is found)', () => {
    assert.ok(graph.get(join(src, 'extension.ts'))?.includes('vscode'));
    assert.ok(graph.get(join(src, 'upload', 'index.ts'))?.some((target) => target.startsWith(join(src, 'upload'))));
    assert.ok(graph.get(join(src, 'api', 'webhooks', 'client.ts'))?.includes(join(src, 'api', 'core', 'http.ts')));
  });
});

describe('documentation', () => {
  it('names files by paths relative to the repository, never a path of the machine it was written on', () => {
    const docs = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'test/host/README.md', 'test/emulator/fixtures/README.md', ...readdirSync(join(root, 'docs')).map((file) => `docs/${file}`)];
    const absolute = docs.filter((doc) => /(^|[\s`(])\/(work|home|tmp|root)\//m.test(readFileSync(join(root, doc), 'utf8')));
    assert.deepEqual(absolute, []);
  });

  it('links only to files and headings that exist (README, CONTRIBUTING and docs/ link each other)', () => {
    const docs = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).map((file) => `docs/${file}`)];
    const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-');
    const anchors = (doc: string) => [...readFileSync(join(root, doc), 'utf8').matchAll(/^#+\s+(.+)$/gm)].map((m) => anchor(m[1]));
    const broken: string[] = [];
    for (const doc of docs) {
      for (const [, target = ''] of readFileSync(join(root, doc), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, hash] = target.split('#');
        const path = file ? join(dirname(join(root, doc)), file) : join(root, doc);
        if (!existsSync(path)) broken.push(`${doc} → ${target}`);
        else if (hash && path.endsWith('.md') && !anchors(relative(root, path)).includes(hash)) broken.push(`${doc} → ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('keeps the README for users: at most 300 lines, the rest in docs/', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    assert.ok(lines <= 300, `README.md has ${lines} lines: move detail into docs/features.md`);
  });
});
