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
});
