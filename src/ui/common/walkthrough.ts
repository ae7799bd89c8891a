import * as vscode from 'vscode';

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
export type HeldStep = 'SigningKey' | 'Stream' | 'Webhook';

/**
 * Ticks a walkthrough step once the account is seen to hold what it asks for: listed by its view or
 * just created, whether from the walkthrough, a view, the palette or Studio.
 */
export function tickWhenHeld(step: HeldStep, count: number): void {
  if (count > 0) void vscode.commands.executeCommand('setContext', `livepeer.walkthrough.has${step}`, true);
}
