// extensionTestsPath: runs the extension-host suites with mocha, around one emulator.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, stopHarness } from './harness';

export async function run(): Promise<void> {
  // LIVEPEER_TEST_GREP narrows a local run to matching tests; CI never sets it.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, grep: process.env.LIVEPEER_TEST_GREP || undefined });
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(join(__dirname, file));
  await startHarness();
  try {
    const failures = await new Promise<number>((resolve) => mocha.run(resolve));
    if (failures) throw new Error(`${failures} extension-host test(s) failed`);
  } finally {
    await stopHarness();
  }
}
