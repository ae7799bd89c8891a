// `npm run screenshots`: writes media/screenshots/views.png, upload.png, forwarding.png, quality.png, tasks.png, multistream.png, clip.png, access.png, copy.png, backup.png and folder.png from the demo data in a real VS Code host
// (LIVEPEER_SCREENSHOTS=moveAndKeep,… only those groups: see index.ts).
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');

async function main(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runInHost } = require(join(root, 'test', 'host', 'runInHost.js')) as {
    runInHost: (options: { extensionDevelopmentPath: string; extensionTestsPath: string; workspaceDir: string; env: Record<string, string> }) => Promise<number>;
  };
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-screenshots-'));
  // The window title shows the folder's name.
  const workspaceDir = join(scratch, 'livepeer-demo');
  mkdirSync(workspaceDir);
  try {
    await runInHost({
      extensionDevelopmentPath: root,
      extensionTestsPath: join(root, 'out', 'test', 'screenshots', 'index.js'),
      workspaceDir,
      env: { LIVEPEER_SCREENSHOT_DIR: process.env.LIVEPEER_SCREENSHOT_DIR ?? join(root, 'media', 'screenshots'), LIVEPEER_SCREENSHOTS: process.env.LIVEPEER_SCREENSHOTS ?? '' },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
