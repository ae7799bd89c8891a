import { knownSecrets } from '../api/core/knownSecrets';
import { StudioApiError, type StudioClient } from '../api';
import { Refused } from '../operations/refusal';
import type { ToolContext, ToolDefinition } from './definition';
import { refusalSentence } from './refusalWords';
import { safeErrorText, safeResultText } from './safeResult';

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

/** Clients whose webhooks were read once, so that their secrets are known before any result leaves. */
const primed = new WeakMap<StudioClient, Promise<void>>();

/**
 * A service may echo a webhook's secret in any answer; the secrets are known once read, so the
 * account's webhooks (one page: accounts hold few) are read once per client before the first result.
 */
function learnWebhookSecrets(client: StudioClient, signal?: AbortSignal): Promise<void> {
  let learned = primed.get(client);
  if (!learned) {
    learned = client.webhooks.listPage(undefined, 100, signal).then(
      () => undefined,
      () => undefined,
    );
    primed.set(client, learned);
  }
  return learned;
}

/**
 * Runs a tool as both sides do: the input checked against its declaration, the handler, then the last
 * pass over the result or the error (secrets blanked, size bounded). Never throws: an error is an
 * answer the model reads.
 */
export async function runTool(tool: ToolDefinition, input: unknown, context: ToolContext): Promise<ToolAnswer> {
  const secrets = (): string[] => [...context.secrets(), ...knownSecrets()];
  try {
    const result = await tool.run(input, context);
    await learnWebhookSecrets(context.client, context.signal);
    return { text: safeResultText(result, secrets()), isError: false };
  } catch (error) {
    await learnWebhookSecrets(context.client, context.signal);
    return { text: `${tool.name} failed: ${safeErrorText(inWordsOfThisSide(error, context), secrets())}`, isError: true };
  }
}

/**
 * An operation's refusal in the tools' own words; a refused token's error says what to do in the words
 * of the side the tool runs on (its setting, not VS Code's command).
 */
function inWordsOfThisSide(error: unknown, context: ToolContext): unknown {
  if (error instanceof Refused) return refusalSentence(error.refusal);
  if (!(error instanceof StudioApiError) || error.kind !== 'auth' || !context.tokenAdvice) return error;
  const where = error.method && error.path ? ` (${error.method} ${error.path}${error.status ? ` → ${error.status}` : ''})` : '';
  return `the API key was refused${where}: ${context.tokenAdvice}`;
}
