// Bundles the extension (src/ only) into dist/. Tests and the emulator are never bundled.
//   dist/extension.js      the extension, loaded at activation
//   dist/tus-js-client.js  the tus client, loaded by the first resumable upload (src/upload/tus/transfer.ts imports it lazily)
//   dist/webhookEvents.js  the webhook test-event builder, loaded by the first Send Test Event
//   dist/proxyAgent.js     undici's ProxyAgent, loaded by the first request through a proxy
//   dist/folderBaseUrl.js  the check of a workspace's own livepeer.baseURL, loaded after activation
//   dist/llhttp*.wasm      undici's HTTP parser, read by the first request (its constants trimmed to the two tables used)
//   dist/mcp.js            the MCP server (node dist/mcp.js): the assistant tools outside VS Code, never loaded by the extension
//   dist/player.js, .css   the player webview's own script (browser code with hls.js) and style sheet
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const require = createRequire(import.meta.url);

/**
 * Code loaded lazily stays out of extension.js, its import becomes a require of its own bundle: the
 * tus client (the first resumable upload), the webhook test-event builder (Send Test Event), the
 * service's webhook URL check (Create or Edit Webhook), playback token signing and checking (the
 * first signed playback, Sign Playback Token, Check Playback Access) and the operations around it
 * (checking access, signing with a kept key), the webhook events picker, the
 * playback id picker of the key commands, the git check of a saved private key, undici's ProxyAgent (the first request
 * through a proxy) and the check of a folder's base URL.
 */
/** Lazily imported modules (path ending, without .ts) and the bundle each becomes in dist/. */
const LAZY = {
  'webhooks/testEvent': 'webhookEvents',
  'webhooks/url': 'webhookUrl',
  'playback/token': 'playbackToken',
  'operations/checkAccess': 'checkAccess',
  'operations/signPlaybackToken': 'signPlaybackToken',
  'webhookEventChoices': 'webhookEventChoices',
  'playbackTargetPicker': 'playbackTargetPicker',
  'gitExposure': 'gitExposure',
  'folderBaseUrl': 'folderBaseUrl',
};
const LAZY_FILTER = new RegExp(`/(${Object.keys(LAZY).join('|')})(?:\\.js)?$`);
const lazyOutside = {
  name: 'lazy-outside',
  setup(build) {
    build.onResolve({ filter: /^tus-js-client$/ }, () => ({ path: './tus-js-client.js', external: true }));
    build.onResolve({ filter: /^\./ }, (args) => {
      const lazy = args.kind === 'dynamic-import' && LAZY_FILTER.exec(join(args.resolveDir, args.path).replaceAll('\\', '/'))?.[1];
      return lazy ? { path: `./${LAZY[lazy]}.js`, external: true } : undefined;
    });
    build.onResolve({ filter: /^\.\/proxyAgent$/ }, (args) => (args.kind === 'require-call' ? { path: './proxyAgent.js', external: true } : undefined));
  },
};

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

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [lazyOutside, llhttpAsFiles, llhttpConstantsTrimmed, undiciDebugLogLeftOut, unusedUndiciStubbed] },
  { ...common, entryPoints: ['tus-js-client'], outfile: 'dist/tus-js-client.js' },
  { ...common, entryPoints: ['src/api/webhooks/testEvent.ts'], outfile: 'dist/webhookEvents.js' },
  { ...common, entryPoints: ['src/api/webhooks/url.ts'], outfile: 'dist/webhookUrl.js' },
  { ...common, entryPoints: ['src/api/playback/token.ts'], outfile: 'dist/playbackToken.js' },
  { ...common, entryPoints: ['src/operations/checkAccess.ts'], outfile: 'dist/checkAccess.js', plugins: [lazyOutside] },
  { ...common, entryPoints: ['src/operations/signPlaybackToken.ts'], outfile: 'dist/signPlaybackToken.js', plugins: [lazyOutside] },
  { ...common, entryPoints: ['src/ui/webhooks/webhookEventChoices.ts'], outfile: 'dist/webhookEventChoices.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/ui/keys/playbackTargetPicker.ts'], outfile: 'dist/playbackTargetPicker.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/ui/keys/gitExposure.ts'], outfile: 'dist/gitExposure.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/ui/account/folderBaseUrl.ts'], outfile: 'dist/folderBaseUrl.js', external: ['vscode'] },
  {
    ...common,
    entryPoints: ['src/mcp/main.ts'],
    outfile: 'dist/mcp.js',
    define: { MCP_VERSION: JSON.stringify(JSON.parse(await readFile('package.json', 'utf8')).version) },
    plugins: [llhttpAsFiles, llhttpConstantsTrimmed, undiciDebugLogLeftOut, unusedUndiciStubbed],
  },
  { ...common, entryPoints: ['src/api/core/proxyAgent.ts'], outfile: 'dist/proxyAgent.js', plugins: [llhttpAsFiles, llhttpConstantsTrimmed, undiciDebugLogLeftOut, unusedUndiciStubbed] },
  {
    ...common,
    entryPoints: [
      { in: 'src/ui/player/webview/playerScript.ts', out: 'player' },
      { in: 'src/ui/player/webview/player.css', out: 'player' },
    ],
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    outdir: 'dist',
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
