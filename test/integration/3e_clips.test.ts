import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PromptRequest } from '../../src/ui/common/prompts';
import type { StreamItem } from '../../src/ui/streams/streamItem';
import { answer, api, asked, assertAllAnswered, emulator, eventually, signIn } from './harness';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;
type Input = Extract<PromptRequest, { kind: 'input' }>;

describe('Create Clip…', function () {
  this.timeout(60_000);

  before(signIn);
  afterEach(() => assertAllAnswered());

  it('clips the last 30 s of a session from its row; the clip appears in Assets and becomes ready', async () => {
    const stream = emulator.store.addStream({ name: 'Clip Show' });
    const session = emulator.store.startSession(stream, { createdAt: Date.now() - 180_000, sourceSegmentsDuration: 180 });
    emulator.store.endLiveSession(stream);
    await api.streams.refresh();
    const row = ((await api.streams.getChildren()) ?? []).find((r) => 'stream' in r && (r as StreamItem).stream.id === stream.id);
    assert.ok(row, 'the stream is listed');
    const sessionRow = ((await api.streams.getChildren(row)) ?? []).find((r) => String(r.contextValue).startsWith('session'));
    assert.ok(sessionRow, 'its session is listed');
    answer(
      (request) => {
        const items = (request as Pick).items.map((item) => item.label);
        assert.deepEqual(items, ['Last 30 seconds', 'Last 2 minutes', 'Choose Start and End…']);
        return (request as Pick).items[0];
      },
      (request) => {
        assert.equal((request as Input).options.value, 'Clip Show 2:30–3:00');
        return 'Goal';
      },
    );
    await vscode.commands.executeCommand('livepeer.streams.createClip', sessionRow);
    const clip = [...emulator.store.assets.values()].find((asset) => asset.source.type === 'clip');
    assert.ok(clip, 'the service got the clip');
    assert.deepEqual(clip.source, { type: 'clip', playbackId: stream.playbackId, sessionId: session.id });
    await eventually(async () => {
      const labels = ((await api.assets.getChildren()) ?? []).map((item) => String(item.label));
      assert.ok(labels.includes('Goal'), `Goal among ${labels.join(', ')}`);
    });
    await eventually(() => assert.equal(emulator.store.assets.get(clip.id)?.status.phase, 'ready'));
    // Its end is said once, as an import's is.
    await eventually(() => assert.equal(asked.filter((r) => r.kind === 'message' && /clip “Goal” is ready/.test(r.message)).length, 1));
  });

  it('from the palette: a stream, its session, times typed as mm:ss (a wrong one refused in the box)', async () => {
    const stream = emulator.store.addStream({ name: 'Palette Clip' });
    const session = emulator.store.startSession(stream, { createdAt: Date.now() - 300_000, sourceSegmentsDuration: 300 });
    emulator.store.endLiveSession(stream);
    await api.streams.refresh();
    answer(
      (request) => (request as Pick).items.find((item) => item.label === 'Palette Clip'),
      (request) => (request as Pick).items[0],
      (request) => (request as Pick).items.find((item) => item.label === 'Choose Start and End…'),
      (request) => {
        const validate = (request as Input).options.validateInput;
        assert.equal(validate?.('1:x'), 'Type a time as mm:ss, e.g. 1:30.');
        assert.equal(validate?.('9:00'), 'The session is 5:00 long.');
        return '1:00';
      },
      () => '1:45',
      () => 'Palette clip',
    );
    await vscode.commands.executeCommand('livepeer.streams.createClip');
    const clip = [...emulator.store.assets.values()].find((asset) => asset.name === 'Palette clip');
    assert.ok(clip);
    assert.equal(clip.source.sessionId, session.id);
  });

  it('lists a stream\'s clips under its Clips row and a session\'s under the session row; a clip follows its task to ready, plays and shows in Assets', async () => {
    const stream = emulator.store.addStream({ name: 'Clips Listed' });
    const session = emulator.store.startSession(stream, { createdAt: Date.now() - 120_000, sourceSegmentsDuration: 120 });
    emulator.store.endLiveSession(stream);
    const other = emulator.store.startSession(stream, { createdAt: Date.now() - 60_000, sourceSegmentsDuration: 60 });
    emulator.store.endLiveSession(stream);
    const start = Number(session.createdAt);
    const { asset } = await api.session.client().clips.create({ playbackId: String(stream.playbackId), sessionId: session.id, startTime: start + 10_000, endTime: start + 40_000, name: 'Replay' });
    await api.streams.refresh();
    const row = ((await api.streams.getChildren()) ?? []).find((r) => 'stream' in r && (r as StreamItem).stream.id === stream.id);
    assert.ok(row, 'the stream is listed');
    const children = (await api.streams.getChildren(row)) ?? [];
    const clipsRow = children.find((r) => r.contextValue === 'clips');
    assert.ok(clipsRow, `a Clips row among ${children.map((r) => r.label).join(', ')}`);
    const [clipRow, ...more] = (await api.streams.getChildren(clipsRow)) ?? [];
    assert.equal(more.length, 0);
    assert.equal(clipRow?.label, 'Replay');
    assert.match(String(clipRow.contextValue), /^clip (waiting|processing)$/, 'listed while processing');
    const sessionRows = children.filter((r) => String(r.contextValue).startsWith('session'));
    const byId = (id: string) => sessionRows.find((r) => String(r.id).endsWith(`/${id}`));
    const underSession = (await api.streams.getChildren(byId(session.id))) ?? [];
    assert.deepEqual(underSession.map((r) => r.label), ['Replay']);
    assert.notEqual(underSession[0]?.id, clipRow.id, 'one tree: ids of their own');
    assert.deepEqual(((await api.streams.getChildren(byId(other.id))) ?? []).map((r) => r.label), ['No clips of this session yet']);

    // The same row follows the clip's task: no refresh of the view.
    await eventually(() => assert.equal(clipRow.contextValue, 'clip ready'), 30_000);
    const posted: Array<{ type?: string; source?: { url?: string } }> = [];
    const listening = api.player.onDidPost((message) => posted.push(message as (typeof posted)[number]));
    try {
      await vscode.commands.executeCommand('livepeer.player.play', clipRow);
      await eventually(() => assert.ok(posted.some((m) => m.type === 'load' && m.source?.url?.includes(String(asset.playbackId))), 'the clip plays'));
    } finally {
      listening.dispose();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
    await vscode.commands.executeCommand('livepeer.assets.reveal', clipRow);
    await eventually(() => assert.deepEqual((api.assetsTree.selection as Array<{ asset?: { id: string } }>).map((item) => item.asset?.id), [asset.id]));
  });
});
