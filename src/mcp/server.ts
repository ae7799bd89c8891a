import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { identifyProject, StudioApiError, StudioClient } from '../api';
import { offeredWith, type Capability, type ToolContext, type ToolDefinition } from '../tools/definition';
import { runTool } from '../tools/runTool';
import { TOOLS } from '../tools/table';
import type { McpSettings } from './environment';

/** The tools this server offers: those its context can run (no kept keys, no workspace here), and only reads unless changes are allowed. */
export function offeredTools(settings: Pick<McpSettings, 'allowChanges'>, context: Pick<ToolContext, 'keptKey' | 'keepKey' | 'uploadFile' | 'otherProfile'>): ToolDefinition[] {
  return TOOLS.filter((tool) => offeredWith(tool, context) && (tool.kind === 'read' || settings.allowChanges));
}

/** What VS Code offers that this server does not, in words for the model. */
const ONLY_IN_VS_CODE: Record<Capability, string> = {
  keptKey: 'it signs with a private key kept in VS Code’s secret storage, and this server keeps no keys',
  keepKey: 'it keeps the new private key in VS Code’s secret storage, and this server keeps no keys',
  uploadFile: 'it uploads a file of a folder open in VS Code, and this server has no folders',
  otherProfile: 'it copies to another profile, and this server runs on one API token and knows no other profile',
};

/**
 * The tools this server leaves out and why, told to the model with the server's instructions (a
 * call to one is answered as unknown): changes on a read-only server, tools only VS Code can run.
 */
function leftOut(offered: readonly ToolDefinition[]): string | undefined {
  const missing = TOOLS.filter((tool) => !offered.includes(tool));
  const vscodeOnly = missing.flatMap((tool) => (tool.needs ?? []).slice(0, 1).map((need) => `${tool.name} (${ONLY_IN_VS_CODE[need]})`));
  const changes = missing.filter((tool) => !tool.needs?.length).map((tool) => tool.name);
  const why = [
    ...(changes.length ? [`This server is read-only: changes need LIVEPEER_ALLOW_CHANGES=1 in its environment (${changes.join(', ')}).`] : []),
    ...(vscodeOnly.length ? [`Only in the Livepeer extension in VS Code: ${vscodeOnly.join('; ')}.`] : []),
  ];
  return why.length ? why.join(' ') : undefined;
}

/** The context outside VS Code: the environment's key, its account's project asked until known. */
function mcpContext(settings: McpSettings, version: string): ToolContext {
  const client = new StudioClient({ baseUrl: settings.baseUrl, getToken: () => settings.token, userAgent: `livepeer-studio-mcp/${version}` });
  let project: { id: string; name: string } | undefined;
  return {
    client,
    secrets: () => [settings.token],
    tokenAdvice: 'put a valid Livepeer Studio API key in LIVEPEER_API_KEY of the MCP server’s environment, then restart the server',
    async account() {
      // A refused key is the answer (the tools would all fail); anything else only leaves the project unnamed.
      project ??= await identifyProject(client).then(
        (found) => (found ? { id: found.id, name: found.name } : undefined),
        (error: unknown) => {
          if (error instanceof StudioApiError && error.kind === 'auth') throw error;
          return undefined;
        },
      );
      return { profile: 'LIVEPEER_API_KEY of the MCP server’s environment', ...(project ? { project } : {}), baseUrl: settings.baseUrl };
    },
  };
}

/** An MCP server of the tool table (connect it to a transport); each tool's input is checked by the SDK against its declaration, then by the tool. */
export function createMcpServer(settings: McpSettings, version: string): { server: McpServer; close: () => Promise<void> } {
  const context = mcpContext(settings, version);
  const tools = offeredTools(settings, context);
  const server = new McpServer({ name: 'livepeer-studio', version }, { instructions: leftOut(tools) });
  for (const tool of tools) {
    const annotations = { title: tool.displayName, readOnlyHint: tool.kind === 'read', destructiveHint: false, openWorldHint: false };
    server.registerTool(tool.name, { title: tool.displayName, description: tool.modelDescription, inputSchema: tool.input, annotations }, async (input, extra): Promise<CallToolResult> => {
      const answer = await runTool(tool, input, { ...context, signal: extra.signal });
      return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
    });
  }
  return { server, close: async () => Promise.all([server.close(), context.client.close()]).then(() => undefined) };
}
