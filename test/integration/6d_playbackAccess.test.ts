import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { FromWebview, ToWebview } from '../../src/ui/player/playerMessages';
import type { StreamItem } from '../../src/ui/streams/streamItem';
import { answer, assertAllAnswered, emulator, eventually, lastMessage, signIn, view, webviewMessagesFromNow, type PromptRequest } from './harness';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;
type Input = Extract<PromptRequest, { kind: 'input' }>;
type Message = Extract<PromptRequest, { kind: 'message' }>;

/** A local access-control handler answering `status`, counting what it was sent. */
export async function accessHandler(): Promise<{ url: string; status: number; keys: string[]; close(): Promise<void> }> {
  const handler = { url: '', status: 403, keys: [] as string[], close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      handler.keys.push(String((JSON.parse(body || '{}') as { accessKey?: unknown }).accessKey));
      res.writeHead(handler.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  handler.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/access`;
  handler.close = () => new Promise((resolve) => server.close(() => resolve()));
  return handler;
}

async function streamRow(id: string): Promise<StreamItem> {
  await vscode.commands.executeCommand('livepeer.streams.refresh');
  const row = (await view('streams').rows()).find((r) => (r.element as Partial<StreamItem>).stream?.id === id);
  assert.ok(row, 'the stream is listed');
  return row.element as StreamItem;
}

describe('Playback Access… and Test Access Webhook…', function () {
  this.timeout(60_000);

  before(signIn);
  afterEach(() => assertAllAnswered());

  it('switches a stream to a webhook policy only when confirmed (Go Back is the default), saying what breaks; Test Access Webhook shows allow and deny', async () => {
    const handler = await accessHandler();
    const webhook = emulator.webhooks.add({ name: 'Access handler', url: handler.url, events: ['playback.accessControl'], sharedSecret: 'access-secret-6d' });
    const stream = emulator.store.addStream({ name: 'Members Only' });
    try {
      const row = await streamRow(stream.id);
      const choose = (label: string) => (request: PromptRequest) => (request as Pick).items.find((item) => item.label === label);
      const steps = (confirm: (request: PromptRequest) => unknown) => [
        (request: PromptRequest) => {
          assert.deepEqual((request as Pick).items.map((item) => [item.label, item.description]), [
            ['Public', 'current'],
            ['Signed (JWT)', undefined],
            ['Access-Control Webhook…', undefined],
            ['Allowed Origins Only…', 'any origin'],
          ]);
          assert.ok((request as Pick).items.every((item) => item.detail), 'each choice says what it means');
          return choose('Access-Control Webhook…')(request);
        },
        (request: PromptRequest) => {
          assert.match(String((request as Pick).options.title), /^Livepeer: Playback Access of ["“]Members Only["”]$/, 'the webhook step keeps the title');
          return choose('Access handler')(request);
        },
        (request: PromptRequest) => {
          assert.equal((request as Input).options.validateInput?.('[1]'), 'A JSON object, e.g. {"plan": "pro"}');
          return '{"plan":"pro"}';
        },
        () => '',
        (request: PromptRequest) => {
          assert.match((request as Input).options.validateInput?.('https://app.example.com/page') as string, /is not an origin/);
          return '';
        },
        confirm,
      ];
      answer(
        ...steps((request) => {
          const { modal, message, detail, actions } = request as Message;
          assert.ok(modal);
          assert.match(message, /Make “Members Only” access-control webhook\?/);
          assert.match(detail ?? '', /Existing embeds and shared links stop playing until they pass an access key/);
          assert.deepEqual(actions, ['Go Back', 'Change Access'], 'Go Back first: what Enter gives');
          return undefined;
        }),
      );
      await vscode.commands.executeCommand('livepeer.access.playbackAccess', row);
      assert.equal(emulator.store.streams.get(stream.id)?.playbackPolicy, undefined, 'the safe answer changed nothing');

      answer(...steps(() => 'Change Access'));
      await vscode.commands.executeCommand('livepeer.access.playbackAccess', row);
      assert.deepEqual(emulator.store.streams.get(stream.id)?.playbackPolicy, { type: 'webhook', webhookId: webhook.id, webhookContext: { plan: 'pro' } });

      const gated = await streamRow(stream.id);
      for (const [status, pattern] of [
        [403, /denied: the handler answered 403 \(not 2xx\), so the gate answers 403/],
        [200, /allowed: the handler answered 200, so the gate lets the viewer play/],
      ] as const) {
        handler.status = status;
        answer((request) => {
          assert.equal((request as Input).options.password, true, 'the access key is typed in a password box');
          return `viewer-${status}`;
        });
        await vscode.commands.executeCommand('livepeer.access.testWebhook', gated);
        assert.ok(lastMessage(pattern), `shown: ${String(pattern)}`);
        assert.equal(handler.keys.at(-1), `viewer-${status}`);
      }
    } finally {
      emulator.webhooks.webhooks.delete(webhook.id);
      await handler.close();
    }
  });

  it('the player asks for an access key for a webhook-gated live stream, says why the edge refuses it, and plays once the handler allows (or with the key from the setting)', async () => {
    const handler = await accessHandler();
    const webhook = emulator.webhooks.add({ name: 'Player access', url: handler.url, events: ['playback.accessControl'] });
    const stream = emulator.store.addStream({ name: 'Gated live', playbackPolicy: { type: 'webhook', webhookId: webhook.id } });
    emulator.store.startSession(stream);
    const player = webviewMessagesFromNow('livepeer.player');
    const posted = () => player.posted() as ToWebview[];
    const reports = () => player.received() as FromWebview[];
    const config = vscode.workspace.getConfiguration('livepeer');
    try {
      const typed = (key: string) => (request: PromptRequest) => {
        assert.equal((request as Input).options.password, true);
        return key;
      };
      answer(typed('refused-key'));
      await vscode.commands.executeCommand('livepeer.player.play', stream.playbackId);
      await eventually(() => {
        const status = posted().filter((m): m is Extract<ToWebview, { type: 'status' }> => m.type === 'status').at(-1);
        assert.match(status?.text ?? '', /The playback edge refused \w+: refused by the access gate: Content is gated and corresponding webhook failed/);
      });
      assert.deepEqual(handler.keys, ['refused-key']);

      handler.status = 200;
      answer(typed('member-key'));
      await vscode.commands.executeCommand('livepeer.player.play', stream.playbackId);
      await eventually(() => assert.ok(reports().filter((r) => r.type === 'state' && r.state === 'playing').length >= 2, 'plays'), 45_000);
      const load = posted().filter((m): m is Extract<ToWebview, { type: 'load' }> => m.type === 'load').at(-1);
      assert.equal(new URL(load?.source.url ?? '').searchParams.get('accessKey'), 'member-key');
      assert.ok(handler.keys.includes('member-key'));

      await config.update('player.accessKeys', { [stream.playbackId ?? '']: 'setting-key' }, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('livepeer.player.play', stream.playbackId);
      await eventually(() => assert.equal(handler.keys.at(-1), 'setting-key'), 20_000);
    } finally {
      await config.update('player.accessKeys', undefined, vscode.ConfigurationTarget.Global);
      emulator.store.endLiveSession(stream);
      emulator.webhooks.webhooks.delete(webhook.id);
      await handler.close();
    }
  });
});
