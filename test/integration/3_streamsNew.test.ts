import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EmulatorStream } from '../emulator';
import { answer, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn, view, type Message } from './harness';
import { clipboard, keepTicked, pickLabel, row, streamNamed, top, type Pick } from './streamRows';

// Goes on from the Streams view suites (3_streams, 3_streamsFilters): their streams, “studio-a” live.
describe('Streams view: create, copy and show', () => {
  let studio: EmulatorStream;

  before(async () => {
    await signIn();
    studio = streamNamed('studio-a');
  });

  afterEach(() => assertAllAnswered());

  it('creates a stream (name, recording, signed playback) and offers to copy its stream key', async () => {
    answer(
      (request) => {
        assert.equal(request.kind, 'input');
        return 'launch';
      },
      pickLabel('Recording on'),
      pickLabel('Signed playback'),
      keepTicked,
    );
    clickNotification(/stream “launch” created/, 'Copy Stream Key');
    await vscode.commands.executeCommand('livepeer.streams.create');
    const created = [...emulator.store.streams.values()].find((s) => s.name === 'launch');
    assert.ok(created);
    assert.deepEqual([created.record, created.playbackPolicy?.type], [true, 'jwt']);
    assert.deepEqual(lastMessage(/created/)?.actions, ['Copy Stream Key', 'Copy RTMP URL']);
    await eventually(async () => assert.equal(await clipboard(), created.streamKey));
    assert.equal((await top())[0]?.label, 'launch', 'the new stream shows at the top, though the service lists it last (never seen)');
    await eventually(() => assert.equal((view('streams').tree?.selection[0] as vscode.TreeItem | undefined)?.id, created.id, 'revealed and selected'));
    assert.match(lastMessage(/created/)?.message ?? '', /its row has the copy actions/);

    answer(() => 'second', pickLabel('Recording off'), pickLabel('Public playback'), keepTicked);
    clickNotification(/stream “second” created/, 'Copy RTMP URL');
    await vscode.commands.executeCommand('livepeer.streams.create');
    const second = [...emulator.store.streams.values()].find((s) => s.name === 'second');
    await eventually(async () => assert.equal(await clipboard(), `rtmp://127.0.0.1/live/${second?.streamKey}`));
  });

  it('Create Stream asks the renditions with the ladder of Edit Stream…: the service default ticked (Enter keeps it), a picked ladder is sent', async () => {
    const names = (profiles?: Array<{ name: string }>) => profiles?.map((profile) => profile.name);
    answer(() => 'ladder kept', pickLabel('Recording off'), pickLabel('Public playback'), (request) => {
      assert.equal((request as Pick).options.title, 'Livepeer: Create Stream (4/4)');
      assert.equal((request as Pick).options.canPickMany, true);
      assert.deepEqual((request as Pick).items.map((i) => i.label), ['240p0', '360p0', '480p0', '720p0', '1080p0'], 'the presets of Edit Stream…');
      return keepTicked(request);
    });
    await vscode.commands.executeCommand('livepeer.streams.create');
    const kept = [...emulator.store.streams.values()].find((s) => s.name === 'ladder kept');
    assert.deepEqual(names(kept?.profiles), ['240p0', '360p0', '480p0', '720p0'], "the service's default");

    answer(() => 'ladder picked', pickLabel('Recording off'), pickLabel('Public playback'), (request) => (request as Pick).items.filter((i) => ['360p0', '1080p0'].includes(i.label)));
    await vscode.commands.executeCommand('livepeer.streams.create');
    const picked = [...emulator.store.streams.values()].find((s) => s.name === 'ladder picked');
    assert.deepEqual(names(picked?.profiles), ['360p0', '1080p0']);
  });

  it('a 300-character name is shortened on the row and in the messages, so what follows it stays in sight', async () => {
    const long = `Main stage ${'very long name '.repeat(20)}`.slice(0, 300);
    answer(() => long, pickLabel('Recording off'), pickLabel('Public playback'), keepTicked);
    await vscode.commands.executeCommand('livepeer.streams.create');
    const created = [...emulator.store.streams.values()].find((s) => s.name === long);
    assert.ok(created);
    const message = lastMessage(/created/)?.message ?? '';
    assert.ok(message.length < 200, `a short notification: ${message}`);
    assert.match(message, /^Livepeer: stream “Main stage very long name [^”]{0,40}…” created\. Broadcast to it/);
    const shown = await eventually(async () => {
      const found = (await top()).find((i) => i.item.id === created.id);
      assert.ok(found);
      return found;
    });
    assert.ok(String(shown.label).length <= 48 && String(shown.label).endsWith('…'), String(shown.label));
    assert.equal(shown.description, 'never seen', 'the state is still there to read');
    answer((request) => {
      assert.ok((request as Message).message.length < 120, (request as Message).message);
      return 'Delete';
    });
    await vscode.commands.executeCommand('livepeer.streams.delete', shown.element);
    assert.ok(!(await top()).some((i) => i.item.id === created.id));
  });

  it('copies RTMP and SRT addresses from GET /ingest, and the hosted ones when it fails', async () => {
    const studioRow = await row('studio-a');
    await vscode.commands.executeCommand('livepeer.streams.copyRtmpUrl', studioRow.element);
    assert.equal(await clipboard(), 'rtmp://127.0.0.1/live/abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copySrtUrl', studioRow.element);
    assert.equal(await clipboard(), 'srt://127.0.0.1:2935?streamid=abcd-1111-2222-3333');
    emulator.faults.fail({ origin: 'api', path: /^\/api\/ingest/, status: 500, times: 10 });
    await vscode.commands.executeCommand('livepeer.streams.copySrtUrl', studioRow.element);
    assert.equal(await clipboard(), 'srt://rtmp.livepeer.com:2935?streamid=abcd-1111-2222-3333');
    await vscode.commands.executeCommand('livepeer.streams.copyRtmpUrl', studioRow.element);
    assert.equal(await clipboard(), 'rtmp://rtmp.livepeer.com/live/abcd-1111-2222-3333');
    emulator.faults.clear();
  });

  it('copies the HLS or WebRTC playback URL (from GET /playback), saying when playback is signed', async () => {
    answer(
      pickLabel('WebRTC (H264)', (request) => {
        assert.deepEqual(request.items.map((i) => i.label), ['HLS (TS)', 'WebRTC (H264)']);
        assert.match(request.options.placeHolder ?? '', /signed playback/);
      }),
    );
    await vscode.commands.executeCommand('livepeer.streams.copyPlaybackUrl', (await row('studio-a')).element);
    assert.equal(await clipboard(), `${emulator.ingestOrigin}/webrtc/${studio.playbackId}`);
  });

  it('opens the stream in Livepeer Studio', async () => {
    answer((request) => {
      assert.equal(request.kind, 'openExternal');
      assert.equal(String((request as { uri: vscode.Uri }).uri), `https://livepeer.studio/dashboard/streams/${studio.id}`);
      return true;
    });
    await vscode.commands.executeCommand('livepeer.streams.openInStudio', (await row('studio-a')).element);
  });

  it('shows details as read-only JSON without the stream key', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('livepeer.streams.showDetails', (await row('studio-a')).element);
    assert.ok(editor);
    assert.equal(editor.document.uri.scheme, 'livepeer-stream');
    assert.equal(editor.document.languageId, 'json');
    const shown = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    assert.equal(shown.id, studio.id);
    assert.equal(shown.streamKey, undefined);
    assert.ok(!editor.document.getText().includes('abcd-1111-2222-3333'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('details hide credentials nested in the stream too (a pull source with user info and a token)', async () => {
    const extra = studio as unknown as Record<string, unknown>;
    extra.pull = { source: 'rtmp://puller:hunter22@origin.example/live/cam?token=pull-secret-123' };
    try {
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>('livepeer.streams.showDetails', (await row('studio-a')).element);
      // The document of the previous test may still be open: it refreshes a moment after being shown again.
      const text = await eventually(() => {
        const current = editor.document.getText();
        assert.ok(current.includes('origin.example/live/cam'), current);
        return current;
      });
      assert.ok(!text.includes('hunter22') && !text.includes('pull-secret-123'), text);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      delete extra.pull;
    }
  });
});
