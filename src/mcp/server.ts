import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { identifyProject, StudioClient } from '../api';
import { offeredWith, type ToolContext, type ToolDefinition } from '../tools/definition';
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

/** The context outside VS Code: the environment's key, its account's project asked once. */
function mcpContext(settings: McpSettings, version: string): ToolContext {
  const client = new StudioClient({ baseUrl: settings.baseUrl, getToken: () => settings.token, userAgent: `livepeer-studio-mcp/${version}` });
  let project: Promise<{ id: string; name: string } | undefined> | undefined;
  return {
    client,
    secrets: () => [settings.token],
    async account() {
      project ??= identifyProject(client).then(
        (found) => (found ? { id: found.id, name: found.name } : undefined),
        () => undefined,
      );
      const known = await project;
      return { profile: 'LIVEPEER_API_KEY of the MCP server’s environment', ...(known ? { project: known } : {}), baseUrl: settings.baseUrl };
    },
  };
}

/** An MCP server of the tool table (connect it to a transport). */
export function createMcpServer(settings: McpSettings, version: string): { server: Server; close(): Promise<void> } {
  const context = mcpContext(settings, version);
  const tools = offeredTools(settings, context);
  const server = new Server({ name: 'livepeer-studio', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) {
      const why = TOOLS.some((known) => known.name === request.params.name && known.kind === 'change')
        ? 'this server is read-only: changes need LIVEPEER_ALLOW_CHANGES=1 in its environment'
        : 'no such tool here';
      return { content: [{ type: 'text', text: `${request.params.name} is not offered: ${why}` }], isError: true };
    }
    const answer = await runTool(tool, request.params.arguments ?? {}, { ...context, signal: extra.signal });
    return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
  });
  return { server, close: async () => Promise.all([server.close(), context.client.close()]).then(() => undefined) };
}
