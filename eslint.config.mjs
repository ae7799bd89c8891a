import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', 'test/host/node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (and keeps running into the next test).
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
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
    // The API client, upload engine, profile model and operations are plain Node modules: no vscode import.
    files: ['src/api/**', 'src/upload/**', 'src/profiles/**', 'src/operations/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'] }] },
  },
);
