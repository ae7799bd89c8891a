// extensionTestsPath of a window that starts with the extension not activated (see runIntegration.ts):
// menus and the palette must work from the manifest alone; the last test activates it.
import Mocha from 'mocha';
import { join } from 'node:path';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000 });
  mocha.addFile(join(__dirname, 'firstRun.test.js'));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures) throw new Error(`${failures} first-run test(s) failed`);
}
