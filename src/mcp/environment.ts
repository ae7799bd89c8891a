import * as l10n from '@vscode/l10n';
import { apiTokenProblem, parseBaseUrl } from '../api';

export const DEFAULT_BASE_URL = 'https://livepeer.studio/api';

export interface McpSettings {
  token: string;
  baseUrl: string;
  /** Change tools are listed and run only when LIVEPEER_ALLOW_CHANGES=1: not every MCP client asks before a call. */
  allowChanges: boolean;
}

/**
 * The server's settings from its environment only: the API key never on the command line (where
 * other users of the machine and shell histories see it). Throws what is missing and how to set it.
 */
export function settingsFrom(env: NodeJS.ProcessEnv): McpSettings {
  const token = env.LIVEPEER_API_KEY?.trim() ?? '';
  if (!token) throw new Error(l10n.t('LIVEPEER_API_KEY is not set: put a Livepeer Studio API key in the MCP server’s environment (the "env" of its configuration)'));
  const problem = apiTokenProblem(token);
  if (problem) throw new Error(l10n.t('LIVEPEER_API_KEY: {0}', problem));
  let baseUrl: string;
  try {
    baseUrl = parseBaseUrl(env.LIVEPEER_BASE_URL?.trim() || DEFAULT_BASE_URL);
  } catch (error) {
    throw new Error(l10n.t('LIVEPEER_BASE_URL: {0}', (error as Error).message.replace(/livepeer.baseURL/g, 'LIVEPEER_BASE_URL')));
  }
  return { token, baseUrl, allowChanges: env.LIVEPEER_ALLOW_CHANGES === '1' };
}
