// The pristine suite's proxies: real forward proxies (the `proxy` package) whose own log of CONNECT
// tunnels the checks read, and the User settings a person types into Preferences: Open User Settings (JSON).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { createProxy } from 'proxy';
import { runCommand, type Page } from './workbench';

export interface LoggingProxy {
  url: string;
  /** The target of each CONNECT the proxy was asked for, in order (`host:port`). */
  readonly tunnels: string[];
  /** How many tunnels went to `origin` (an `http://host:port` address). */
  tunnelsTo(origin: string): number;
  close(): Promise<void>;
}

export async function startLoggingProxy(): Promise<LoggingProxy> {
  const tunnels: string[] = [];
  const server = createProxy(createServer());
  server.on('connect', (req) => tunnels.push(String(req.url)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    tunnelsTo: (origin) => tunnels.filter((target) => target === new URL(origin).host).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What `file` holds as JSON, or undefined while it is missing or not JSON. */
function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Opens the User settings as JSON, replaces them with `settings` (pasted on one line: the editor would
 * close brackets and indent lines typed one by one), saves, and waits for the file to hold them.
 */
export async function typeUserSettings(page: Page, file: string, settings: Record<string, unknown>): Promise<void> {
  // From the Settings editor's own button: the palette lists recent commands first, and a later
  // "Preferences: Open User Settings" would pick the (JSON) one.
  await runCommand(page, 'Preferences: Open User Settings');
  await page.locator('.settings-editor .settings-header .suggest-input-container').first().waitFor();
  await page.locator('.editor-actions [aria-label="Open Settings (JSON)"]').first().click();
  await page.locator('.monaco-editor.focused', { hasText: '{' }).first().waitFor();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(settings));
  await page.keyboard.press('Control+S');
  const deadline = Date.now() + 30_000;
  while (!isDeepStrictEqual(readJson(file), settings)) {
    if (Date.now() > deadline) throw new Error(`the User settings file does not hold what was typed: ${existsSync(file) ? readFileSync(file, 'utf8') : 'no file'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
