// Runs extension tests in a real VS Code extension host (see README.md):
//
//   const { runInHost } = require('./test/host/runInHost');
//   await runInHost({
//     extensionDevelopmentPath: '/abs/extension/root',   // folder with the extension's package.json
//     extensionTestsPath: '/abs/out/test/integration/index.js', // exports run(): Promise<void>
//     workspaceDir: '/abs/folder/to/open',               // optional
//     env: { MY_VAR: 'x' },                              // optional, reaches the extension host
//     userDataDir: '/abs/profile',                       // optional, persistent across runs
//   });
//
// Resolves when all tests pass, rejects (TestRunFailedError from
// @vscode/test-electron, with .code) otherwise.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const LAUNCHER = path.join(__dirname, 'launch.js');
const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * @param {{extensionDevelopmentPath: string, extensionTestsPath: string, workspaceDir?: string,
 *          env?: Record<string, string>, userDataDir?: string, launchArgs?: string[]}} opts
 * @returns {Promise<number>} 0 on success
 */
async function runInHost(opts) {
  const { runTests } = require(require.resolve('@vscode/test-electron', { paths: [REPO_ROOT] }));
  // runTests spawns vscodeExecutablePath directly (no shell): it needs the exec bit + shebang.
  try {
    fs.accessSync(LAUNCHER, fs.constants.X_OK);
  } catch {
    fs.chmodSync(LAUNCHER, 0o755);
  }

  // Without a user data dir, runTests would default to ./.vscode-test/user-data
  // (shared between runs); use a fresh temp profile instead.
  let tempProfile;
  let userDataDir = opts.userDataDir && path.resolve(opts.userDataDir);
  if (!userDataDir) {
    tempProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-test-profile-'));
    userDataDir = tempProfile;
  }
  const launchArgs = [];
  if (opts.workspaceDir) launchArgs.push(path.resolve(opts.workspaceDir));
  launchArgs.push(`--user-data-dir=${userDataDir}`, `--extensions-dir=${path.join(userDataDir, 'extensions')}`);
  if (opts.launchArgs) launchArgs.push(...opts.launchArgs);

  try {
    return await runTests({
      vscodeExecutablePath: LAUNCHER,
      extensionDevelopmentPath: path.resolve(opts.extensionDevelopmentPath),
      extensionTestsPath: path.resolve(opts.extensionTestsPath),
      launchArgs,
      extensionTestsEnv: opts.env,
    });
  } finally {
    if (tempProfile) fs.rmSync(tempProfile, { recursive: true, force: true, maxRetries: 3 });
  }
}

module.exports = { runInHost, LAUNCHER };
