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
  // A backup of the account: its inventory read and written, its files fetched with the resumable download.
  backup: { layers: ['api', 'download'], vscode: false },
  // The assistant tools (defined once) and the MCP server that serves them outside VS Code.
  tools: { layers: ['api', 'upload', 'profiles', 'operations'], vscode: false },
  mcp: { layers: ['api', 'upload', 'operations', 'tools'], vscode: false },
  // Local Studio: the service on this machine (its own bundle, dist/localStudio.js, run as a process), on the API's types and rules.
  localStudio: { layers: ['api'], vscode: false },
  ui: { layers: ['api', 'upload', 'profiles', 'operations', 'tools', 'download', 'backup'], vscode: true },
  extension: { layers: ['api', 'upload', 'profiles', 'operations', 'tools', 'ui', 'download', 'backup'], vscode: true },
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

const ui = join(src, 'ui');
/** Every folder of src/ui but common is one feature. */
const FEATURES = readdirSync(ui).filter((name) => name !== 'common' && statSync(join(ui, name)).isDirectory());

/** Who imports a module and whether lazily (`import('…')` or `require('…')`, loaded on first use). */
interface Edge {
  target: string;
  lazy: boolean;
  /** `import type …`: erased from the bundle, still a tie between modules. */
  typeOnly: boolean;
}

const STATIC_IMPORT = /^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
// A lazy load: `import('…')` or `require('…')` (a `typeof import('…')` type names the same module).
const LAZY_IMPORT = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A source file for a relative specifier (`./x`, `./x.js`, a folder's index.ts), the package name otherwise. */
function resolveSpecifier(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const base = resolve(dirname(file), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${relative(root, file)} imports ${spec}, which is no source file`);
}

/** The modules a file imports, statically and lazily. */
function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const statics = [...text.matchAll(STATIC_IMPORT)].map((m) => ({ target: resolveSpecifier(file, m[1] ?? m[2] ?? ''), lazy: false, typeOnly: /^\s*(?:import|export)\s+type\b/.test(m[0]) }));
  const lazies = [...text.matchAll(LAZY_IMPORT)].map((m) => ({ target: resolveSpecifier(file, m[1] ?? ''), lazy: true, typeOnly: false }));
  return [...statics, ...lazies];
}

const files = sources(src);
const edges = new Map(files.map((file) => [file, edgesOf(file)]));
/** Every import, lazy loads included: the layers and the no-cycle rule count them alike. */
const graph = new Map([...edges].map(([file, list]) => [file, [...new Set(list.map((edge) => edge.target))]]));

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
    assert.deepEqual(entries, ['api/index.ts', 'localStudio/index.ts', ...FEATURES.map((feature) => `ui/${feature}/index.ts`), 'upload/index.ts'].sort());
  });

  it(`keeps every file within ${MAX_LINES} lines`, () => {
    const long = files.map((file) => [relative(src, file), readFileSync(file, 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it('src/ui makes no changing call to the API client: every change goes through src/operations', () => {
    // The sub-clients' methods, read from src/api/*/client.ts; a method is a read when its name says so, so a new one counts as a change until named as a read.
    const READ = /^(get|list|check|query|of|viewers|views|total)[A-Z]?/;
    const methods = new Map<string, string[]>();
    for (const file of sources(join(src, 'api')).filter((f) => basename(f) === 'client.ts' && apiFolderOf(f) !== 'core')) {
      const names = [...readFileSync(file, 'utf8').matchAll(/^ {2}(?:async\s+)?([a-z]\w*)\s*\(/gm)].map((m) => m[1] ?? '').filter((name) => name !== 'constructor');
      methods.set(apiFolderOf(file), names);
    }
    const changing = [...methods].flatMap(([folder, names]) => names.filter((name) => !READ.test(name)).map((name) => `${folder}.${name}`));
    assert.ok(changing.includes('keys.create') && changing.includes('assets.delete') && !changing.includes('assets.get'), changing.join(', '));
    const call = new RegExp(`\\.(${changing.map((c) => c.replace('.', '\\.')).join('|')})\\(`, 'g');
    const direct = files
      .filter((file) => layerOf(file) === 'ui')
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(call)].map((m) => `${relative(src, file)}: ${m[1] ?? ''}`));
    assert.deepEqual(direct, []);
  });

  it('src/operations refuses with codes (operations/refusal.ts), never a sentence of its own in StudioApiError.config(…)', () => {
    const worded = files.filter((file) => layerOf(file) === 'operations' && /StudioApiError\.config\(|new Error\(/.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    assert.deepEqual(worded, [], 'throw new Refused({ code }) and word the code in src/tools/refusalWords.ts');
  });

  it('loads undici only through src/api/core/undiciParts.ts (its package index is ~500 KB of fetch, mocks and caches)', () => {
    // Local Studio is a bundle of its own (dist/localStudio.js, the service's side): its fetch counts in no budget.
    const direct = files.filter((file) => layerOf(file) !== 'localStudio' && /^\s*import\s+(?!type\b)[^;]*?from\s+'undici'/m.test(readFileSync(file, 'utf8')));
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
    assert.match(extension, /^export function activate\(\w+: vscode\.ExtensionContext\): void \{/m, 'activate() is declared to return void');
  });

  it('reads the imports it checks (a test of the test: a known import is found)', () => {
    assert.ok(graph.get(join(src, 'extension.ts'))?.includes('vscode'));
    assert.ok(graph.get(join(src, 'upload', 'index.ts'))?.some((target) => target.startsWith(join(src, 'upload'))));
    assert.ok(graph.get(join(src, 'api', 'webhooks', 'client.ts'))?.includes(join(src, 'api', 'core', 'http.ts')));
  });
});

describe('documentation', () => {
  it('names files by paths relative to the repository, never a path of the machine it was written on', () => {
    const docs = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'test/host/README.md', 'src/localStudio/fixtures/README.md', ...readdirSync(join(root, 'docs')).map((file) => `docs/${file}`)];
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


/**
 * The shared services every feature gets in its FeatureContext (src/ui/common/feature.ts): the
 * account, the profiles, the kept private keys, and the helpers that act on their behalf. A feature
 * may import these from their folders; any other module of another feature is out of its reach.
 */
const SERVICES = [
  'ui/account/account.ts',
  // Asks for a token when a command needs one (uploads, profiles).
  'ui/account/tokenCommands.ts',
  'ui/profiles/accountProfiles.ts',
  // Errors about the base URL name where to change it (set up with the profiles, before any request).
  'ui/profiles/baseUrlNaming.ts',
  'ui/profiles/projectLearning.ts',
  // Runs later work (a notification's button, a retry) on the profile it was started with.
  'ui/profiles/profileGuard.ts',
  'ui/keys/privateKeys.ts',
  // Signs playback tokens with a kept private key (the player, downloads of signed assets).
  'ui/keys/keptSigner.ts',
];

/**
 * Lazy loads (`import()`, `require()`) outside a feature's index.ts, each a bundle of its own that
 * esbuild.mjs writes to dist/. A feature's index.ts loads its commands and views on first use, and
 * code inside such a bundle imports statically (a module two bundles import becomes a bundle of its
 * own, never part of extension.js). What is left here is loaded on first use from a module that
 * extension.js holds, each for the 300 KB budget of extension.js. The list only shrinks.
 */
const LAZY = [
  // undici's ProxyAgent with its own undici (~95 KB): only when a proxy is configured.
  'api/core/network.ts → api/core/proxyAgent.ts',
  // undici's Agent and request API (~80 KB, and Node's http, net and tls): at the first request, not when the extension loads.
  'api/core/undiciParts.ts → api/core/undiciClient.ts',
  // The service's URL rules (~3 KB): at the first webhook create or URL change.
  'api/webhooks/client.ts → api/webhooks/url.ts',
  // Bulk actions on several selected asset rows: at the first command run on a multi-selection.
  'ui/assets/assetCommands.ts → ui/assets/assetBulk.ts',
  // Undo after a Delete restores: at the first Undo.
  'ui/assets/assetCalls.ts → ui/assets/assetRestore.ts',
  // The assistant tools (~120 KB): at a tool's first preparation or call.
  'ui/assistant/registerTools.ts → ui/assistant/toolInvocation.ts',
  // Token signing (~5 KB) for the player and downloads of signed playback: at the first signed play.
  'ui/keys/keptSigner.ts → api/playback/token.ts',
  // Target rows and commands: when the first stream with targets expands, or at a target command.
  'ui/multistream/registerMultistream.ts → ui/multistream/targetCommands.ts',
  // Clip rows under a stream: when the first stream with clips expands.
  'ui/streams/streamsView.ts → ui/streams/clipRows.ts',
  // The Tasks view's code and the task commands: at the view's first rows, at a task command.
  'ui/tasks/registerTasks.ts → ui/tasks/taskCommands.ts',
  'ui/tasks/registerTasks.ts → ui/tasks/tasksView.ts',
  // Files dropped on a view: at the first drop.
  'ui/uploads/uploadDrop.ts → ui/uploads/droppedFiles.ts',
  // The end of an upload said with its buttons: at the first upload that ends.
  'ui/uploads/uploadFeedback.ts → ui/common/taskEnd.ts',
];

const featureOf = (file: string): string | undefined => (file.startsWith(ui + '/') ? relative(ui, file).split('/')[0] : undefined);
const edge = (from: string, to: string) => `${relative(src, from)} → ${relative(src, to)}`;

describe('features (src/ui/<feature>/)', () => {
  it('each folder of src/ui but common is one feature: its index.ts exports activate(context: FeatureContext): Feature', () => {
    assert.ok(FEATURES.length >= 14, FEATURES.join(', '));
    const without = FEATURES.filter((feature) => !/^export function activate\(context: FeatureContext\): Feature \{/m.test(readFileSync(join(ui, feature, 'index.ts'), 'utf8')));
    assert.deepEqual(without, []);
  });

  it('extension.ts activates every feature through its index.ts and takes nothing else of src/ui but common and the services', () => {
    const own = graph.get(join(src, 'extension.ts')) ?? [];
    assert.deepEqual(FEATURES.filter((feature) => !own.includes(join(ui, feature, 'index.ts'))), []);
    const wrong = (edges.get(join(src, 'extension.ts')) ?? [])
      .filter(({ target }) => featureOf(target) && featureOf(target) !== 'common')
      .filter(({ target }) => basename(target) !== 'index.ts' && !SERVICES.includes(relative(src, target)))
      .map(({ target }) => relative(src, target));
    assert.deepEqual(wrong, []);
  });

  it('a feature imports (statically or lazily) only its own folder, src/ui/common, the services and the vscode-free layers', () => {
    const wrong: string[] = [];
    for (const [file, list] of edges) {
      const from = featureOf(file);
      if (!from || relative(src, file) === 'extension.ts') continue;
      for (const { target } of list) {
        const to = featureOf(target);
        if (!to || to === from || to === 'common' || SERVICES.includes(relative(src, target))) continue;
        wrong.push(edge(file, target));
      }
    }
    assert.deepEqual(wrong, [], 'a feature offers what others use (src/ui/common/feature.ts), or the shared piece lives in src/ui/common');
  });

  it('loads lazily only where declared: a feature’s index.ts its own modules, and the loads listed here', () => {
    const lazy = [...edges].flatMap(([file, list]) => list.filter((e) => e.lazy && e.target.startsWith(src)).map((e) => ({ file, target: e.target })));
    const ownFirstUse = ({ file, target }: { file: string; target: string }) => basename(file) === 'index.ts' && featureOf(file) !== undefined && featureOf(file) === featureOf(target);
    const undeclared = lazy.filter((load) => !ownFirstUse(load)).map(({ file, target }) => edge(file, target));
    assert.deepEqual([...new Set(undeclared)].filter((load) => !LAZY.includes(load)), []);
    assert.deepEqual(LAZY.filter((load) => !undeclared.includes(load)), []);
  });

  it('loads lazily only from what activation loads: code loaded on first use imports statically (no second-level lazy load)', () => {
    const activation = new Set<string>();
    const reach = (file: string): void => {
      if (activation.has(file) || !edges.has(file)) return;
      activation.add(file);
      for (const { target, lazy, typeOnly } of edges.get(file) ?? []) if (!lazy && !typeOnly) reach(target);
    };
    reach(join(src, 'extension.ts'));
    assert.ok(activation.has(join(src, 'ui', 'streams', 'streamsView.ts')) && !activation.has(join(src, 'ui', 'streams', 'streamCommands.ts')));
    const secondLevel = [...edges]
      .filter(([file]) => !activation.has(file) && layerOf(file) !== 'mcp')
      .flatMap(([file, list]) => list.filter((e) => e.lazy && e.target.startsWith(src)).map((e) => edge(file, e.target)));
    assert.deepEqual(secondLevel, []);
  });
});
