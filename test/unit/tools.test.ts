import assert from 'node:assert/strict';
import { StudioClient } from '../../src/api';
import { inputJsonSchema } from '../../src/tools/definition';
import { MAX_ROWS } from '../../src/tools/paging';
import { runTool } from '../../src/tools/runTool';
import { MAX_RESULT_CHARS } from '../../src/tools/safeResult';
import { TOOLS, toolNamed } from '../../src/tools/table';
import { startEmulator, type Emulator } from '../emulator';
import { toolContext } from './helpers/toolContext';
import { localizedManifest } from './helpers/manifest';

const TOKEN = 'tok-tools-4f9a1c7e2b';

/** The fields of tool answers these tests read. */
interface Answered {
  count: number;
  items: Array<{ id: string }>;
  nextCursor?: string;
  more: string;
  name?: string;
  broadcastTo: { rtmp: string };
}

async function call(name: string, input: unknown, context: ReturnType<typeof toolContext>): Promise<{ text: string; isError: boolean; json: Answered }> {
  const tool = toolNamed(name);
  assert.ok(tool, name);
  const answer = await runTool(tool, input, context);
  let json = {} as Answered;
  try {
    json = JSON.parse(answer.text) as Answered;
  } catch {
    // an error's text: no JSON
  }
  return { ...answer, json };
}

// The assistant tools (src/tools) over real HTTP: answers, pages, input checks, and no secret in any result.
describe('assistant tools: one table, bounded and redacted results (real HTTP)', () => {
  let emu: Emulator;
  let client: StudioClient;
  let context: ReturnType<typeof toolContext>;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20 });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'tools-test', retry: { maxRetries: 0 } });
    context = toolContext(client, TOKEN, emu.apiUrl);
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  it('the table: unique names and reference names, object schemas, descriptions; nothing destructive', () => {
    assert.equal(new Set(TOOLS.map((tool) => tool.name)).size, TOOLS.length);
    assert.equal(new Set(TOOLS.map((tool) => tool.toolReferenceName)).size, TOOLS.length);
    for (const tool of TOOLS) {
      assert.match(tool.name, /^livepeer_[a-z_]+$/);
      assert.equal(inputJsonSchema(tool).type, 'object', tool.name);
      assert.ok(tool.modelDescription.length > 60, tool.name);
      assert.equal(tool.kind === 'change', typeof tool.describeChange === 'function', tool.name);
      assert.doesNotMatch(tool.name, /delete|remove|disable|terminate|suspend/);
    }
  });

  it('package.json contributes exactly the table: names, reference names, texts, and the input schemas generated from the zod declarations (so the two never drift)', () => {
    const contributed = localizedManifest().contributes.languageModelTools.map(({ icon: _icon, tags, canBeReferencedInPrompt, inputSchema, ...tool }) => {
      assert.deepEqual([tags, canBeReferencedInPrompt], [['livepeer'], true]);
      const declared = TOOLS.find((candidate) => candidate.name === tool.name);
      assert.ok(declared, `${String(tool.name)} is in src/tools/table.ts`);
      assert.deepEqual(inputSchema, inputJsonSchema(declared), `${declared.name}: package.json's inputSchema is not the one its declaration makes: run npm run build to regenerate it`);
      return tool;
    });
    const table = TOOLS.map(({ name, toolReferenceName, displayName, userDescription, modelDescription }) => ({ name, toolReferenceName, displayName, userDescription, modelDescription }));
    assert.deepEqual(contributed, table);
  });

  it('a 10,000-stream account: a page of the asked size with a count and the cursor of the next, bounded in size', async () => {
    for (let i = 0; i < 10_000; i++) emu.store.addStream({ name: `stream ${i} ${'x'.repeat(40)}` });
    const first = await call('livepeer_list_streams', {}, context);
    assert.equal(first.isError, false, first.text);
    assert.equal(first.json.count, 20);
    assert.ok(first.json.nextCursor);
    assert.match(first.json.more, /call again with cursor/);
    assert.ok(first.text.length < MAX_RESULT_CHARS);
    const most = await call('livepeer_list_streams', { limit: MAX_ROWS, cursor: first.json.nextCursor }, context);
    assert.equal(most.json.count, MAX_ROWS);
    assert.ok(most.text.length < MAX_RESULT_CHARS);
    const ids = new Set([...first.json.items, ...most.json.items].map((row) => row.id));
    assert.equal(ids.size, 20 + MAX_ROWS, 'the next page goes on where the first ended');
    const tooMany = await call('livepeer_list_streams', { limit: 10_000 }, context);
    assert.equal(tooMany.isError, true);
    assert.match(tooMany.text, /limit must be at most 50/);
  });

  it('a 10,000-asset account, filtered by phase: a bounded page', async () => {
    for (let i = 0; i < 10_000; i++) emu.store.addAsset({ name: `asset ${i}` });
    const page = await call('livepeer_list_assets', { phase: 'ready', limit: 5 }, context);
    assert.equal(page.isError, false, page.text);
    assert.ok(page.json.count <= 5);
  });

  it('a stream: its state, broadcast addresses with a placeholder, never its key', async () => {
    const stream = emu.store.addStream({ name: 'demo', record: true });
    const answer = await call('livepeer_get_stream', { streamId: stream.id }, context);
    assert.equal(answer.isError, false, answer.text);
    assert.equal(answer.json.name, 'demo');
    assert.match(answer.json.broadcastTo.rtmp, /\/\{streamKey\}$/);
    assert.ok(!answer.text.includes(stream.streamKey ?? '?'));
  });

  it('input is checked against its declaration before use: missing, unknown and mistyped fields are short errors naming the field; no request is sent', async () => {
    const wrong: Array<[string, unknown, RegExp]> = [
      ['livepeer_get_stream', {}, /^livepeer_get_stream failed: streamId is required$/],
      ['livepeer_get_stream', { streamId: '   ' }, /streamId must not be empty/],
      ['livepeer_list_streams', { colour: 'red' }, /unknown input colour: this tool takes name, isActive, record, limit, cursor$/],
      ['livepeer_list_streams', { limit: 2.5 }, /limit must be an integer/],
      ['livepeer_list_streams', 'all of them', /the input must be an object/],
      ['livepeer_list_assets', { phase: 'done' }, /phase must be one of: waiting, processing, ready, failed/],
      ['livepeer_viewership', { playbackId: 'p', days: 365 }, /days must be at most 90$/],
      ['livepeer_create_stream', { name: 'x'.repeat(201), playback: 'private' }, /name must be at most 200 characters; playback must be one of: public, jwt$/],
      ['livepeer_create_clip', { streamId: 's', lastSeconds: '10' }, /lastSeconds must be a number/],
    ];
    for (const [name, input, expected] of wrong) {
      const answer = await call(name, input, context);
      assert.equal(answer.isError, true, name);
      assert.match(answer.text, expected, name);
    }
    assert.deepEqual(emu.requests.filter((request) => request.origin === 'api' && !request.url.startsWith('/api/webhook')), [], 'nothing was asked of the service');
  });

  it('ids and names as models send them (padded, optional fields as null): trimmed and left out, then used', async () => {
    const stream = emu.store.addStream({ name: 'padded' });
    const found = await call('livepeer_get_stream', { streamId: ` ${stream.id}\n` }, context);
    assert.equal(found.isError, false, found.text);
    assert.equal(found.json.name, 'padded');
    const created = await call('livepeer_create_stream', { name: '  spaced out  ', record: null, playback: null }, context);
    assert.equal(created.isError, false, created.text);
    assert.ok([...emu.store.streams.values()].some((made) => made.name === 'spaced out' && !made.record && made.playbackPolicy?.type !== 'jwt'), 'made as named, with the defaults');
  });

  it('a hostile service echoing every secret into every answer and error: no secret in any result', async () => {
    const webhook = emu.webhooks.add({ name: 'hook', url: 'https://example.com/hook', events: ['stream.started'], sharedSecret: 'whsec-never-shown-81f2c9' });
    const stream = emu.store.addStream({ name: 'unseen' });
    emu.store.startSession(stream, { createdAt: Date.now() - 60_000 });
    const { key, privateKey } = emu.store.createSigningKey({ name: 'issued' });
    context.kept.set(key.id, privateKey);
    const secrets = (): string[] => [TOKEN, ...[...emu.store.streams.values()].map((s) => s.streamKey ?? ''), ...[...emu.webhooks.webhooks.values()].map((w) => w.sharedSecret ?? ''), ...emu.store.issuedPrivateKeys];
    emu.faults.echoSecrets({ origin: 'api', path: /./, times: Infinity, secrets });
    const inputs: Record<string, unknown> = {
      livepeer_get_stream: { streamId: stream.id },
      livepeer_get_asset: { assetId: 'missing-asset' },
      livepeer_list_webhook_deliveries: { webhookId: webhook.id },
      livepeer_check_playback_access: { playbackId: stream.playbackId, keyId: key.id },
      livepeer_viewership: { playbackId: stream.playbackId },
      livepeer_create_stream: { name: 'made by the assistant' },
      livepeer_sign_playback_token: { playbackId: stream.playbackId, keyId: key.id },
      livepeer_create_signing_key: { name: 'new' },
      livepeer_resend_webhook_delivery: { webhookId: webhook.id, deliveryId: 'missing' },
      livepeer_upload_file: { path: 'clip.mp4' },
      livepeer_why_not_ready: { assetId: emu.store.addAsset({ name: 'stuck' }).id },
      livepeer_import_from_url: { url: 'http://127.0.0.1:9/talk.mp4', name: 'imported' },
      livepeer_create_clip: { streamId: stream.id, lastSeconds: 10 },
    };
    for (const tool of TOOLS) {
      const answer = await runTool(tool, inputs[tool.name] ?? {}, context);
      for (const secret of secrets()) assert.ok(!answer.text.includes(secret), `${tool.name} answered a secret: ${answer.text.slice(0, 400)}`);
    }
    assert.ok(emu.store.issuedPrivateKeys.length >= 2, 'a key was created: its private key is echoed too');
  });
});
