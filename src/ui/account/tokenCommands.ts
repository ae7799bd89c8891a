import * as vscode from 'vscode';
import { StudioApiError, apiTokenProblem, messageOf } from '../../api';
import type { Prompts } from '../common/prompts';
import type { Session } from './session';

const REJECTED = 'The service rejected this API token. Check that you copied the whole key and that it is not deleted.';

/**
 * Asks for a token (or takes `given`), checks it with one API call, and stores it.
 * Resolves true when a token was saved, so other flows (upload) can continue after it.
 */
export async function setToken(session: Session, prompts: Prompts, given?: string): Promise<boolean> {
  // A failure to reach the service is not the token's fault: it is asked about after the box closes.
  let unchecked: unknown;
  const check = async (value: string): Promise<string | undefined> => {
    unchecked = undefined;
    // Checked before any request: such a token cannot even be sent, and saving it anyway helps no one.
    const problem = malformed(value.trim());
    if (problem) return `${problem}. Copy the whole key again from Studio (Developers → API Keys).`;
    const client = session.clientFor(value.trim());
    try {
      await client.listSigningKeysPage(undefined, 1);
      return undefined;
    } catch (error) {
      const known = error instanceof StudioApiError ? error : undefined;
      if (known?.kind === 'auth' || known?.kind === 'forbidden') return REJECTED;
      unchecked = error;
      return undefined;
    } finally {
      void client.close();
    }
  };
  let token: string | undefined;
  if (given !== undefined) {
    token = given.trim();
    const rejected = token ? await check(token) : undefined;
    if (rejected) {
      const again = await prompts.message('error', `Livepeer: ${rejected}`, {}, 'Try Again');
      return again === 'Try Again' ? setToken(session, prompts) : false;
    }
  } else {
    token = (
      await prompts.inputChecked(
        {
          title: 'Livepeer: Set API Token',
          prompt: 'Paste an API key from Livepeer Studio (Developers → API Keys). It is kept in VS Code’s secret storage.',
          placeHolder: 'API key',
          password: true,
          validateInput: (value) => (value.trim() ? malformed(value.trim()) : 'Enter an API key'),
        },
        check,
      )
    )?.trim();
  }
  if (!token) return false;
  if (unchecked !== undefined) {
    const choice = await prompts.confirm(`Livepeer: could not check the token: ${messageOf(unchecked)}`, { safeLabel: 'Don’t Save' }, 'Save Anyway');
    if (choice !== 'Save Anyway') return false;
  }
  await session.tokens.set(token);
  void prompts.message('info', 'Livepeer: API token saved.', {});
  return true;
}

function malformed(token: string): string | undefined {
  const problem = apiTokenProblem(token);
  return problem && `this API key is malformed: ${problem}`;
}

async function clearToken(session: Session, prompts: Prompts): Promise<void> {
  await session.tokens.clear();
  void prompts.message('info', 'Livepeer: API token cleared from this machine.', {});
}

export function registerTokenCommands(session: Session, prompts: Prompts): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('livepeer.setToken', (token?: unknown) => setToken(session, prompts, typeof token === 'string' ? token : undefined)),
    vscode.commands.registerCommand('livepeer.clearToken', () => clearToken(session, prompts)),
  ];
}
