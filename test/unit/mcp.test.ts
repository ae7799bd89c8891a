import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { inputJsonSchema } from '../../src/tools/definition';
import { TOOLS } from '../../src/tools/table';
import { startEmulator, type Emulator } from '../emulator';
import { makeTestCa } from './helpers/testCa';

// The MCP server as clients run it: `node dist/mcp.js` (built by npm run build before the unit tests), the SDK's own client over stdio.
const MCP = join(__dirname, '..', '..', '..', 'dist', 'mcp.js');
const TOKEN = 'tok-mcp-8d3b5e1f7a';

type Text = { type: string; text?: string };

describe('MCP server over stdio (dist/mcp.js, the SDK’s client, real HTTP)', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let client: Client | undefined;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20 });
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await emu.close();
  });

  async function connect(env: Record<string, string>): Promise<Client> {
    client = new Client({ name: 'mcp-test', version: '1.0.0' });
    const environment = { PATH: process.env.PATH ?? '', LIVEPEER_API_KEY: TOKEN, LIVEPEER_BASE_URL: emu.apiUrl, ...env };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [MCP], env: environment, stderr: 'pipe' }));
    return client;
  }

  async function callText(mcp: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
    const result = await mcp.callTool({ name, arguments: args });
    const text = (result.content as Text[]).map((part) => part.text ?? '').join('\n');
    return { text, isError: result.isError === true };
  }

  /** An input for each tool, over what the emulator holds. */
  function inputs(): Record<string, Record<string, unknown>> {
    const stream = emu.store.addStream({ name: 'mcp stream', record: true });
    emu.store.startSession(stream, { createdAt: Date.now() - 30_000 });
    const asset = emu.store.addAsset({ name: 'mcp asset' });
    const { key } = emu.store.createSigningKey({ name: 'mcp key' });
    const webhook = emu.webhooks.add({ name: 'mcp hook', url: 'https://example.com/hook', events: ['stream.started'], sharedSecret: 'whsec-mcp-secret-5a7c' });
    return {
      livepeer_get_stream: { streamId: stream.id },
      livepeer_get_asset: { assetId: asset.id },
      livepeer_list_webhook_deliveries: { webhookId: webhook.id },
      livepeer_check_playback_access: { playbackId: stream.playbackId, keyId: key.id },
      livepeer_viewership: { playbackId: stream.playbackId },
      livepeer_create_stream: { name: 'from MCP' },
      livepeer_resend_webhook_delivery: { webhookId: webhook.id, deliveryId: 'unknown-delivery' },
      livepeer_why_not_ready: { assetId: asset.id },
      livepeer_import_from_url: { url: 'http://127.0.0.1:9/talk.mp4', name: 'imported over MCP' },
      livepeer_create_clip: { streamId: stream.id, lastSeconds: 2, name: 'clip over MCP' },
    };
  }

  it('read-only by default: lists every read tool it can run with the JSON schema its zod declaration makes, and each one answers', async () => {
    const given = inputs();
    const mcp = await connect({});
    const { tools } = await mcp.listTools();
    // A read that needs VS Code (another profile's client) is left out here too.
    const reads = TOOLS.filter((tool) => tool.kind === 'read' && !tool.needs?.length);
    assert.deepEqual(tools.map((tool) => tool.name), reads.map((tool) => tool.name));
    for (const tool of tools) {
      const { $schema: _draft, ...listed } = tool.inputSchema as Record<string, unknown>;
      const declared = reads.find((read) => read.name === tool.name);
      assert.ok(declared);
      assert.deepEqual(listed, inputJsonSchema(declared), tool.name);
      assert.equal(listed.additionalProperties, false, `${tool.name}: no field beyond those declared`);
      assert.deepEqual([tool.title, tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint], [declared.displayName, true, false], tool.name);
      const answer = await callText(mcp, tool.name, given[tool.name] ?? {});
      assert.equal(answer.isError, false, `${tool.name}: ${answer.text}`);
      assert.ok(!answer.text.includes(TOKEN));
    }
    assert.match(mcp.getInstructions() ?? '', /read-only: changes need LIVEPEER_ALLOW_CHANGES=1 in its environment \(livepeer_create_stream, .*livepeer_create_clip\)/, 'the model is told why the change tools are missing');
    const refused = await callText(mcp, 'livepeer_create_stream', { name: 'not allowed' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /livepeer_create_stream not found/);
    assert.ok(![...emu.store.streams.values()].some((stream) => stream.name === 'not allowed'), 'nothing was created');
  });

  it('LIVEPEER_ALLOW_CHANGES=1: the change tools it can run (no kept keys or workspace here) are listed and run', async () => {
    const given = inputs();
    const mcp = await connect({ LIVEPEER_ALLOW_CHANGES: '1' });
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes('livepeer_create_stream') && names.includes('livepeer_resend_webhook_delivery'));
    const instructions = mcp.getInstructions() ?? '';
    assert.doesNotMatch(instructions, /read-only|LIVEPEER_ALLOW_CHANGES/, 'changes are allowed: that is not why');
    for (const vscodeOnly of ['livepeer_sign_playback_token', 'livepeer_create_signing_key', 'livepeer_upload_file']) {
      assert.ok(!names.includes(vscodeOnly), vscodeOnly);
      assert.match(instructions, new RegExp(`Only in the Livepeer extension in VS Code: .*${vscodeOnly} \\(it [^)]*(secret storage|folder open in VS Code)`), vscodeOnly);
      const refused = await callText(mcp, vscodeOnly, {});
      assert.equal(refused.isError, true);
      assert.match(refused.text, /not found/);
    }
    const created = await callText(mcp, 'livepeer_create_stream', given.livepeer_create_stream ?? {});
    assert.equal(created.isError, false, created.text);
    const stored = [...emu.store.streams.values()].find((stream) => stream.name === 'from MCP');
    assert.ok(stored?.streamKey);
    assert.ok(!created.text.includes(stored.streamKey), 'the new stream’s key is not answered');
    assert.match(created.text, /"streamKey": "\(hidden\)"/, 'as the README’s example shows it');
    for (const name of ['livepeer_import_from_url', 'livepeer_create_clip']) {
      const made = await callText(mcp, name, given[name] ?? {});
      assert.equal(made.isError, false, `${name}: ${made.text}`);
      const named = String(given[name]?.name);
      assert.ok([...emu.store.assets.values()].some((asset) => asset.name === named), `${name} made the asset ${named}`);
    }
    const why = await callText(mcp, 'livepeer_why_not_ready', given.livepeer_why_not_ready ?? {});
    assert.match(why.text, /uploads made in VS Code are not visible here/);
    const resend = await callText(mcp, 'livepeer_resend_webhook_delivery', given.livepeer_resend_webhook_delivery ?? {});
    assert.equal(resend.isError, true);
    assert.match(resend.text, /livepeer_resend_webhook_delivery failed: .*not found/i);
  });

  it('a hostile service echoing every secret: no secret in any answer over MCP', async () => {
    const given = inputs();
    const secrets = (): string[] => [TOKEN, ...[...emu.store.streams.values()].map((s) => s.streamKey ?? ''), ...[...emu.webhooks.webhooks.values()].map((w) => w.sharedSecret ?? ''), ...emu.store.issuedPrivateKeys];
    emu.faults.echoSecrets({ origin: 'api', path: /./, times: Infinity, secrets });
    const mcp = await connect({ LIVEPEER_ALLOW_CHANGES: '1' });
    for (const tool of (await mcp.listTools()).tools) {
      const answer = await callText(mcp, tool.name, given[tool.name] ?? {});
      for (const secret of secrets()) assert.ok(!answer.text.includes(secret), `${tool.name} answered a secret: ${answer.text.slice(0, 300)}`);
    }
  });

  it('a wrong input is refused by its zod declaration before the tool runs: a short error naming the field and what it takes, no request sent', async () => {
    const mcp = await connect({ LIVEPEER_ALLOW_CHANGES: '1' });
    const before = emu.requests.length;
    const wrong: Array<[string, Record<string, unknown>, RegExp]> = [
      ['livepeer_get_stream', {}, /expected string, received undefined at streamId/],
      ['livepeer_list_streams', { limit: 100 }, /expected number to be <=50 at limit/],
      ['livepeer_list_streams', { colour: 'red' }, /Unrecognized key: "colour"/],
      ['livepeer_list_assets', { phase: 'done' }, /expected one of "waiting"\|"processing"\|"ready"\|"failed" at phase/],
      ['livepeer_create_stream', { name: '   ' }, /expected string to have >=1 characters at name/],
    ];
    for (const [name, args, expected] of wrong) {
      const answer = await callText(mcp, name, args);
      assert.equal(answer.isError, true, name);
      assert.match(answer.text, /Input validation error: Invalid arguments for tool/, name);
      assert.match(answer.text, expected, name);
      assert.ok(answer.text.length < 300, `${name}: short (${answer.text})`);
    }
    assert.deepEqual(emu.requests.slice(before), [], 'nothing was asked of the service');
    assert.ok(![...emu.store.streams.values()].some((stream) => (stream.name ?? '').trim() === ''), 'nothing was created');
  });

  it('a key the service refuses: current_account and the lists say so, naming LIVEPEER_API_KEY', async () => {
    const mcp = await connect({ LIVEPEER_API_KEY: 'tok-revoked-0f1e2d3c4b' });
    for (const name of ['livepeer_current_account', 'livepeer_list_streams', 'livepeer_list_assets']) {
      const answer = await callText(mcp, name, {});
      assert.equal(answer.isError, true, `${name}: ${answer.text}`);
      assert.match(answer.text, /the API key was refused \(GET \S+ → 401\): put a valid Livepeer Studio API key in LIVEPEER_API_KEY of the MCP server’s environment/, name);
      assert.doesNotMatch(answer.text, /set your API token/, name);
    }
  });

  it('an HTTPS service signed by a private CA named by NODE_EXTRA_CA_CERTS: the lists answer at once over their connections', async () => {
    const ca = makeTestCa();
    const secure = await startEmulator({ tokens: [TOKEN], tls: ca.server, processingDelayMs: 20 });
    try {
      secure.store.addStream({ name: 'over TLS' });
      const mcp = await connect({ LIVEPEER_BASE_URL: secure.apiUrl, NODE_EXTRA_CA_CERTS: ca.caFile });
      const answers = await Promise.all(['livepeer_list_streams', 'livepeer_list_assets', 'livepeer_list_signing_keys'].map((name) => callText(mcp, name, {})));
      answers.forEach((answer) => assert.equal(answer.isError, false, answer.text));
      assert.match(answers[0]?.text ?? '', /over TLS/);
    } finally {
      await client?.close();
      client = undefined;
      await secure.close();
      ca.remove();
    }
  });

  it('a cursor no list answered is refused, not read as the first page', async () => {
    for (let n = 0; n < 5; n++) emu.store.addStream({ name: `paged ${n}` });
    const mcp = await connect({});
    const first = JSON.parse((await callText(mcp, 'livepeer_list_streams', { limit: 2 })).text) as { nextCursor: string; items: Array<{ id: string }> };
    const second = await callText(mcp, 'livepeer_list_streams', { limit: 2, cursor: first.nextCursor });
    assert.equal(second.isError, false, second.text);
    assert.notDeepEqual((JSON.parse(second.text) as { items: unknown[] }).items, first.items);
    const garbage = await callText(mcp, 'livepeer_list_streams', { limit: 2, cursor: 'not-a-cursor' });
    assert.equal(garbage.isError, true, garbage.text);
    assert.match(garbage.text, /cursor is not one a list answered .*leave cursor out for the first page/);
  });

  it('a message over the SDK’s 10 MiB stdio limit: the server says so on stderr and exits (no call left unanswered)', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [MCP], env: { PATH: process.env.PATH ?? '', LIVEPEER_API_KEY: TOKEN, LIVEPEER_BASE_URL: emu.apiUrl }, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(transport);
    const closed = new Promise<void>((resolve) => (client ? (client.onclose = resolve) : resolve()));
    const huge = client.callTool({ name: 'livepeer_list_streams', arguments: { name: 'x'.repeat(11 << 20) } });
    await assert.rejects(huge, /closed/i);
    await closed;
    assert.match(stderr, /a message over the MCP SDK's stdio limit of 10 MiB arrived .*; exiting/);
  });

  it('without LIVEPEER_API_KEY it says what to set, on stderr, and exits', () => {
    const run = spawnSync(process.execPath, [MCP], { env: { PATH: process.env.PATH ?? '' }, input: '', encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /LIVEPEER_API_KEY is not set/);
  });
});
