import type { SigningKey, StudioClient } from '../../../src/api';
import type { ToolContext } from '../../../src/tools/definition';

/** A tool context as a side gives it, over a client of the emulator: private keys kept in a map, as VS Code's secret storage would. */
export function toolContext(client: StudioClient, token: string, baseUrl: string): ToolContext & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  return {
    client,
    kept,
    account: async () => ({ profile: 'Test', baseUrl, project: { id: 'p1', name: 'Default Project' } }),
    secrets: () => [token, ...kept.values()],
    keptKey: async (key: SigningKey) => kept.get(key.id),
    keepKey: async (key: SigningKey, privateKey: string) => void kept.set(key.id, privateKey),
  };
}
