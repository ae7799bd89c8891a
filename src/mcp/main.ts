import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { settingsFrom } from './environment';
import { createMcpServer } from './server';

/** Set by the bundle (esbuild.mjs) from package.json. */
declare const MCP_VERSION: string;

/**
 * `node dist/mcp.js`: the assistant tools over MCP on stdio, for Claude Code, Cursor, VS Code's
 * mcp.json… Everything it needs is in its environment (LIVEPEER_API_KEY, LIVEPEER_BASE_URL,
 * LIVEPEER_ALLOW_CHANGES); stdout is the protocol's, so what it says for people goes to stderr.
 */
async function main(): Promise<void> {
  let settings;
  try {
    settings = settingsFrom(process.env);
  } catch (error) {
    process.stderr.write(`livepeer-studio MCP server: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  const { server, close } = createMcpServer(settings, typeof MCP_VERSION === 'string' ? MCP_VERSION : 'dev');
  server.onclose = () => void close();
  await server.connect(new StdioServerTransport());
  process.stderr.write(`livepeer-studio MCP server: ${settings.allowChanges ? 'reads and changes' : 'read-only'} on ${settings.baseUrl}\n`);
}

void main();
