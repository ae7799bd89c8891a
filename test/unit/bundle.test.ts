import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';

// The production bundle that `npm test` builds before the unit tests (npm run build).
const dist = join(__dirname, '..', '..', '..', 'dist');
const BUNDLE_BUDGET_BYTES = 300 * 1024;

/** Requires a bundle with `vscode` answered by a stand-in whose every member is an empty class (module scope makes icons). */
// esbuild's import helper builds the namespace on the module's prototype: members come from there.
const vscodeStandIn = Object.create(new Proxy({}, { get: () => class {} }));

function requireWithoutVscode(file: string): unknown {
  const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  const original = loader._load;
  loader._load = function (request, parent, isMain) {
    return request === 'vscode' ? vscodeStandIn : original.call(this, request, parent, isMain);
  };
  try {
    return require(file);
  } finally {
    loader._load = original;
  }
}

describe('extension bundle (dist/)', () => {
  it(`stays within ${BUNDLE_BUDGET_BYTES / 1024} KB minified`, () => {
    const size = statSync(join(dist, 'extension.js')).size;
    assert.ok(size <= BUNDLE_BUDGET_BYTES, `dist/extension.js is ${Math.round(size / 1024)} KB`);
  });

  it('loads without the tus client or the HTTP parser: both wait for their first use', () => {
    const loaded = () => Object.keys(require.cache).filter((file) => file.startsWith(dist));
    const extension = requireWithoutVscode(join(dist, 'extension.js')) as { activate?: unknown };
    assert.equal(typeof extension.activate, 'function');
    assert.deepEqual(loaded(), [join(dist, 'extension.js')]);
  });

  it('ships the tus client as its own bundle, next to the extension', () => {
    const tus = require(join(dist, 'tus-js-client.js')) as { Upload?: unknown };
    assert.equal(typeof tus.Upload, 'function');
    for (const parser of ['llhttp.wasm', 'llhttp_simd.wasm']) assert.ok(statSync(join(dist, parser)).size > 10_000, parser);
  });
});
