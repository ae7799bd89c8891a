import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Stream } from '../../src/api';
import { answer, assertAllAnswered, client, emulator, signIn, type PromptRequest } from './harness';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;

describe('Edit Stream… (renditions)', function () {
  this.timeout(60_000);
  let stream: Stream;

  before(async () => {
    await signIn();
    stream = await client().streams.create({ name: 'Ladder Show', record: true });
  });

  afterEach(() => assertAllAnswered());

  it('offers the presets 240p–1080p with the current ladder ticked, and stores the picked ladder and recording renditions', async () => {
    answer(
      (request) => (request as Pick).items.find((item) => item.label === 'Renditions…'),
      (request) => {
        const items = (request as Pick).items;
        assert.deepEqual(items.map((item) => item.label), ['240p0', '360p0', '480p0', '720p0', '1080p0']);
        assert.deepEqual(items.filter((item) => item.picked).map((item) => item.label), ['240p0', '360p0', '480p0', '720p0'], 'the default ladder is ticked');
        assert.equal(items[4]?.description, '1920×1080 · 6 Mbit/s');
        return items.filter((item) => ['360p0', '1080p0'].includes(item.label));
      },
    );
    await vscode.commands.executeCommand('livepeer.streams.edit', stream);
    assert.deepEqual(emulator.store.streams.get(stream.id)?.profiles?.map((p) => p.name), ['360p0', '1080p0']);
    answer(
      (request) => (request as Pick).items.find((item) => item.label === 'Recording Renditions…'),
      (request) => {
        const items = (request as Pick).items;
        assert.deepEqual(items.map((item) => item.label), ['360p0', '1080p0'], 'the stream’s own renditions');
        return items.filter((item) => item.label === '1080p0');
      },
    );
    await vscode.commands.executeCommand('livepeer.streams.edit', stream);
    assert.deepEqual(emulator.store.streams.get(stream.id)?.recordingSpec?.profiles?.map((p) => p.name), ['1080p0']);
  });
});
