import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', 'test/host/node_modules/'] },
  js.configs.recommended,
  // Type-aware: a promise nobody awaits loses its error (and keeps running into the next test), an
  // `any` spreads unchecked, a template prints "[object Object]".
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': 'off',
      // Off: an async function that awaits nothing still turns a throw into a rejection, which the
      // Promise-returning interfaces it implements rely on (tus-js-client's FileReader and UrlStorage,
      // the tools' context, a forwarding's stop).
      '@typescript-eslint/require-await': 'off',
      // Off: `'pending' | 'failed' | string` documents the values the service is known to send while
      // accepting new ones (task phases, track types, a form's 'keep').
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // Plain scripts (the build, the test host's CommonJS, the demo) are outside the TypeScript projects.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain CommonJS scripts of the test host and the demo run under Node.
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: Object.fromEntries(
        ['require', 'module', 'exports', '__dirname', 'process', 'console', 'Buffer', 'URL', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'fetch'].map((name) => [name, 'readonly']),
      ),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The vscode-free layers (API client, operations, upload and download engines, profiles, assistant tools, MCP server): plain Node modules.
    files: ['src/api/**', 'src/operations/**', 'src/upload/**', 'src/download/**', 'src/profiles/**', 'src/tools/**', 'src/mcp/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'] }] },
  },
);
