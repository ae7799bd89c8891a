// extensionTestsPath of a window the extension was never activated in (see runIntegration.ts).
import Mocha from 'mocha';
import { join } from 'node:path';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000 });
  mocha.addFile(join(__dirname, 'explorerMenu.test.js'));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures) throw new Error(`${failures} first-run test(s) failed`);
}
