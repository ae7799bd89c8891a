import * as vscode from 'vscode';
import type { AccessResult } from '../../operations/checkAccess';

/** The gate's answer as a sentence of its own, in the person's language. */
export function accessSentence(result: AccessResult): string {
  const detail = result.detail ?? '';
  switch (result.code) {
    case 'allowed':
      return vscode.l10n.t('Allowed: the service accepts the key for this content.');
    case 'content-not-found':
      return vscode.l10n.t('Refused: content not found (unknown playback id, or deleted or suspended).');
    case 'key-of-another-account':
      return vscode.l10n.t('Refused: the key belongs to another account (or the content does not exist).');
    case 'key-disabled':
      return vscode.l10n.t('Refused: the signing key is disabled or deleted.');
    case 'key-unknown':
      return vscode.l10n.t('Refused: Livepeer Studio does not know this signing key.');
    case 'token-needed':
      return vscode.l10n.t('Refused: the content needs a signed token.');
    case 'refused-locally':
      return vscode.l10n.t('Refused before the service is asked: {0}.', detail);
    case 'refused':
      return vscode.l10n.t('Refused: {0}.', detail);
  }
}
