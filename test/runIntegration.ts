// Runs the extension-host suites (test/integration) in a real VS Code host; see test/host/README.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkPristineProduct } from './person/pristine';
import { checkLocalStudioProduct } from './person/pristineLocalStudio';
import { checkSafeDefaults } from './person/safeDefaults';

const root = resolve(__dirname, '..', '..');
const hostModules = join(root, 'test', 'host', 'node_modules', 'code-server');

async function main(): Promise<void> {
  if (!existsSync(hostModules)) {
    throw new Error('The VS Code test host is not installed: run `npm run setup` (or `bash test/host/install.sh`) first.');
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runInHost } = require(join(root, 'test', 'host', 'runInHost.js')) as {
    runInHost: (options: { extensionDevelopmentPath: string; extensionTestsPath: string; workspaceDir: string; env: Record<string, string> }) => Promise<number>;
  };
  // First a window where nothing has activated the extension: its menus must work from the manifest alone.
  const firstRunDir = mkdtempSync(join(tmpdir(), 'livepeer-first-run-'));
  try {
    await runInHost({ extensionDevelopmentPath: root, extensionTestsPath: join(root, 'out', 'test', 'firstrun', 'index.js'), workspaceDir: firstRunDir, env: {} });
  } finally {
    rmSync(firstRunDir, { recursive: true, force: true });
  }
  const workspaceDir = mkdtempSync(join(tmpdir(), 'livepeer-workspace-'));
  try {
    await runInHost({
      extensionDevelopmentPath: root,
      extensionTestsPath: join(root, 'out', 'test', 'integration', 'index.js'),
      workspaceDir,
      env: {
        LIVEPEER_SCREENSHOT_DIR: process.env.LIVEPEER_SCREENSHOT_DIR ?? join(root, 'test-results', 'screenshots'),
        LIVEPEER_TEST_GREP: process.env.LIVEPEER_TEST_GREP ?? '',
      },
    });
  } finally {
    rmSync(workspaceDir, { recursive: true, force: true });
  }
  const grep = process.env.LIVEPEER_TEST_GREP;
  const screenshots = process.env.LIVEPEER_SCREENSHOT_DIR ?? join(root, 'test-results', 'screenshots');
  // Modals are refused while extension tests run, so their keyboard defaults are checked in a plain session.
  if (!grep || new RegExp(grep).test('safe defaults in real dialogs')) await checkSafeDefaults(screenshots);
  // The packaged .vsix in a fresh profile, with no setting but the service address: what a user installs.
  if (!grep || new RegExp(grep).test('pristine product')) await checkPristineProduct(screenshots);
  // Local Studio from the same package, in a fresh profile with no setting at all: a user without an account.
  if (!grep || new RegExp(grep).test('pristine local studio')) await checkLocalStudioProduct(screenshots);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
