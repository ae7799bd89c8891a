import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHUNK_SIZE_MIB, TUS_PART_MIB } from '../../src/upload';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
const properties = manifest.contributes.configuration.properties;

describe('extension manifest', () => {
  it('offers the engine’s default tus chunk size as the setting’s default', () => {
    assert.equal(properties['livepeer.upload.chunkSizeMiB'].default, DEFAULT_CHUNK_SIZE_MIB);
  });

  it('lets the chunk size setting take only whole multiples of the 8 MiB parts the engine rounds to', () => {
    const chunk = properties['livepeer.upload.chunkSizeMiB'];
    assert.equal(chunk.minimum, TUS_PART_MIB);
    assert.equal(chunk.multipleOf, TUS_PART_MIB);
    assert.equal(chunk.maximum % TUS_PART_MIB, 0);
    assert.match(chunk.markdownDescription, /multiple of 8.*8 MiB parts/);
  });

  it('puts every command under the Livepeer category and activates on nothing broader than views and commands', () => {
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'Livepeer', command.command);
    assert.ok(!(manifest.activationEvents ?? []).some((event: string) => event === '*' || event === 'onStartupFinished'));
  });
});
