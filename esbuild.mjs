// Bundles the extension (src/ only) into dist/, emptied first. Tests are never bundled.
//   dist/extension.js      the extension, loaded at activation
//   dist/<module>.js       each src module loaded on first use (`await import(...)`; see lazyOutside), and each one two of those import
//   dist/tus-js-client.js  the tus client, loaded by the first resumable upload (src/upload/tus/transfer.ts imports it lazily)
//   dist/undiciClient.js   undici's Agent and request API, loaded by the first request
//   dist/proxyAgent.js     undici's ProxyAgent (its own undici), loaded by the first request through a proxy
//   dist/llhttp*.wasm      undici's HTTP parser, read by the first request (its constants trimmed to the two tables used)
//   dist/mcp.js            the MCP server (node dist/mcp.js): the assistant tools outside VS Code, never loaded by the extension
//   dist/localStudio.js    Local Studio (node dist/localStudio.js): the service on this machine, run as a process, never loaded by the extension;
//                          its video in dist/localStudio-media (what it plays for every asset and stream)
//   dist/player.js, .css   the player webview's own script (browser code with hls.js) and style sheet
//   dist/quality.js, .css  the Quality and Usage webview's script and style sheet
// It first writes package.json's assistant tool schemas from their declarations (toolSchemas.mjs),
// and l10n/bundle.l10n.json: every l10n.t text of src/ (the English a translation starts from), exported
// by @vscode/l10n-dev and committed (test/unit/l10nBundle.test.ts checks it is current).
import { watch as watchFiles } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, relative } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import * as esbuild from 'esbuild';
import { writeToolSchemas } from './toolSchemas.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
/** --metafile=<file>: extension.js's esbuild metafile (each module's bytes in it: npm run bench:ui ranks them; esbuild's analyzer reads it too). */
const metafile = process.argv.find((arg) => arg.startsWith('--metafile='))?.slice('--metafile='.length);
const require = createRequire(import.meta.url);

/**
 * Code loaded on first use stays out of extension.js: every `await import('./….js')` of a src module
 * becomes a bundle of its own in dist/, named after the module's file (a feature's commands and views,
 * the assistant tools, playback token signing, the folder's base URL check…), and so does a module
 * two of those bundles import (see buildExtension). Such a bundle takes every src module that
 * extension.js already holds from extension.js itself (see fromMain), so a class, an event or a
 * module's state exists once, whichever bundle uses it. Also outside: the tus client (the first
 * resumable upload), undici (the first request) and its ProxyAgent (the first request through a proxy).
 */
const lazyModules = new Map(); // bundle name → src module
/** The src modules loaded by `import()` or `require()`, the rest of lazyModules being shared ones. */
const loadedOnFirstUse = new Set();
const SKIP = Symbol('resolving');
const fromRoot = (file) => relative(process.cwd(), file).replaceAll('\\', '/');
const nameOf = (module) => basename(module).replace(/\.ts$/, '');
/** The bundle a src module has to itself (loaded on first use, or shared by two such bundles), if any. */
const bundleOf = (module) => (lazyModules.get(nameOf(module)) === module ? nameOf(module) : undefined);
/** Makes `module` a bundle of its own, dist/<its file name>.js; an error when another module has that name. */
function addBundle(module) {
  const name = nameOf(module);
  if ((lazyModules.get(name) ?? module) !== module) return { errors: [{ text: `two modules bundled apart are both named ${name}: ${module} and ${lazyModules.get(name)}` }] };
  lazyModules.set(name, module);
  return { path: `./${name}.js`, external: true };
}
const lazyOutside = {
  name: 'lazy-outside',
  setup(build) {
    build.onResolve({ filter: /^tus-js-client$/ }, () => ({ path: './tus-js-client.js', external: true }));
    const apart = async (args) => {
      const { path, errors } = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: 'import-statement', pluginData: SKIP });
      if (errors.length > 0) return { errors };
      loadedOnFirstUse.add(fromRoot(path));
      return addBundle(fromRoot(path));
    };
    build.onResolve({ filter: /^\./ }, (args) => (args.kind === 'dynamic-import' ? apart(args) : undefined));
    // Required synchronously on first use: undici's Agent and request API (undiciParts.ts, at the first
    // request) and the proxy agent (network.ts: undici's ProxyAgent and its own copy of undici).
    build.onResolve({ filter: /^\.\/(undiciClient|proxyAgent)$/ }, (args) => (args.kind === 'require-call' ? apart(args) : undefined));
  },
};

/**
 * In a bundle loaded on first use, each src module that extension.js holds is read from it: extension.js
 * exports those modules as `m[i]` (i: the module's place in its list of inputs) and the bundle requires
 * it, which Node answers from its module cache (the running extension), never a second copy. A src
 * module that is a bundle of its own (loaded on first use, or shared: see buildExtension) is required
 * from that bundle, imported statically or not.
 */
const BARRELS = ['src/api/index.ts', 'src/upload/index.ts'];
function fromMain(mainModules, shared) {
  return {
    name: 'from-main',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === SKIP || args.kind === 'dynamic-import') return undefined;
        if (args.namespace === 'from-main') return { path: args.path, external: true };
        const { path, errors } = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: SKIP });
        if (errors.length > 0) return { errors };
        const module = fromRoot(path);
        // A layer's index.ts only re-exports: each bundle reads it for itself, so its modules are taken one by one, not all of them.
        if (!module.startsWith('src/') || BARRELS.includes(module)) return undefined;
        if (!mainModules.includes(module)) return args.kind !== 'entry-point' && bundleOf(module) ? { path: `./${bundleOf(module)}.js`, external: true } : undefined;
        if (args.kind === 'entry-point') return { errors: [{ text: `${module} is loaded on first use but extension.js holds it already: import it the same way everywhere` }] };
        shared.add(module);
        return { path: module, namespace: 'from-main' };
      });
      build.onLoad({ filter: /.*/, namespace: 'from-main' }, (args) => ({
        contents: `module.exports = require('./extension.js').m[${mainModules.indexOf(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/**
 * undici carries its HTTP parser as base64 text in two JS modules (SIMD and plain, ~72 KB each):
 * they become .wasm files next to the bundle, read only when the first connection needs a parser.
 */
const llhttpAsFiles = {
  name: 'llhttp-as-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, async (args) => {
      const name = basename(args.path).replace(/-wasm\.js$/, '.wasm');
      await mkdir('dist', { recursive: true });
      await writeFile(`dist/${name}`, require(args.path));
      return {
        contents: `module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(name)}));`,
        loader: 'js',
      };
    });
  },
};

/**
 * undici's llhttp constants module (~11 KB: every table of the parser) is read by its HTTP/1 client
 * for two of them only, TYPE and ERROR: the bundle gets those two, copied from the installed undici
 * when it is built. (A client that read more would fail on its first request: every test that
 * talks to the emulator would.)
 */
const llhttpConstantsTrimmed = {
  name: 'llhttp-constants-trimmed',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]constants\.js$/ }, (args) => {
      const { TYPE, ERROR } = require(args.path);
      return { contents: `module.exports = ${JSON.stringify({ TYPE, ERROR })};`, loader: 'js' };
    });
  },
};

/**
 * undici's diagnostics module is mostly its NODE_DEBUG=undici logging (~3 KB): the bundle keeps its
 * diagnostics channels (what tools that trace requests subscribe to) and leaves the logging out.
 */
const undiciDebugLogLeftOut = {
  name: 'undici-debug-log-left-out',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]core[\\/]diagnostics\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const channels = /\nconst channels = \{[\s\S]*?\n\}\n/.exec(source);
      if (!channels) throw new Error(`undici's diagnostics module changed: no channels table in ${args.path}`);
      return { contents: `const diagnosticsChannel = require('node:diagnostics_channel');${channels[0]}module.exports = { channels };`, loader: 'js' };
    });
  },
};

/**
 * Code paths of undici the extension never takes, replaced by stubs that say so: its fetch body code
 * (~42 KB with WebIDL and FormData), needed only to send a FormData body, and its HTTP/2 client
 * (~10 KB), used only when a dispatcher is made with `allowH2`.
 */
const UNUSED_UNDICI = [
  { filter: /^\.\.\/web\/fetch\/body\.js$/, stub: `exports.extractBody = () => { throw new Error('FormData request bodies are not part of this bundle'); };` },
  { filter: /^\.\/client-h2\.js$/, stub: `module.exports = () => { throw new Error('HTTP/2 is not part of this bundle'); };` },
];
const unusedUndiciStubbed = {
  name: 'unused-undici-stubbed',
  setup(build) {
    UNUSED_UNDICI.forEach(({ filter }, i) => build.onResolve({ filter }, () => ({ path: String(i), namespace: 'undici-stub' })));
    build.onLoad({ filter: /.*/, namespace: 'undici-stub' }, (args) => ({ contents: UNUSED_UNDICI[Number(args.path)].stub, loader: 'js' }));
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  // Text as UTF-8, not \u escapes: the user-facing strings are full of “quotes”, … and →.
  charset: 'utf8',
  metafile: true,
  logLevel: 'info',
};

const undiciTrimmed = [llhttpAsFiles, llhttpConstantsTrimmed, undiciDebugLogLeftOut, unusedUndiciStubbed];
/**
 * In the extension, @vscode/l10n is VS Code's own l10n (src/ui/common/l10n.ts): the same bundle of
 * translations, no copy of the package. Resolved as that src module, so a bundle loaded on first use takes it from extension.js.
 */
const vsCodeL10n = {
  name: 'vscode-l10n',
  setup(build) {
    build.onResolve({ filter: /^@vscode\/l10n$/ }, (args) => build.resolve('./src/ui/common/l10n.ts', { resolveDir: process.cwd(), kind: args.kind, pluginData: args.pluginData }));
  },
};
/**
 * Each module's `import * as vscode from 'vscode'` is, in a CommonJS bundle, a namespace object of
 * its own with a copy of every member of VS Code's API (several hundred: with ~60 such modules, tens
 * of milliseconds of loading extension.js in the extension host). Here the import is of one object
 * whose prototype is the API: each module's namespace copies nothing, and reads the API's members,
 * as they are when read, through it.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "module.exports = Object.create(require('vscode'));", loader: 'js' }));
  },
};

/**
 * The extension's bundles load one another with require(), `import()` included: Node would load a
 * bundle by import() through its ES module loader (VS Code's extension host hooks it, on another
 * thread), and parse its text again for the names it exports, which a bundle loaded on first use
 * (and the two the account feature loads after activation) waited for.
 */
const requireOnly = { 'dynamic-import': false };
const extension = { ...common, supported: requireOnly, outfile: 'dist/extension.js', external: ['vscode'], plugins: [vscodeOnce, vsCodeL10n, lazyOutside, ...undiciTrimmed] };

const srcInputs = (result, output = 'dist/extension.js') => Object.keys(result.metafile.outputs[output].inputs).filter((input) => input.startsWith('src/'));

/**
 * extension.js, then each bundle loaded on first use (those found in it, then those found in them),
 * then extension.js again, now exporting the modules those bundles take from it. A module that two
 * of those bundles would each hold becomes a bundle of its own, which both require (what esbuild's
 * own code splitting does for ES modules): the bundles are built again until no module is in two.
 * Exporting a module whole may bring more modules into extension.js (what it re-exports): then the
 * bundles are built again.
 */
async function buildExtension() {
  lazyModules.clear();
  loadedOnFirstUse.clear();
  let mainModules = srcInputs(await esbuild.build({ ...extension, entryPoints: ['src/extension.ts'], write: false, logLevel: 'warning' }));
  for (;;) {
    let shared;
    for (let known = -1; known !== lazyModules.size; ) {
      known = lazyModules.size;
      shared = new Set();
      const built = new Set();
      const owners = new Map(); // src module → how many bundles loaded on first use hold it
      for (let pending; (pending = [...lazyModules].filter(([name]) => !built.has(name))).length > 0; ) {
        await Promise.all(
          pending.map(async ([name, module]) => {
            built.add(name);
            const result = await esbuild.build({ ...common, supported: requireOnly, entryPoints: [module], outfile: `dist/${name}.js`, external: ['vscode'], plugins: [vscodeOnce, vsCodeL10n, lazyOutside, fromMain(mainModules, shared), ...undiciTrimmed], logLevel: 'warning' });
            for (const input of srcInputs(result, `dist/${name}.js`)) owners.set(input, (owners.get(input) ?? 0) + 1);
          }),
        );
      }
      for (const [module, count] of owners) {
        const apart = count > 1 && !bundleOf(module) && !BARRELS.includes(module) && addBundle(module);
        if (apart?.errors) throw new Error(apart.errors[0].text);
      }
    }
    const exported = [...shared].map((module) => mainModules.indexOf(module)).sort((a, b) => a - b);
    const contents = [
      "export * from './src/extension';",
      ...exported.map((i) => `import * as m${i} from './${mainModules[i]}';`),
      `export const m = { ${exported.map((i) => `${i}: m${i}`).join(', ')} };`,
    ].join('\n');
    const entry = { contents, resolveDir: process.cwd(), sourcefile: 'src/extension.entry.ts', loader: 'ts' };
    const result = await esbuild.build({ ...extension, stdin: entry });
    const grown = srcInputs(result).filter((module) => !mainModules.includes(module));
    if (grown.length === 0) {
      if (metafile) await mkdir(dirname(metafile), { recursive: true }).then(() => writeFile(metafile, JSON.stringify(result.metafile)));
      return;
    }
    mainModules = [...mainModules, ...grown];
    // A module bundled apart for being shared that extension.js now holds is taken from extension.js.
    for (const module of grown.filter((module) => bundleOf(module) && !loadedOnFirstUse.has(module))) {
      lazyModules.delete(nameOf(module));
      await Promise.all(['js', 'js.map'].map((ext) => rm(`dist/${nameOf(module)}.${ext}`)));
    }
  }
}

/**
 * The MCP SDK's server requires its JSON Schema validator (ajv with its formats, ~100 KB) when it
 * loads, for checking what a client answers to an elicitation, which this server never asks for:
 * dist/mcp.js gets the same validator class, loading ajv at its first use, so a client's first
 * tools/list does not wait for it (npm run bench:ui).
 */
const ajvOnFirstUse = {
  name: 'ajv-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/validation\/ajv-provider\.js$/ }, (args) => ({ path: require.resolve(args.path, { paths: [args.resolveDir] }), namespace: 'ajv-on-first-use' }));
    build.onLoad({ filter: /.*/, namespace: 'ajv-on-first-use' }, (args) => ({
      contents: `let real;
exports.AjvJsonSchemaValidator = class {
  getValidator(schema) {
    real ??= new (require(${JSON.stringify(args.path)}).AjvJsonSchemaValidator)();
    return real.getValidator(schema);
  }
};`,
      loader: 'js',
      resolveDir: process.cwd(),
    }));
  },
};

/**
 * The SDK's McpServer takes input schemas of zod 3 or zod 4, so it brings zod 3 and its JSON Schema
 * converter (~75 KB); the tools declare theirs with zod 4 (src/tools): dist/mcp.js gets stubs that
 * say so instead.
 */
const zod3LeftOut = {
  name: 'zod3-left-out',
  setup(build) {
    build.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, (args) => (/@modelcontextprotocol[\\/]sdk/.test(args.importer) ? { path: args.path, namespace: 'zod3-left-out' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'zod3-left-out' }, () => ({
      contents: `const refuse = () => { throw new Error('zod 3 schemas are not part of this bundle: declare tool inputs with zod 4'); };
module.exports = { object: refuse, zodToJsonSchema: refuse };`,
      loader: 'js',
    }));
  },
};

const others = [
  { ...common, entryPoints: ['tus-js-client'], outfile: 'dist/tus-js-client.js' },
  {
    ...common,
    entryPoints: ['src/mcp/main.ts'],
    outfile: 'dist/mcp.js',
    define: { MCP_VERSION: JSON.stringify(JSON.parse(await readFile('package.json', 'utf8')).version) },
    plugins: [ajvOnFirstUse, zod3LeftOut, ...undiciTrimmed],
  },
  { ...common, entryPoints: ['src/localStudio/main.ts'], outfile: 'dist/localStudio.js', plugins: undiciTrimmed },
  {
    ...common,
    entryPoints: [
      { in: 'src/ui/player/webview/playerScript.ts', out: 'player' },
      { in: 'src/ui/player/webview/player.css', out: 'player' },
      { in: 'src/ui/quality/webview/qualityScript.ts', out: 'quality' },
      { in: 'src/ui/quality/webview/quality.css', out: 'quality' },
    ],
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    outdir: 'dist',
  },
];

/** l10n/bundle.l10n.json from the l10n.t calls of src/ (package.json's `l10n` names the folder). */
async function exportL10nBundle() {
  const files = (await readdir('src', { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts')).sort();
  const scripts = await Promise.all(files.map(async (file) => ({ extension: extname(file), contents: await readFile(join('src', file), 'utf8') })));
  await mkdir('l10n', { recursive: true });
  await writeFile('l10n/bundle.l10n.json', `${JSON.stringify(await getL10nJson(scripts), undefined, 2)}\n`);
}

/** Local Studio's video (its fixtures but their README) beside its bundle: src/localStudio/hlsFixture.ts reads it there. */
const copyLocalStudioMedia = () => cp('src/localStudio/fixtures', 'dist/localStudio-media', { recursive: true, filter: (file) => !file.endsWith('.md') });

const buildAll = () => Promise.all([buildExtension(), ...others.map((options) => esbuild.build(options)), exportL10nBundle(), copyLocalStudioMedia()]);
await rm('dist', { recursive: true, force: true });
if (await writeToolSchemas()) console.log('package.json: the assistant tools’ input schemas were regenerated from src/tools');
await buildAll();
if (watch) {
  // The extension's bundles depend on each other's lists of modules: any change under src/ rebuilds them all.
  let again;
  watchFiles('src', { recursive: true }, () => {
    clearTimeout(again);
    again = setTimeout(() => buildAll().catch((error) => console.error(error.message)), 100);
  });
}
