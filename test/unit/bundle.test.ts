import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requireWithoutVscode } from '../bench/requireBundle';

// The production bundle that `npm test` builds before the unit tests (npm run build).
const dist = join(__dirname, '..', '..', '..', 'dist');
/** 300 KB as the issue counts them (its "796 KB" bundle was 795,594 bytes). */
const BUNDLE_BUDGET_BYTES = 300_000;

describe('extension bundle (dist/)', () => {
  it(`stays within ${BUNDLE_BUDGET_BYTES / 1000} KB minified`, () => {
    const size = statSync(join(dist, 'extension.js')).size;
    assert.ok(size <= BUNDLE_BUDGET_BYTES, `dist/extension.js is ${(size / 1000).toFixed(1)} KB (${size} bytes)`);
  });

  it('loads without undici, the tus client or the HTTP parser: each waits for its first use', () => {
    const loaded = () => Object.keys(require.cache).filter((file) => file.startsWith(dist));
    const extension = requireWithoutVscode(join(dist, 'extension.js')) as { activate?: unknown };
    assert.equal(typeof extension.activate, 'function');
    assert.deepEqual(loaded(), [join(dist, 'extension.js')]);
    // undici is in its own bundle (dist/undiciClient.js), not in extension.js: the first request requires it.
    const { sources } = JSON.parse(readFileSync(join(dist, 'extension.js.map'), 'utf8')) as { sources: string[] };
    assert.deepEqual(sources.filter((source) => source.includes('/undici/')), []);
  });

  it('loads in a fresh process without Node modules it does not use yet, an Intl formatter, or a copy of the vscode API per module', () => {
    // What loading it costs in Node's own start-up terms (npm run bench:ui): node:crypto alone was ~15 %, the
    // relative time formatter most of running its code; in VS Code each module's copy of the API's members was tens of ms.
    const script = `
      const before = new Set(process.moduleLoadList);
      let formatters = 0, listed = 0;
      const Relative = Intl.RelativeTimeFormat;
      Intl.RelativeTimeFormat = class extends Relative { constructor(...args) { super(...args); formatters++; } };
      // As requireWithoutVscode's stand-in (every member a class, l10n.t the English), its own keys counted when listed.
      const members = new Proxy({}, { get: (_, name) => (name === 'l10n' ? { t: (message) => message } : class {}) });
      const api = new Proxy(Object.create(members), { ownKeys: (target) => (listed++, Reflect.ownKeys(target)) });
      const Module = require('node:module');
      const load = Module._load;
      Module._load = function (request, ...rest) { return request === 'vscode' ? api : load.call(this, request, ...rest); };
      require(${JSON.stringify(join(dist, 'extension.js'))});
      const builtins = process.moduleLoadList.filter((name) => !before.has(name) && name.startsWith('NativeModule ')).map((name) => name.slice(13));
      process.stdout.write(JSON.stringify({ builtins, formatters, listed }));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { builtins: string[]; formatters: number; listed: number };
    assert.deepEqual(loaded.builtins.filter((name) => /^(crypto|perf_hooks|zlib|net|tls|http|https)$/.test(name)), [], 'Node modules loaded with extension.js');
    assert.equal(loaded.formatters, 0, 'Intl.RelativeTimeFormat made while loading');
    assert.ok(loaded.listed <= 1, `the vscode API's members listed ${loaded.listed} times while loading`);
  });

  it('loads its bundles with require, not through the ES module loader', () => {
    for (const part of ['extension.js', ...lazyParts()]) assert.doesNotMatch(readFileSync(join(dist, part), 'utf8'), /\bimport\("/, part);
  });

  /** The bundles extension.js loads on first use, and those they load or require in turn (a module two of them import is a bundle of its own). */
  function lazyParts(): string[] {
    const found = new Set<string>();
    const read = (file: string) => {
      for (const [, part = ''] of readFileSync(join(dist, file), 'utf8').matchAll(/(?:import|require)\("\.\/([\w-]+\.js)"\)/g)) {
        if (part === 'extension.js' || found.has(part)) continue;
        found.add(part);
        read(part);
      }
    };
    read('extension.js');
    return [...found].sort();
  }

  it('ships every part the extension loads lazily as its own bundle next to it, each loading alone and exporting what it is loaded for (a shared one may hold only constants)', () => {
    const lazy = lazyParts();
    // The parts as of this writing; a new one is found by the pattern above and checked the same way.
    for (const part of ['accessCommands.js', 'assetBulk.js', 'assetDownload.js', 'clipRows.js', 'createClip.js', 'droppedFiles.js', 'folderBaseUrl.js', 'importFromUrl.js', 'keyCommands.js', 'proxyAgent.js', 'qualityCommands.js', 'taskEnd.js', 'token.js', 'toolInvocation.js', 'tus-js-client.js', 'undiciClient.js', 'uploadTrace.js', 'url.js', 'webhookCommands.js', 'whyNotReady.js']) {
      assert.ok(lazy.includes(part), `extension.js no longer loads ${part}: update this list`);
    }
    for (const part of lazy) {
      const exported = requireWithoutVscode(join(dist, part)) as Record<string, unknown>;
      assert.ok(Object.keys(exported).length > 0, `${part} exports nothing`);
    }
    for (const parser of ['llhttp.wasm', 'llhttp_simd.wasm']) assert.ok(statSync(join(dist, parser)).size > 10_000, parser);
  });

  it('has each module of the extension in one bundle only: a part loaded on first use takes from extension.js what extension.js holds (one class, one state)', () => {
    const bundles = ['extension.js', ...lazyParts().filter((part) => part !== 'tus-js-client.js')];
    const owners = new Map<string, string[]>();
    for (const bundle of bundles) {
      const { sources } = JSON.parse(readFileSync(join(dist, `${bundle}.map`), 'utf8')) as { sources: string[] };
      for (const source of sources.filter((s) => s.startsWith('../src/'))) owners.set(source, [...(owners.get(source) ?? []), bundle]);
    }
    // A layer's index.ts holds only re-exports (no class, no state): each bundle reads it for itself.
    const barrels = ['../src/api/index.ts', '../src/upload/index.ts'];
    assert.deepEqual([...owners].filter(([source, inBundles]) => inBundles.length > 1 && !barrels.includes(source)).map(([source, inBundles]) => `${source}: ${inBundles.join(', ')}`), []);
    for (const barrel of barrels) assert.doesNotMatch(readFileSync(join(dist, barrel), 'utf8'), /^(?!export\b|\s|\}|\/\/|\/\*| \*|$).+/m, `${barrel} holds only exports`);
    // And what they take is really read from extension.js.
    assert.match(readFileSync(join(dist, 'keyCommands.js'), 'utf8'), /require\("\.\/extension\.js"\)\.m\[\d+\]/);
  });

  it('makes a module two first-use bundles import a bundle of its own that both require, not part of extension.js', () => {
    // The clip rules: imported statically by Create Clip (streamCommands.js) and by the assistant's clip tool (toolInvocation.js).
    for (const part of ['streamCommands.js', 'toolInvocation.js']) assert.match(readFileSync(join(dist, part), 'utf8'), /require\("\.\/createClip\.js"\)/, part);
    const { sources } = JSON.parse(readFileSync(join(dist, 'extension.js.map'), 'utf8')) as { sources: string[] };
    assert.ok(!sources.includes('../src/operations/createClip.ts'));
  });

  it('builds the MCP server as its own bundle (dist/mcp.js), which the extension never requires', () => {
    assert.ok(statSync(join(dist, 'mcp.js')).size > 10_000);
    assert.doesNotMatch(readFileSync(join(dist, 'extension.js'), 'utf8'), /(?:import|require)\("\.\/mcp\.js"\)|modelcontextprotocol/);
  });

  it('packages every file of dist/ (a lazily loaded bundle left out of the .vsix breaks only the installed product)', () => {
    const rules = readFileSync(join(dist, '..', '.vscodeignore'), 'utf8').split('\n');
    for (const pattern of ['!dist/*.js', '!dist/*.wasm', '!dist/*.css']) assert.ok(rules.includes(pattern), pattern);
  });
});
