import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHUNK_SIZE_MIB } from '../../src/upload';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
const properties = manifest.contributes.configuration.properties;

describe('extension manifest', () => {
  it('offers the engine’s default tus chunk size as the setting’s default', () => {
    assert.equal(properties['livepeer.upload.chunkSizeMiB'].default, DEFAULT_CHUNK_SIZE_MIB);
  });

  it('puts every command under the Livepeer category and activates on nothing broader than views and commands', () => {
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'Livepeer', command.command);
    assert.ok(!(manifest.activationEvents ?? []).some((event: string) => event === '*' || event === 'onStartupFinished'));
  });
});
