import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/ui/common/commandIds';
import { contextKey, emulator, eventually, signIn, view } from './harness';

type ListView = ReturnType<typeof view>;

function views(): Record<string, ListView> {
  return { streams: view('streams'), assets: view('assets'), webhooks: view('webhooks'), keys: view('signingKeys'), tasks: view('tasks'), multistreamTargets: view('multistreamTargets') };
}

async function isLoadError(shown: ListView): Promise<boolean> {
  return (await shown.rows()).some((row) => row.contextValue === 'loadError');
}

/**
 * Makes every view fail to load, then lets the service answer again. Every call fails, not only the
 * lists: a background call answered during the outage (a poll of an earlier test's window) would end
 * it early, and a view reloaded then, but not asked again, is no longer one that could not load.
 */
async function outage(): Promise<void> {
  emulator.faults.fail({ origin: 'api', path: /^\/api\//, status: 500, body: { errors: ['Internal server error: down'] }, times: 10_000 });
  for (const refresh of ['livepeer.streams.refresh', 'livepeer.assets.refresh', 'livepeer.webhooks.refresh', 'livepeer.keys.refresh', 'livepeer.tasks.refresh', 'livepeer.multistream.refresh']) await vscode.commands.executeCommand(refresh);
  for (const [name, shown] of Object.entries(views())) await eventually(async () => assert.ok(await isLoadError(shown), `${name} shows "Could not load…"`));
  emulator.faults.clear();
}

/**
 * The views the tree is told to ask again from now on (VS Code asks a view for its rows again only
 * then), and a check that each of `names` was told and now lists its rows.
 */
function watchReloads(): { reloaded(names: string[]): Promise<void>; dispose(): void } {
  const told = new Set<string>();
  // VS Code asks a view for its rows again when its provider fires onDidChangeTreeData.
  const listening = Object.entries(views()).map(([name, shown]) => shown.provider.onDidChangeTreeData!(() => told.add(name)));
  return {
    async reloaded(names) {
      for (const name of names) {
        assert.ok(told.has(name), `the ${name} view was not reloaded`);
        assert.ok(!(await isLoadError(views()[name])), `the ${name} view still says "Could not load…"`);
      }
    },
    dispose: () => listening.forEach((l) => {
      l.dispose();
    }),
  };
}

describe('After an outage', () => {
  before(async () => {
    if (contextKey('livepeer.hasToken') !== true) await signIn();
  });

  afterEach(() => emulator.faults.clear());

  it('Retry in one view reloads the other views that could not load', async () => {
    await outage();
    const watch = watchReloads();
    try {
      const [error] = await view('streams').rows();
      await vscode.commands.executeCommand('livepeer.retryLoad', error?.element);
      await eventually(() => watch.reloaded(['streams', 'assets', 'webhooks', 'keys', 'tasks', 'multistreamTargets']));
    } finally {
      watch.dispose();
    }
  });

  it('when any call succeeds again, every view that could not load reloads by itself', async () => {
    await outage();
    const watch = watchReloads();
    try {
      // Any call of the extension's, here one the views do not make: the account's usage, in its panel.
      await vscode.commands.executeCommand('livepeer.quality.showAccount');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await eventually(() => watch.reloaded(['streams', 'assets', 'webhooks', 'keys', 'tasks', 'multistreamTargets']));
    } finally {
      watch.dispose();
    }
  });
});

describe('Commands', () => {
  it('every command id the extension names (COMMANDS, checked against package.json by a unit test) is registered', async () => {
    const ids = (group: object): string[] => Object.values(group).flatMap((value: unknown) => (typeof value === 'string' ? [value] : ids(value as object)));
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      ids(COMMANDS).filter((id) => !registered.has(id)),
      [],
    );
  });

  it('a command loaded on first use runs against the running extension, not a second copy of it', async () => {
    await vscode.commands.executeCommand(COMMANDS.keys.refresh);
    const dist = join(vscode.extensions.all.find((extension) => (extension.packageJSON as { name?: string }).name === 'livepeer-studio')?.extensionPath ?? '', 'dist');
    assert.ok(require.cache[join(dist, 'keyCommands.js')], 'the key commands were loaded on first use');
    const main = require.cache[join(dist, 'extension.js')];
    assert.ok(main, 'extension.js was loaded through Node, so what the key commands require is the running extension');
    // What the key commands take from extension.js is the activated extension's own: the view VS Code was given is of its class.
    const shared = Object.values((main.exports as { m: Record<string, Record<string, unknown>> }).m);
    const viewClass = shared.find((module) => typeof module.SigningKeysView === 'function')?.SigningKeysView as new () => unknown;
    assert.ok(view('signingKeys').provider instanceof viewClass);
  });
});
