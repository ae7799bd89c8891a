// No vscode import: the manifest unit test checks these against package.json.

/** The extension's id (`publisher.name` in package.json). */
export const EXTENSION_ID = 'livepeer-studio-tools.livepeer-studio';
/** The walkthrough's id in package.json (contributes.walkthroughs). */
export const WALKTHROUGH_ID = 'livepeer.gettingStarted';

/** The steps ticked by what the account holds, by their id in package.json. */
export const HELD_STEPS = { SigningKey: 'createSigningKey', Stream: 'createStream', Webhook: 'createWebhook' } as const;

/** A step's id as VS Code's Welcome page knows it. */
export function qualifiedStepId(step: string): string {
  return `${EXTENSION_ID}#${WALKTHROUGH_ID}#${step}`;
}
