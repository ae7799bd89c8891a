import * as vscode from 'vscode';
import { HELD_STEPS, qualifiedStepId } from './walkthroughIds';

/** What the walkthrough's buttons pass to their command (the links in package.json end in `?"walkthrough"`). */
const FROM_WALKTHROUGH = 'walkthrough';

/** How long VS Code's Welcome page may still move the focus to its selected step (its 250 ms slide animation, and a margin). */
const WELCOME_REFOCUS_MS = 350;

/**
 * A walkthrough button runs its command while the Welcome page has the focus, and that page takes it
 * back moments later: when its selected step's slide animation ends, and when a quick input closed
 * with Enter hands the focus back and the key's release selects the step again. Either lands after
 * the next input box opened, so typing went nowhere. Started from the walkthrough, a flow therefore
 * moves the focus to the view where its result shows, and again once the page is done with it.
 */
export async function leaveWalkthrough(arg: unknown, view: string): Promise<void> {
  if (arg !== FROM_WALKTHROUGH) return;
  await vscode.commands.executeCommand(`${view}.focus`);
  await new Promise((resolve) => setTimeout(resolve, WELCOME_REFOCUS_MS));
  await vscode.commands.executeCommand(`${view}.focus`);
}

/** The walkthrough steps ticked by what the account holds (package.json: `onContext:livepeer.walkthrough.has<Step>`). */
export type HeldStep = keyof typeof HELD_STEPS;

/** Steps this window ticked (ticks are kept by VS Code, for every Livepeer profile alike). */
const ticked = new Set<HeldStep>();

/** Whether this window already ticked `step`. */
export function isTicked(step: HeldStep): boolean {
  return ticked.has(step);
}

/**
 * Ticks a walkthrough step once the account is seen to hold what it asks for: listed by its view,
 * just created, or read when the walkthrough is shown, whether made from the walkthrough, a view,
 * the palette or Studio. VS Code's own Mark Step Complete does it, as well as the step's context
 * key: VS Code registers an extension's walkthrough seconds after the window opens (or when the
 * Welcome page first opens), and a step whose key was already true then never ticks from that key
 * in that window, however often it is set again.
 */
export function tickWhenHeld(step: HeldStep, count: number): void {
  if (count <= 0 || ticked.has(step)) return;
  ticked.add(step);
  void vscode.commands.executeCommand('setContext', `livepeer.walkthrough.has${step}`, true);
  // A VS Code without the command (or with the walkthrough not registered yet) keeps the key alone.
  vscode.commands.executeCommand('welcome.markStepComplete', qualifiedStepId(HELD_STEPS[step])).then(undefined, () => undefined);
}
