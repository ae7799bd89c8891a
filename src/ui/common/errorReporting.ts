import * as vscode from 'vscode';
import { StudioApiError, messageOf } from '../../api';
import { Refused } from '../../operations/refusal';
import { inProfileTerms } from './baseUrlWording';
import { refusalSentence } from '../../tools/refusalWords';
import type { Prompts } from './prompts';
import { COMMANDS } from './commandIds';
import { RETRY, SET_TOKEN, SHOW_LOG, type Action } from './actions';

/**
 * A failure's notification: a whole localised sentence of its own per case, given the reason, e.g.
 * `(reason) => vscode.l10n.t('Livepeer: deleting the stream: {0}', reason)` (never words spliced into a shared template).
 */
export type Failure = (reason: string) => string;

/**
 * Shows a failed action as one error notification with the next step on it: a token error offers
 * "Set API Token", a passing failure "Retry", and every error "Show Log". Never awaited by callers,
 * so a command finishes without waiting for the notification to be dismissed.
 */
export function reportError(prompts: Prompts, failed: Failure, error: unknown, retry?: () => unknown): void {
  const known = error instanceof StudioApiError ? error : undefined;
  if (known?.kind === 'aborted') return;
  const detail = reasonOf(error);
  const actions: Action[] = [];
  if (known?.kind === 'auth') actions.push(SET_TOKEN);
  if (retry && (!known || isPassing(known))) actions.push(RETRY);
  actions.push(SHOW_LOG);
  void prompts.message('error', failed(detail), {}, ...actions).then((action) => {
    if (action === SET_TOKEN) void vscode.commands.executeCommand(COMMANDS.setToken);
    else if (action === RETRY) void retry?.();
    else if (action === SHOW_LOG) void vscode.commands.executeCommand(COMMANDS.showLog);
  });
}

/** Why something failed, in the person's words: an operation's refusal worded, else the error's message in the profile's terms. */
export function reasonOf(error: unknown): string {
  return error instanceof Refused ? refusalSentence(error.refusal) : inProfileTerms(messageOf(error));
}

/** A failure that may pass (no answer, a server error, too many requests): worth trying again, and undone by the service's recovery. */
export function isPassing(error: unknown): boolean {
  return error instanceof StudioApiError && ['network', 'timeout', 'server', 'rate-limited'].includes(error.kind);
}

/** Views show load failures in the tree; a rejected token also gets a notification with the fix. */
export function notifyIfTokenRejected(prompts: Prompts, failed: Failure, error: unknown): void {
  if (error instanceof StudioApiError && error.kind === 'auth') reportError(prompts, failed, error);
}
