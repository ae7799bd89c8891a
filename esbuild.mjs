// Bundles the extension (src/ only) into dist/. Tests and the emulator are never bundled.
//   dist/extension.js      the extension, loaded at activation
//   dist/tus-js-client.js  the tus client, loaded by the first resumable upload (src/upload/tus.ts imports it lazily)
//   dist/llhttp*.wasm      undici's HTTP parser, read by the first request
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const require = createRequire(import.meta.url);

/** The lazily loaded tus client stays out of extension.js: its import becomes a require of the second bundle. */
const tusOutside = {
  name: 'tus-outside',
  setup(build) {
    build.onResolve({ filter: /^tus-js-client$/ }, () => ({ path: './tus-js-client.js', external: true }));
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
 * undici's dispatchers require its fetch body code (~42 KB with WebIDL and FormData) only to send a
 * FormData body, which the extension never does: that one import becomes a stub that says so.
 */
const noFormDataBodies = {
  name: 'no-formdata-bodies',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, () => ({ path: 'formdata-body', namespace: 'stub' }));
    build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: `exports.extractBody = () => { throw new Error('FormData request bodies are not part of this bundle'); };`,
      loader: 'js',
    }));
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
  metafile: true,
  logLevel: 'info',
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [tusOutside, llhttpAsFiles, noFormDataBodies] },
  { ...common, entryPoints: ['tus-js-client'], outfile: 'dist/tus-js-client.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
