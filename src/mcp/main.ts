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
  let failure: string | undefined;
  server.server.onerror = (error) => {
    // The SDK's stdio transport drops the connection on a message over its 10 MiB limit (and then
    // nothing is ever answered); the client is told by this process ending, and the person by stderr.
    if (/exceeded maximum size/.test(error.message)) failure = `a message over the MCP SDK's stdio limit of 10 MiB arrived (${error.message})`;
  };
  server.server.onclose = () => {
    if (failure) process.stderr.write(`livepeer-studio MCP server: ${failure}; exiting\n`);
    void close().finally(() => process.exit(failure ? 1 : 0));
  };
  await server.connect(new StdioServerTransport());
  process.stderr.write(`livepeer-studio MCP server: ${settings.allowChanges ? 'reads and changes' : 'read-only'} on ${settings.baseUrl}\n`);
}

void main();
