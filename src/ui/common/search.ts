import * as vscode from 'vscode';
import type { Prompts } from './prompts';

/**
 * The Search … box of a view whose list the service filters by name (Assets, Streams). The service
 * matches one case-insensitive substring, and the client sends `%`, `_` and `\` so that they match
 * themselves. Resolves with the text to search for ('' shows all), or undefined when dismissed;
 * `given` skips the box (a caller or test passing the text).
 */
export async function askNameSearch(prompts: Prompts, items: 'Assets' | 'Streams', current: string, given?: string): Promise<string | undefined> {
  if (typeof given === 'string') return given.trim();
  const value = await prompts.input(
    items === 'Assets'
      ? { title: vscode.l10n.t('Livepeer: Search Assets'), prompt: vscode.l10n.t('Show assets whose name contains this text, in any case (empty shows all)'), value: current }
      : { title: vscode.l10n.t('Livepeer: Search Streams'), prompt: vscode.l10n.t('Show streams whose name contains this text, in any case (empty shows all)'), value: current },
  );
  return value?.trim();
}

/** How a view's description shows its search: `“keynote”`. */
export function searchWords(search: string): string | undefined {
  return search ? `“${search}”` : undefined;
}
