import * as vscode from 'vscode';
import { StudioApiError, apiTokenProblem } from '../api';
import { messageOf } from './errors';
import type { Prompts } from './prompts';
import type { Session } from './session';

/**
 * Asks for a token (or takes `given`), checks it with one API call, and stores it.
 * Resolves true when a token was saved, so other flows (upload) can continue after it.
 */
export async function setToken(session: Session, prompts: Prompts, given?: string): Promise<boolean> {
  const entered =
    given ??
    (await prompts.input({
      title: 'Livepeer: Set API Token',
      prompt: 'Paste an API key from Livepeer Studio (Developers → API Keys). It is kept in VS Code’s secret storage.',
      placeHolder: 'API key',
      password: true,
      validateInput: (value) => (value.trim() ? malformed(value.trim()) : 'Enter an API key'),
    }));
  const token = entered?.trim();
  if (!token) return false;
  // Checked before any request: such a token cannot even be sent, and saving it anyway helps no one.
  const problem = malformed(token);
  if (problem) {
    const again = await prompts.message('error', `Livepeer: ${problem}. Copy the whole key again from Studio (Developers → API Keys).`, {}, 'Try Again');
    return again === 'Try Again' ? setToken(session, prompts) : false;
  }

  let client;
  try {
    client = session.clientFor(token);
    await client.listSigningKeysPage(undefined, 1);
  } catch (error) {
    const known = error instanceof StudioApiError ? error : undefined;
    if (known?.kind === 'auth' || known?.kind === 'forbidden') {
      const again = await prompts.message('error', 'Livepeer: the service rejected this API token. Check that you copied the whole key and that it is not deleted.', {}, 'Try Again');
      return again === 'Try Again' ? setToken(session, prompts) : false;
    }
    const choice = await prompts.message('warning', `Livepeer: could not check the token: ${messageOf(error)}`, { modal: true }, 'Save Anyway');
    if (choice !== 'Save Anyway') return false;
  } finally {
    void client?.close();
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
