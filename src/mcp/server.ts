import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { identifyProject, StudioApiError, StudioClient } from '../api';
import { offeredWith, type Capability, type ToolContext, type ToolDefinition } from '../tools/definition';
import { runTool } from '../tools/runTool';
import { TOOLS } from '../tools/table';
import type { McpSettings } from './environment';

/** The tools this server offers: those its context can run (no kept keys, no workspace here), and only reads unless changes are allowed. */
export function offeredTools(settings: Pick<McpSettings, 'allowChanges'>, context: Pick<ToolContext, 'keptKey' | 'keepKey' | 'uploadFile'>): ToolDefinition[] {
  return TOOLS.filter((tool) => offeredWith(tool, context) && (tool.kind === 'read' || settings.allowChanges));
}

function listed(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.displayName,
    description: tool.modelDescription,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: { title: tool.displayName, readOnlyHint: tool.kind === 'read', destructiveHint: false, openWorldHint: false },
  };
}

/** What VS Code offers that this server does not, in words for the model. */
const ONLY_IN_VS_CODE: Record<Capability, string> = {
  keptKey: 'it signs with a private key kept in VS Code’s secret storage, and this server keeps no keys',
  keepKey: 'it keeps the new private key in VS Code’s secret storage, and this server keeps no keys',
  uploadFile: 'it uploads a file of a folder open in VS Code, and this server has no folders',
};

/** Why a tool is not offered here: unknown, a change on a read-only server, or one only VS Code can run. */
function whyNotOffered(name: string, settings: McpSettings): string {
  const known = TOOLS.find((tool) => tool.name === name);
  if (!known) return 'no such tool here';
  const missing = (known.needs ?? [])[0];
  if (missing) return `${ONLY_IN_VS_CODE[missing]}: use the Livepeer extension in VS Code for it`;
  if (known.kind === 'change' && !settings.allowChanges) return 'this server is read-only: changes need LIVEPEER_ALLOW_CHANGES=1 in its environment';
  return 'no such tool here';
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

/** An MCP server of the tool table (connect it to a transport). */
export function createMcpServer(settings: McpSettings, version: string): { server: Server; close: () => Promise<void> } {
  const context = mcpContext(settings, version);
  const tools = offeredTools(settings, context);
  const server = new Server({ name: 'livepeer-studio', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { content: [{ type: 'text', text: `${request.params.name} is not offered: ${whyNotOffered(request.params.name, settings)}` }], isError: true };
    const answer = await runTool(tool, request.params.arguments ?? {}, { ...context, signal: extra.signal });
    return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
  });
  return { server, close: async () => Promise.all([server.close(), context.client.close()]).then(() => undefined) };
}
