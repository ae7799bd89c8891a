import * as vscode from 'vscode';
import type { Account } from './account';
import { isTicked, tickWhenHeld, type HeldStep } from '../common/walkthrough';

/** Reads at most this often while editors such as the Welcome page open and close. */
const AT_MOST_EVERY_MS = 10_000;

/**
 * Whether `tab` may be the Welcome page with the walkthrough: VS Code gives extensions no input for
 * it (nor a label that says which walkthrough shows), so any tab of an unknown kind counts.
 */
function mayBeWelcome(tab: vscode.Tab): boolean {
  return tab.input === undefined;
}

/**
 * Ticks the walkthrough's signing key, stream and webhook steps from what the account holds (one
 * short list each, only for steps not ticked yet) while the Welcome page may show: when a token is
 * set or the profile changes, and when the Welcome page may have opened. Its views tick them too, but only once shown.
 */
export function tickHeldSteps(session: Account): vscode.Disposable {
  let last = 0;
  let reading: Promise<void> | undefined;
  const read = async () => {
    const client = session.client();
    const counts: Array<[HeldStep, () => Promise<number>]> = [
      ['SigningKey', async () => (await client.keys.listPage(undefined, 1)).items.length],
      ['Stream', async () => (await client.streams.listPage({ streamsOnly: true }, undefined, 1)).items.length],
      ['Webhook', async () => (await client.webhooks.listPage(undefined, 1)).items.length],
    ];
    // A failed read ticks nothing and says nothing: the views report their own errors.
    await Promise.all(counts.filter(([step]) => !isTicked(step)).map(async ([step, count]) => tickWhenHeld(step, await count().catch(() => 0))));
  };
  const check = (throttled: boolean) => {
    if (reading || !session.hasToken || (throttled && Date.now() - last < AT_MOST_EVERY_MS)) return;
    if ((['SigningKey', 'Stream', 'Webhook'] as const).every(isTicked)) return;
    last = Date.now();
    reading = read().finally(() => (reading = undefined));
  };
  const welcomeOpen = () => vscode.window.tabGroups.all.some((group) => group.tabs.some(mayBeWelcome));
  void session.loaded().then(() => welcomeOpen() && check(false));
  return vscode.Disposable.from(
    // The views tick them too once shown: with the Welcome page closed, signing in asks only for what the views show.
    session.onDidChange(() => welcomeOpen() && check(false)),
    vscode.window.tabGroups.onDidChangeTabs((event) => [...event.opened, ...event.changed].some(mayBeWelcome) && check(true)),
  );
}
