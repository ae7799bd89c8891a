import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { answer, assertAllAnswered, contextKey, eventually, person, signIn, sleep, statusBarItems, view } from './harness';

const TOKEN_2 = 'lp-test-token-second-3a9c71e4';
const STREAM = 'Stream of the second service';
/** The first wait before a view that could not load asks again by itself (then 4 s, 8 s…). */
const FIRST_RETRY_MS = 2_000;

/** What the workbench draws in the Streams view's list, as a person reads it. */
function rendered(): Promise<string> {
  return person.text('.pane:has(.pane-header[aria-label^="Streams"]) .monaco-list-rows').then((text) => text ?? '');
}

async function showStreams(): Promise<void> {
  await vscode.commands.executeCommand('livepeer.streams.focus');
  await eventually(() => assert.ok(view('streams').tree?.visible, 'the Streams view shows'));
}

/** Hides the whole Livepeer container (every one of its views). */
async function hideViews(): Promise<void> {
  await vscode.commands.executeCommand('workbench.view.explorer');
  await eventually(() => assert.ok(!view('streams').tree?.visible, 'the Streams view is hidden'));
}

/** Stops `service` and refreshes the Streams view, which shows its error row. */
async function outage(service: Emulator): Promise<void> {
  await service.stop();
  await vscode.commands.executeCommand('livepeer.streams.refresh');
  await eventually(async () => assert.match(await rendered(), /Could not load streams/), 20_000);
}

/**
 * A negative check needs a span of time: nothing reached `service` during more than the first two
 * retries' waits (2 s, then 4 s) of a view that could not load.
 */
async function nothingSentFor(service: Emulator, why: string): Promise<void> {
  const since = service.requests.length;
  await sleep(FIRST_RETRY_MS * 3 + 500);
  assert.deepEqual(service.requests.slice(since).map((r) => `${r.method} ${r.url}`), [], why);
}

describe('An outage of a second profile’s service', () => {
  let second: Emulator;
  const profileId = 'Second service';
  let home: string | undefined;

  before(async () => {
    if (contextKey('livepeer.hasToken') !== true) await signIn();
    // The current profile, as the status bar names it ("$(account) Default · Default Project").
    const shown = statusBarItems().find((item) => item.id === 'livepeer.profile')?.text ?? '';
    home = /^\$\(account\) (.+?)(?: · .*)?$/.exec(shown)?.[1];
    assert.ok(home, `the status bar names the current profile: ${shown}`);
    second = await startEmulator({ tokens: [TOKEN_2] });
    second.store.addStream({ name: STREAM, userId: second.store.userId, projectId: second.store.projectId });
    // Add Profile…: its name, base URL and token; it becomes the current profile.
    answer(
      () => profileId,
      () => second.apiUrl,
      () => TOKEN_2,
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.add'), true);
    assertAllAnswered();
  });

  after(async () => {
    if (home) await vscode.commands.executeCommand('livepeer.profiles.switch', home);
    answer(() => 'Remove');
    await vscode.commands.executeCommand('livepeer.profiles.remove', profileId);
    assertAllAnswered();
    await second?.close();
  });

  it('the Streams view’s error row goes and its rows come back by themselves once the service is back on the same port', async () => {
    await showStreams();
    await eventually(async () => assert.match(await rendered(), new RegExp(STREAM)), 20_000);
    await outage(second);
    const stoppedAt = second.requests.length;
    await second.restart();
    // No action from here on: the view asks again by itself (after 2 s, then 4, 8…).
    await eventually(async () => {
      const text = await rendered();
      assert.match(text, new RegExp(STREAM));
      assert.doesNotMatch(text, /Could not load/);
    }, 30_000);
    const listed = second.requests.slice(stoppedAt).filter((r) => r.method === 'GET' && r.url.startsWith('/api/stream?'));
    assert.ok(listed.some((r) => r.status === 200), 'the streams were listed again from the restarted service');
  });

  it('hidden, a view that could not load sends nothing; shown again, it loads by itself', async () => {
    await showStreams();
    await outage(second);
    await hideViews();
    await second.restart();
    await nothingSentFor(second, 'nothing is sent while the views are hidden');
    await showStreams();
    await eventually(async () => assert.match(await rendered(), new RegExp(STREAM)), 30_000);
  });

  it('after a switch to another profile, nothing more is sent to the service that could not load', async () => {
    await showStreams();
    await outage(second);
    if (home) await vscode.commands.executeCommand('livepeer.profiles.switch', home);
    await second.restart();
    await nothingSentFor(second, 'nothing is sent for a profile no longer current');
    if (profileId) await vscode.commands.executeCommand('livepeer.profiles.switch', profileId);
  });
});
