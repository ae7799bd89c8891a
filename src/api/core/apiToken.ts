import * as l10n from '@vscode/l10n';
/**
 * Why a text cannot be an API token, or undefined when it can. Studio keys are plain ASCII without
 * spaces; anything else (a line break from a bad paste, a space, a non-ASCII character) is either
 * refused by the HTTP layer as an invalid header or can never match a key. The character itself is
 * not named: it is part of a secret.
 */
export function apiTokenProblem(token: string): string | undefined {
  const bad = /[^\x21-\x7e]/.exec(token)?.[0];
  if (bad === undefined) return undefined;
  if (bad === '\n' || bad === '\r') return l10n.t('it contains a line break');
  if (bad === ' ' || bad === '\t') return l10n.t('it contains a space');
  if (bad < ' ' || bad === '\x7f') return l10n.t('it contains a control character');
  return l10n.t('it contains a character other than plain ASCII letters, digits and punctuation');
}
