import Module from 'node:module';

// esbuild's import helper builds a namespace on the module's prototype, so every member the bundle
// reads at module scope (icons, colours) comes from this proxy as an empty class; l10n.t (the
// notification actions' labels) answers the English text, as VS Code does without a translation.
const l10n = { t: (message: string) => message };
const vscodeStandIn: unknown = Object.create(new Proxy({}, { get: (_, name) => (name === 'l10n' ? l10n : class {}) }));

/** Requires a bundle outside VS Code, with `vscode` answered by a stand-in: what loading the file itself costs. */
export function requireWithoutVscode(file: string): unknown {
  const loader = Module as unknown as { _load: (this: unknown, request: string, parent: unknown, isMain: boolean) => unknown };
  const original = loader._load;
  loader._load = function (request, parent, isMain) {
    return request === 'vscode' ? vscodeStandIn : original.call(this, request, parent, isMain);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(file);
  } finally {
    loader._load = original;
  }
}
