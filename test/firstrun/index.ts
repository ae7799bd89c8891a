// extensionTestsPath of a window that starts with the extension not activated (see runIntegration.ts):
// settings read as their defaults with nothing written, menus and the palette work from the manifest
// alone; the last test activates it.
import Mocha from 'mocha';
import { join } from 'node:path';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000 });
  for (const file of ['settingsDefaults.test.js', 'firstRun.test.js']) mocha.addFile(join(__dirname, file));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures) throw new Error(`${failures} first-run test(s) failed`);
}
