import * as vscode from 'vscode';
import { StudioApiError, apiTokenProblem, messageOf } from '../../api';
import { SAVE_ANYWAY, TRY_AGAIN } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import type { Prompts } from '../common/prompts';
import type { Account } from './account';

const REJECTED = vscode.l10n.t('The service rejected this API token. Check that you copied the whole key and that it is not deleted.');

/** Where a token is checked, and what the box says. */
export interface TokenQuestion {
  title: string;
  /** The base URL the token is checked against (default: the current profile's). */
  baseUrl?: string;
  /** The token given by a caller (command argument): checked without asking. */
  given?: string;
}

/**
 * What one API call with `token` at `baseUrl` (default: the current profile's) says of it: accepted,
 * rejected (401 or 403), or not checked, with the error (the service could not be reached).
 */
export async function checkToken(session: Account, token: string, baseUrl?: string): Promise<'accepted' | 'rejected' | { unchecked: unknown }> {
  let client;
  try {
    client = session.clientFor(token, baseUrl);
    await client.keys.listPage(undefined, 1);
    return 'accepted';
  } catch (error) {
    const known = error instanceof StudioApiError ? error : undefined;
    return known?.kind === 'auth' || known?.kind === 'forbidden' ? 'rejected' : { unchecked: error };
  } finally {
    void client?.close();
  }
}

/**
 * Asks for a token (or takes `given`) and checks it with one API call. Resolves with the token to
 * save, or undefined when the person gave up (or declined to save one that could not be checked).
 */
export async function askToken(session: Account, prompts: Prompts, question: TokenQuestion): Promise<string | undefined> {
  // A failure to reach the service is not the token's fault: it is asked about after the box closes.
  let unchecked: unknown;
  const check = async (value: string): Promise<string | undefined> => {
    unchecked = undefined;
    // Checked before any request: such a token cannot even be sent, and saving it anyway helps no one.
    const problem = malformed(value.trim());
    if (problem) return vscode.l10n.t('{0}. Copy the whole key again from Studio (Developers → API Keys).', problem);
    const checked = await checkToken(session, value.trim(), question.baseUrl);
    if (checked === 'rejected') return REJECTED;
    if (checked !== 'accepted') unchecked = checked.unchecked;
    return undefined;
  };
  let token: string | undefined;
  if (question.given !== undefined) {
    token = question.given.trim();
    const rejected = token ? await check(token) : undefined;
    if (rejected) {
      const again = await prompts.message('error', vscode.l10n.t('Livepeer: {0}', rejected), {}, TRY_AGAIN);
      return again === TRY_AGAIN ? askToken(session, prompts, { ...question, given: undefined }) : undefined;
    }
  } else {
    token = (
      await prompts.inputChecked(
        {
          title: question.title,
          prompt: vscode.l10n.t('Paste an API key from Livepeer Studio (Developers → API Keys). It is kept in VS Code’s secret storage.'),
          placeHolder: vscode.l10n.t('API key'),
          password: true,
          validateInput: (value) => (value.trim() ? malformed(value.trim()) : vscode.l10n.t('Enter an API key')),
        },
        check,
      )
    )?.trim();
  }
  if (!token) return undefined;
  if (unchecked !== undefined) {
    const choice = await prompts.confirm(vscode.l10n.t('Livepeer: could not check the token: {0}', messageOf(unchecked)), { safeLabel: vscode.l10n.t('Don’t Save') }, SAVE_ANYWAY);
    if (choice !== SAVE_ANYWAY) return undefined;
  }
  return token;
}

/**
 * Set API Token: sets the current profile's token (with no profile, creates "Default"). Resolves
 * true when a token was saved, so other flows (upload) can continue after it.
 */
export async function setToken(session: Account, prompts: Prompts, given?: string): Promise<boolean> {
  // Several profiles and none chosen: the token is for the one the person picks.
  if (session.profiles.why.why === 'not chosen' && !(await vscode.commands.executeCommand<boolean>(COMMANDS.profiles.switch))) return false;
  const token = await askToken(session, prompts, { title: titled(session), given });
  if (!token) return false;
  await session.setToken(token);
  prompts.notify('info', vscode.l10n.t('Livepeer: API token saved.'));
  return true;
}

function titled(session: Account): string {
  const several = session.profiles.all().length > 1;
  return several && session.profile ? vscode.l10n.t('Livepeer: Set API Token of “{0}”', session.profile.name) : vscode.l10n.t('Livepeer: Set API Token');
}

function malformed(token: string): string | undefined {
  const problem = apiTokenProblem(token);
  return problem && vscode.l10n.t('this API key is malformed: {0}', problem);
}

async function clearToken(session: Account, prompts: Prompts): Promise<void> {
  await session.clearToken();
  prompts.notify('info', vscode.l10n.t('Livepeer: API token cleared from this machine.'));
}

export function registerTokenCommands(session: Account, prompts: Prompts): vscode.Disposable[] {
  return [
    registerCommand(COMMANDS.setToken, (token?: unknown) => setToken(session, prompts, typeof token === 'string' ? token : undefined)),
    registerCommand(COMMANDS.clearToken, () => clearToken(session, prompts)),
  ];
}
