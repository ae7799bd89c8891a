import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { Stream } from '../../src/api';
import { answer, asked, assertAllAnswered, client, emulator, eventually, logLines, signIn, view, type PromptRequest, type Row } from './harness';
import { refreshStreams } from './streamRows';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;

const KEY = 'yt-7xq2-9kpm-ab12-zzq8';
const URL_1 = `rtmp://a.rtmp.youtube.com:1935/live2/${KEY}`;
const KEY_2 = 'live_998877_TwItChSeCrEt01';
const URL_2 = `rtmps://live.twitch.tv:443/app/${KEY_2}`;
const KEY_3 = 'NamedAfterItsKey_4455667788';
const URL_3 = `rtmp://ingest.example.com:1935/live/${KEY_3}`;

/** Answers the password box with `url`, checking it is one. */
const secretInput = (url: string) => (request: PromptRequest) => {
  assert.equal(request.kind, 'input');
  assert.equal(request.options.password, true, 'the URL is typed into a password box');
  assert.equal(request.options.validateInput?.('http://x/y'), 'a target URL starts with rtmp://, rtmps:// or srt:// (lower case)');
  return url;
};
const nameInput = (expected: string | undefined, value: string) => (request: PromptRequest) => {
  assert.equal(request.kind, 'input');
  assert.equal(request.options.value, expected);
  return value;
};
const choose = (label: string) => (request: PromptRequest) => {
  assert.equal(request.kind, 'pick');
  const item = request.items.find((i) => i.label === label);
  assert.ok(item, `${label} offered among ${request.items.map((i) => i.label).join(', ')}`);
  return item;
};

describe('Multistream targets', function () {
  this.timeout(60_000);
  let stream: Stream;

  async function streamRow(): Promise<Row> {
    await refreshStreams();
    const row = (await view('streams').rows()).find((r) => String(r.contextValue).startsWith('stream ') && r.item.id === stream.id);
    assert.ok(row, 'the stream is listed');
    return row;
  }

  async function targetRowsOfStream(): Promise<Row[]> {
    const row = await streamRow();
    return (await view('streams').rows(row)).filter((item) => String(item.contextValue).startsWith('streamTarget'));
  }

  const targetRows = () => view('multistreamTargets').rows();

  before(async () => {
    await signIn();
    stream = await client().streams.create({ name: 'Restream Show' });
  });

  afterEach(() => assertAllAnswered());

  it('creates a target from a URL typed into a password box; the list says on and the host, never the key', async () => {
    answer(secretInput(URL_1), nameInput('a.rtmp.youtube.com:1935', 'YouTube'));
    await vscode.commands.executeCommand('livepeer.multistream.create');
    const rows = await eventually(async () => {
      const items = await targetRows();
      assert.deepEqual(items.map((item) => [item.label, item.description]), [['YouTube', 'on · a.rtmp.youtube.com:1935']]);
      return items;
    });
    assert.equal(rows[0]?.tooltip, '', 'built on hover, not for every row drawn');
    assert.match((await rows[0]?.hover()) ?? '', /belong to your Livepeer user, not to the project/);
    assert.equal([...emulator.multistream.targets.values()][0]?.url, URL_1, 'the service got the URL');
  });

  it('adds the target to a stream with a rendition and video only; turns it off; adds a new one; removes one', async () => {
    answer(choose('YouTube'), choose('720p0'), choose('Video only'));
    await vscode.commands.executeCommand('livepeer.multistream.addToStream', (await streamRow()).element);
    let targets = await eventually(async () => {
      const rows = await targetRowsOfStream();
      assert.deepEqual(rows.map((row) => [row.label, row.description]), [['YouTube', 'on · a.rtmp.youtube.com:1935 · 720p0 · video only']]);
      return rows;
    });
    await vscode.commands.executeCommand('livepeer.multistream.turnOff', targets[0]?.element);
    targets = await eventually(async () => {
      const rows = await targetRowsOfStream();
      assert.match(String(rows[0]?.description), /^off · /);
      return rows;
    });
    answer(choose('$(add) New Target…'), secretInput(URL_2), nameInput('live.twitch.tv:443', 'Twitch'), choose('source'), choose('Video and audio'));
    await vscode.commands.executeCommand('livepeer.multistream.addToStream', (await streamRow()).element);
    targets = await eventually(async () => {
      const rows = await targetRowsOfStream();
      assert.deepEqual(rows.map((row) => row.label), ['YouTube', 'Twitch']);
      return rows;
    });
    assert.equal(targets[1]?.description, 'on · live.twitch.tv:443 · source');
    assert.match(String(targets[1]?.tooltip), /Live status: nothing reports it\. The service tells it only as multistream\.connected/);
    await vscode.commands.executeCommand('livepeer.multistream.removeFromStream', targets[0]?.element);
    await eventually(async () => assert.deepEqual((await targetRowsOfStream()).map((row) => row.label), ['Twitch']));
    assert.equal(emulator.multistream.targets.size, 2, 'removing from a stream keeps the target');
  });

  it('deletes a target a stream uses only after a modal naming the stream, detaching it first; the stream stays changeable', async () => {
    const twitch = [...emulator.multistream.targets.values()].find((t) => t.name === 'Twitch');
    assert.ok(twitch);
    const row = (await targetRows()).find((item) => item.label === 'Twitch');
    answer((request) => {
      assert.equal(request.kind, 'message');
      const modal = request;
      assert.equal(modal.modal, true);
      assert.match(modal.detail ?? '', /removed from the streams that use it first: “?"?Restream Show/);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.multistream.delete', row?.element);
    assert.equal(emulator.multistream.targets.has(twitch.id), false);
    assert.deepEqual(emulator.store.streams.get(stream.id)?.multistream, {}, 'no dangling reference left');
    answer(choose('YouTube'), choose('source'), choose('Video and audio'));
    await vscode.commands.executeCommand('livepeer.multistream.addToStream', (await streamRow()).element);
    await eventually(async () => assert.deepEqual((await targetRowsOfStream()).map((row) => row.label), ['YouTube']));
  });

  it('keeps the keys out of every prompt, message, error, tooltip, Show Details and log line', async function () {
    // A service (or proxy) that echoes the request in its error: the error shown blanks the key.
    emulator.faults.fail({ origin: 'api', method: 'PATCH', path: /^\/api\/multistream\/target\//, status: 500, body: { errors: [`cannot reach ${URL_1}`] } });
    const youtube = (await targetRows()).find((item) => item.label === 'YouTube');
    answer(choose('New URL…'), secretInput(URL_1));
    await vscode.commands.executeCommand('livepeer.multistream.edit', youtube?.element);
    const error = await eventually(() => {
      const shown = asked.filter((r) => r.kind === 'message' && r.severity === 'error').at(-1);
      assert.ok(shown && /editing the multistream target/.test(JSON.stringify(shown)));
      return JSON.stringify(shown);
    });
    assert.ok(!error.includes(KEY), error);
    await vscode.commands.executeCommand('livepeer.streams.showDetails', (await streamRow()).element);
    const details = await eventually(() => {
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.match(text, /"multistream"/);
      return text;
    });
    const tooltips = JSON.stringify(await Promise.all([...(await targetRows()), ...(await targetRowsOfStream())].map((item) => item.hover())));
    const log = logLines().join('\n');
    assert.match(log, /POST \/multistream\/target → 201/);
    for (const [where, text] of Object.entries({ details, tooltips, log, prompts: JSON.stringify(asked) })) {
      for (const secret of [KEY, KEY_2]) assert.ok(!text.includes(secret), `no key in ${where}`);
    }
  });

  it('a target named with its URL and a stream named with its own key: rows, pickers and the Delete confirmation show them blanked', async () => {
    const ownKey = 'OwnStreamKey_0123456789';
    const keyed = emulator.store.addStream({ name: ownKey, streamKey: ownKey });
    answer(secretInput(URL_3), nameInput('ingest.example.com:1935', URL_3));
    await vscode.commands.executeCommand('livepeer.multistream.create');
    const target = [...emulator.multistream.targets.values()].find((t) => t.name === URL_3);
    assert.ok(target, 'the service holds the name as typed');
    const shown = async (items: readonly Row[]) => JSON.stringify(await Promise.all(items.map(async (item) => [item.label, item.description, await item.hover()])));
    const listed = await eventually(async () => {
      const row = (await targetRows()).find((item) => item.item.id === `target/${target.id}`);
      assert.ok(row, 'the target is listed');
      return row;
    });
    assert.equal(listed.label, '***');
    await refreshStreams();
    const streamRow = (await view('streams').rows()).find((r) => String(r.contextValue).startsWith('stream ') && r.item.id === keyed.id);
    assert.ok(streamRow, 'the key-named stream is listed');
    assert.equal(streamRow.label, '***');
    answer(
      (request) => {
        const items = (request as Pick).items as Array<vscode.QuickPickItem & { id?: string }>;
        assert.ok(!JSON.stringify(items).includes(KEY_3), 'no key in the target picker');
        return items.find((item) => item.id === target.id);
      },
      choose('source'),
      choose('Video and audio'),
    );
    await vscode.commands.executeCommand('livepeer.multistream.addToStream', streamRow.element);
    const underStream = await eventually(async () => {
      const rows = (await view('streams').rows(streamRow)).filter((item) => String(item.contextValue).startsWith('streamTarget'));
      assert.equal(rows.length, 1);
      return rows;
    });
    answer(
      (request) => {
        const items = (request as Pick).items;
        assert.ok(!JSON.stringify(items).includes(KEY_3), 'no key in the picker of Delete');
        return items.find((item) => item.detail === target.id);
      },
      (request) => {
        const modal = request as Extract<PromptRequest, { kind: 'message' }>;
        assert.equal(modal.message, 'Delete multistream target “***”?');
        assert.match(modal.detail ?? '', /removed from the streams that use it first: “\*\*\*”/);
        return undefined;
      },
    );
    await vscode.commands.executeCommand('livepeer.multistream.delete');
    const texts = (await shown([listed, streamRow, ...underStream])) + JSON.stringify(asked);
    for (const secret of [KEY_3, ownKey]) assert.ok(!texts.includes(secret), `${secret} shown: ${texts.slice(0, 2000)}`);
    assert.ok(emulator.multistream.targets.has(target.id), 'Go Back keeps it');
  });

  it("shows a target's live status from the webhook log once a webhook subscribes to multistream events, and says what reported it", async () => {
    const receiver = createServer((req, res) => (req.resume(), req.on('end', () => res.writeHead(204).end())));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pushes`;
    const webhook = emulator.webhooks.add({ name: 'Push status', url, events: ['multistream.connected', 'multistream.error', 'multistream.disconnected'] });
    const live = emulator.store.streams.get(stream.id);
    assert.ok(live);
    try {
      let rows = await targetRowsOfStream();
      // Turned off earlier in this suite: an enabled target is what a live stream pushes to.
      if (String(rows[0]?.description).startsWith('off')) await vscode.commands.executeCommand('livepeer.multistream.turnOn', rows[0]?.element);
      rows = await eventually(async () => {
        const shown = await targetRowsOfStream();
        assert.match(String(shown[0]?.description), /^on · /);
        return shown;
      });
      assert.match(String(rows[0]?.tooltip), /no multistream event about this target yet \(reported by webhook Push status\)/);
      emulator.store.startSession(live);
      rows = await eventually(async () => {
        const shown = await targetRowsOfStream();
        assert.match(String(shown[0]?.description), /^on · connected · /);
        return shown;
      });
      assert.match(String(rows[0]?.tooltip), /Live status: connected .*\(multistream\.connected, reported by webhook Push status\)/);
      emulator.store.endLiveSession(live);
      await eventually(async () => assert.match(String((await targetRowsOfStream())[0]?.description), /^on · disconnected · /));
    } finally {
      emulator.store.endLiveSession(live);
      emulator.webhooks.webhooks.delete(webhook.id);
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('the Multistream Targets view: a page with Load more… while the service has more; a load error in a row, a click retries', async () => {
    const rows = () => view('multistreamTargets').rows();
    const extra = Array.from({ length: 60 }, (_, i) => emulator.multistream.add({ url: `rtmp://paged.example.com/live/key-${i}`, name: `Paged ${i}` }, emulator.store.userId));
    try {
      await vscode.commands.executeCommand('livepeer.multistream.refresh');
      const first = await rows();
      assert.equal(first.at(-1)?.label, 'Load more…');
      assert.equal(first.at(-1)?.command?.command, 'livepeer.multistream.loadMore');
      assert.equal(first.length, 51, 'a page of 50 targets, then Load more…');
      await vscode.commands.executeCommand('livepeer.multistream.loadMore');
      const all = await rows();
      assert.equal(all.length, emulator.multistream.targets.size, 'every target, no Load more… after the last');
      assert.equal(new Set(all.map((row) => row.item.id ?? row.label)).size, all.length, 'no row twice');

      emulator.faults.fail({ origin: 'api', method: 'GET', path: /^\/api\/multistream\/target$/, status: 500, body: { errors: ['Internal server error: database down'] } });
      await vscode.commands.executeCommand('livepeer.multistream.refresh');
      const [error] = await rows();
      assert.equal(error?.label, 'Could not load multistream targets');
      assert.equal(error?.contextValue, 'loadError');
      assert.equal(error?.description, 'service error HTTP 500: Internal server error: database down: try again later');
      await vscode.commands.executeCommand('livepeer.retryLoad', error?.element);
      await eventually(async () => assert.equal((await rows()).length, 51, 'the first page again'));
    } finally {
      emulator.faults.clear();
      for (const target of extra) emulator.multistream.targets.delete(target.id);
      await vscode.commands.executeCommand('livepeer.multistream.refresh');
    }
  });
});
