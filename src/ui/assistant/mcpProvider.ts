import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { settings } from '../common/settings';

/** The parts of VS Code's MCP server provider API (1.101+) used here; absent from the engine's typings (^1.100). */
interface McpServerDefinition {
  env: Record<string, string | number | null>;
}
interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      onDidChangeMcpServerDefinitions: vscode.Event<void>;
      provideMcpServerDefinitions(): McpServerDefinition[];
      resolveMcpServerDefinition(server: McpServerDefinition): Promise<McpServerDefinition>;
    },
  ): vscode.Disposable;
}
type StdioDefinition = new (label: string, command: string, args: string[], env: Record<string, string>, version: string) => McpServerDefinition;

/** Matches `contributes.mcpServerDefinitionProviders` in package.json. */
const PROVIDER_ID = 'livepeer.mcp';

/**
 * Offers VS Code the MCP server (dist/mcp.js) for the current profile, where VS Code has the MCP
 * server provider API (feature-detected: older versions get the language-model tools only). The
 * profile's token goes into the server's environment only when VS Code starts it, never into its
 * arguments; `readOnly` starts it read-only, `off` offers none.
 */
export function offerMcpServer(context: vscode.ExtensionContext, session: Account): vscode.Disposable[] {
  const lm = vscode.lm as unknown as Partial<McpApi>;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinition }).McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || !Definition) return [];
  const changed = new vscode.EventEmitter<void>();
  const version = String((context.extension.packageJSON as { version: string }).version);
  let provider: vscode.Disposable;
  try {
    provider = lm.registerMcpServerDefinitionProvider(PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions() {
      const profile = session.profile;
      const mode = settings.assistantTools();
      if (!profile || mode === 'off') return [];
      const env = { ELECTRON_RUN_AS_NODE: '1', LIVEPEER_BASE_URL: profile.baseUrl, ...(mode === 'ask' ? { LIVEPEER_ALLOW_CHANGES: '1' } : {}) };
      return [new Definition(`Livepeer Studio (${profile.name})`, process.execPath, [context.asAbsolutePath('dist/mcp.js')], env, `${version}+${profile.id}.${mode}`)];
    },
    async resolveMcpServerDefinition(server) {
      await session.loaded();
      const token = session.token;
      if (!token) throw new Error(session.noProfileProblem());
      server.env = { ...server.env, LIVEPEER_API_KEY: token };
      return server;
    },
  });
  } catch {
    // VS Code 1.100 has an earlier form of this API that wants another contribution and throws: activation must go on.
    changed.dispose();
    return [];
  }
  return [
    changed,
    provider,
    session.onDidChange(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'assistantTools') && changed.fire()),
  ];
}
