import { spawn } from 'node:child_process';

/** Runs of the MCP server's start the figure is the median of. */
const RUNS = 7;

/**
 * `node dist/mcp.js` as an MCP client starts it, to the answer of its first `tools/list`: the
 * client's initialize, its initialized notification, then tools/list, as newline-delimited JSON-RPC
 * on stdio (no SDK in this process, so only the server's start is timed). Answers ms.
 */
function once(mcp: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [mcp], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the MCP server exited (${code}) before answering tools/list`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end; (end = buffered.indexOf('\n')) >= 0; ) {
        const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: { tools?: unknown[] } };
        buffered = buffered.slice(end + 1);
        if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        } else if (message.id === 2 && message.result?.tools?.length) {
          const ms = performance.now() - started;
          child.removeAllListeners('exit');
          child.once('exit', () => resolve(ms));
          child.stdin.end();
        }
      }
    });
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  });
}

/** Median and every run of the MCP server's start to its first tools/list answer (ms, rounded). */
export async function mcpFirstList(mcp: string, env: Record<string, string>): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(Math.round(await once(mcp, env)));
  return { median: [...runs].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? NaN, runs };
}
